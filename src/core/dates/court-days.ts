import { addDays, isoWeekday } from './iso-date.ts';

// Court-day counting of FRCP 6(a) (issue 41, docs/decisions/132): pure, dates as YYYY-MM-DD. Which
// days are legal holidays is not known here: the caller passes `isHoliday` (the server's reads the
// US federal holidays of date-holidays, observed days included).
//
// Rule 6(a)(1): exclude the day of the event that triggers the period, count every day (Saturdays,
// Sundays and legal holidays included), include the last day; if the last day is a Saturday, a
// Sunday or a legal holiday, the period runs until the next day that is none of them. Rule 6(a)(5):
// "next day" is counted forward for a period counted forward and backward for one counted backward
// (a deadline "90 days before trial" that lands on a Saturday is the Friday before).

/** Whether a date is a legal holiday (the court is closed). */
export type IsHoliday = (isoDate: string) => boolean;

/** Which way a period is counted from its trigger: 'after' (forward) or 'before' (backward). */
export type CountDirection = 'before' | 'after';

/** A weekday that is not a legal holiday: a day the clerk's office is open. */
export const isCourtDay = (isoDate: string, isHoliday: IsHoliday): boolean => isoWeekday(isoDate) <= 5 && !isHoliday(isoDate);

/** Guards a predicate that would say every day is a holiday: no court is closed for a year. */
const MAX_CLOSED_RUN = 366;

/** The date itself when it is a court day, else the nearest court day in `direction` ('after': later, 'before': earlier). */
export function toCourtDay(isoDate: string, direction: CountDirection, isHoliday: IsHoliday): string {
  const step = direction === 'after' ? 1 : -1;
  let day = isoDate;
  for (let i = 0; !isCourtDay(day, isHoliday); i++) {
    if (i >= MAX_CLOSED_RUN) throw new Error(`no court day within a year of ${isoDate}`);
    day = addDays(day, step);
  }
  return day;
}

export interface CountedDate {
  /** The day the count of calendar days lands on (the trigger's day not counted). */
  landed: string;
  /** The deadline: `landed`, or the next court day in the count's direction when `landed` is not one. */
  date: string;
  /** True when the deadline is not the day the count landed on. */
  moved: boolean;
}

/**
 * A period of `days` calendar days counted from `from` in `direction`, FRCP 6(a)(1) and (5): every
 * day counts, the last day is moved to the next court day forward (or the previous one backward)
 * when the court is closed on it. Zero days is the trigger's own day, moved the same way.
 */
export function countCourtPeriod(from: string, days: number, direction: CountDirection, isHoliday: IsHoliday): CountedDate {
  if (!Number.isInteger(days) || days < 0) throw new Error(`a period is a whole number of days, not ${days}`);
  const landed = addDays(from, direction === 'after' ? days : -days);
  const date = toCourtDay(landed, direction, isHoliday);
  return { landed, date, moved: date !== landed };
}

/** Why a day is not a court day, in words: 'a Saturday', 'a Sunday', or the holiday's name (else 'a legal holiday'). */
export function closedReason(isoDate: string, holidayName: (isoDate: string) => string | null): string | null {
  const weekday = isoWeekday(isoDate);
  const name = holidayName(isoDate);
  if (name) return name;
  if (weekday === 6) return 'a Saturday';
  if (weekday === 7) return 'a Sunday';
  return null;
}
