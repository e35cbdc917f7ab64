import { describe, expect, it } from 'vitest';
import { addDays, firmToday, firmTodayIso, isoWeekday, localIsoDate, weekStartOf } from './iso-date.ts';

describe('addDays', () => {
  it.each([
    ['2026-11-29', 1, '2026-11-30'], ['2026-12-31', 1, '2027-01-01'], ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-08', -1, '2026-03-07'], ['2026-11-01', 0, '2026-11-01'], ['2026-01-01', -365, '2025-01-01'],
  ])('%s %+d → %s', (iso, days, out) => expect(addDays(iso, days)).toBe(out));
});

describe('weekStartOf', () => {
  it.each([
    ['2026-11-23', 1, '2026-11-23'], ['2026-11-22', 1, '2026-11-16'], ['2026-03-01', 1, '2026-02-23'],
    ['2026-11-29', 7, '2026-11-29'], ['2026-11-28', 7, '2026-11-22'], ['2026-11-28', 6, '2026-11-28'],
    ['2027-01-01', 1, '2026-12-28'],
  ])('%s, weeks from day %i → %s', (iso, startsOn, out) => expect(weekStartOf(iso, startsOn)).toBe(out));
  it('numbers weekdays 1 (Monday) to 7 (Sunday)', () => {
    expect(['2026-11-23', '2026-11-28', '2026-11-29'].map(isoWeekday)).toEqual([1, 6, 7]);
  });
});

describe('the firm\'s today', () => {
  it.each([
    // 20:00 in New York is already tomorrow in UTC; 23:30 on December 31st is still the old year.
    ['2026-11-30T01:00:00Z', 'America/New_York', '2026-11-29'],
    ['2027-01-01T04:30:00Z', 'America/New_York', '2026-12-31'],
    ['2026-11-29T16:00:00Z', 'Asia/Tokyo', '2026-11-30'],
    ['2026-11-29T23:59:59Z', 'UTC', '2026-11-29'],
  ])('%s in %s is %s', (now, zone, iso) => {
    expect(firmTodayIso(zone, new Date(now))).toBe(iso);
    expect(localIsoDate(firmToday(zone, new Date(now)))).toBe(iso);
  });
});
