import Holidays from 'date-holidays';
import type { IsHoliday } from '../../../core/dates/court-days.ts';

// The legal holidays of FRCP 6(a)(6)(A) for a federal court: the US federal public holidays as
// date-holidays 3 lists them ('US', type 'public'), the days they are observed on included (a
// holiday on a Saturday is observed the Friday before, on a Sunday the Monday after: date-holidays
// lists those as type 'public' with `substitute: true`). Its 'observance' and 'optional' days
// (the day after Thanksgiving, Christmas Eve) are not legal holidays and are left out.

const holidays = new Holidays('US');
const byYear = new Map<number, Map<string, string>>();

function yearOf(year: number): Map<string, string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Map();
    for (const h of holidays.getHolidays(year) || []) {
      if (h.type !== 'public') continue;
      const iso = h.date.slice(0, 10);
      const name = h.substitute ? `${h.name.replace(/\s*\(substitute day\)$/i, '')} (observed)` : h.name;
      // A day that is both (New Year's Day observed on 12/31 beside New Year's Eve): the holiday's name wins.
      if (!days.has(iso)) days.set(iso, name);
    }
    byYear.set(year, days);
  }
  return days;
}

/** The federal holiday on a date, its name as date-holidays gives it ('Veterans Day', 'Independence Day (observed)'), else null. */
export const federalHolidayName = (isoDate: string): string | null => yearOf(Number(isoDate.slice(0, 4))).get(isoDate) ?? null;

/** The predicate core/dates/court-days.ts counts with. */
export const isFederalHoliday: IsHoliday = (isoDate) => federalHolidayName(isoDate) !== null;
