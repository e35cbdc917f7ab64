import { describe, expect, it } from 'vitest';
import { closedReason, countCourtPeriod, isCourtDay, toCourtDay } from './court-days.ts';

// The US federal holidays of 2026 and early 2027 as the courts observe them (5 U.S.C. 6103; a
// holiday on a Saturday is observed the Friday before, on a Sunday the Monday after). The server's
// predicate reads them from date-holidays (src/server/features/deadlines/holidays.test.ts checks it
// gives these); here they are written out, so the counting is checked against a table by hand.
const FEDERAL: Record<string, string> = {
  '2026-01-01': "New Year's Day", '2026-01-19': 'Martin Luther King Jr. Day', '2026-02-16': "Washington's Birthday",
  '2026-05-25': 'Memorial Day', '2026-06-19': 'Juneteenth', '2026-07-03': 'Independence Day (observed)',
  '2026-07-04': 'Independence Day', '2026-09-07': 'Labor Day', '2026-10-12': 'Columbus Day', '2026-11-11': 'Veterans Day',
  '2026-11-26': 'Thanksgiving Day', '2026-12-25': 'Christmas Day', '2027-01-01': "New Year's Day", '2027-01-18': 'Martin Luther King Jr. Day',
};
const isHoliday = (iso: string) => iso in FEDERAL;
const nameOf = (iso: string) => FEDERAL[iso] ?? null;

describe('isCourtDay', () => {
  it.each([
    ['2026-11-10', true], ['2026-11-11', false], ['2026-11-12', true], ['2026-10-10', false], ['2026-10-11', false],
    ['2026-07-03', false], ['2026-11-27', true],
  ])('%s: %s', (day, open) => expect(isCourtDay(day, isHoliday)).toBe(open));
});

describe('countCourtPeriod (FRCP 6(a)), real 2026 dates', () => {
  it.each([
    // from, days, direction, lands on, deadline: why
    ['2026-10-12', 30, 'after', '2026-11-11', '2026-11-12'], // Veterans Day (Wednesday) → Thursday
    ['2027-01-08', 90, 'before', '2026-10-10', '2026-10-09'], // a Saturday, counted backward → the Friday before
    ['2027-01-10', 90, 'before', '2026-10-12', '2026-10-09'], // Columbus Day (Monday), backward past the weekend → Friday
    ['2027-01-11', 90, 'before', '2026-10-13', '2026-10-13'], // a Tuesday: stays
    ['2026-10-10', 30, 'after', '2026-11-09', '2026-11-09'], // a Monday: stays
    ['2026-10-09', 30, 'after', '2026-11-08', '2026-11-09'], // a Sunday, forward → Monday
    ['2026-12-18', 30, 'after', '2027-01-17', '2027-01-19'], // Sunday, then MLK Day (Monday) → Tuesday
    ['2026-06-03', 30, 'after', '2026-07-03', '2026-07-06'], // Independence Day observed (Friday), the weekend → Monday
    ['2026-08-03', 30, 'before', '2026-07-04', '2026-07-02'], // Independence Day (Saturday), its observed Friday → Thursday
    ['2026-10-27', 30, 'after', '2026-11-26', '2026-11-27'], // Thanksgiving → the Friday after (not a federal holiday)
    ['2026-11-25', 30, 'after', '2026-12-25', '2026-12-28'], // Christmas (Friday), the weekend → Monday
    ['2027-01-31', 30, 'before', '2027-01-01', '2026-12-31'], // New Year's Day (Friday), backward → Thursday
    ['2026-05-11', 14, 'after', '2026-05-25', '2026-05-26'], // Memorial Day → Tuesday
    ['2026-06-05', 14, 'after', '2026-06-19', '2026-06-22'], // Juneteenth (Friday), the weekend → Monday
    ['2026-09-21', 14, 'before', '2026-09-07', '2026-09-04'], // Labor Day, backward → the Friday before
    ['2026-02-02', 14, 'after', '2026-02-16', '2026-02-17'], // Washington's Birthday → Tuesday
    ['2026-11-11', 0, 'after', '2026-11-11', '2026-11-12'], // zero days: the trigger's own day, moved the same way
    ['2026-11-11', 0, 'before', '2026-11-11', '2026-11-10'],
    ['2026-11-10', 1, 'after', '2026-11-11', '2026-11-12'], // the trigger's day is not counted
  ] as const)('%s %s days %s lands on %s, the deadline is %s', (from, days, direction, landed, date) => {
    expect(countCourtPeriod(from, days, direction, isHoliday)).toEqual({ landed, date, moved: landed !== date });
  });

  it('refuses a part of a day or a negative period', () => {
    expect(() => countCourtPeriod('2026-11-10', 1.5, 'after', isHoliday)).toThrow();
    expect(() => countCourtPeriod('2026-11-10', -1, 'after', isHoliday)).toThrow();
  });

  it('stops on a predicate that closes every day', () => {
    expect(() => toCourtDay('2026-11-10', 'after', () => true)).toThrow(/no court day/);
  });
});

describe('closedReason', () => {
  it.each([
    ['2026-11-11', 'Veterans Day'], ['2026-10-10', 'a Saturday'], ['2026-10-11', 'a Sunday'],
    ['2026-07-04', 'Independence Day'], ['2026-11-12', null],
  ])('%s: %s', (day, reason) => expect(closedReason(day, nameOf)).toBe(reason));
});
