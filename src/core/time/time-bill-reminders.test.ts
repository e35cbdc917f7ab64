import { describe, expect, it } from 'vitest';
import { billReminderStep, daysPastDue, missingTimeSubject, missingTimeWeek } from './time-bill-reminders.ts';

describe('missingTimeWeek', () => {
  it.each<[string, number, number, string | null]>([
    // Monday 03/09/2026 from 9:00; weeks from Monday: the week of 03/02.
    ['2026-03-09', 9 * 60, 1, '2026-03-02'],
    ['2026-03-09', 23 * 60 + 59, 1, '2026-03-02'],
    ['2026-03-09', 8 * 60 + 59, 1, null],
    ['2026-03-10', 10 * 60, 1, null],
    ['2026-03-08', 10 * 60, 1, null],
    // Weeks from Sunday: Monday 03/09 is in the week of 03/08; the one before is 03/01–03/07.
    ['2026-03-09', 9 * 60, 7, '2026-03-01'],
    // Weeks from Saturday: 03/09 is in the week of 03/07; the one before starts 02/28.
    ['2026-03-09', 9 * 60, 6, '2026-02-28'],
    // Across a year.
    ['2027-01-04', 9 * 60, 1, '2026-12-28'],
  ])('%s at minute %s, weeks from day %s: %s', (today, minutes, startsOn, week) =>
    expect(missingTimeWeek(today, minutes, startsOn)).toBe(week));

  it('words the subject as the issue does', () => {
    expect(missingTimeSubject('2026-03-02')).toBe('Your week of 03/02/2026 is not submitted');
  });
});

describe('bill reminder steps', () => {
  it('counts whole days past due', () => {
    expect(daysPastDue('2026-03-01', '2026-03-08')).toBe(7);
    expect(daysPastDue('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysPastDue('2026-02-28', '2026-03-30')).toBe(30);
    expect(daysPastDue('2026-03-08', '2026-03-01')).toBe(-7);
  });
  it.each<[number, number[], number | null]>([
    [6, [], null],
    [7, [], 7],
    [8, [7], null],
    [30, [7], 30],
    [35, [], 30],
    [45, [30], null],
    [60, [7, 30], 60],
    [65, [], 60],
    [90, [60], null],
    [-3, [], null],
  ])('%s days past due with %j sent: %s', (days, sent, step) => expect(billReminderStep(days, sent)).toBe(step));
});
