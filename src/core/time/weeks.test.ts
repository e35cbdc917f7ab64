import { describe, expect, it } from 'vitest';
import { emptyWeekdays, inWeek, mayDecideOn, readWeekLock, reminderWeek, timerDays, timerHours, titleKey, weekDays, weekLockMessage } from './weeks.ts';
import { weekStartOf } from '../dates/iso-date.ts';

describe('weekStartOf', () => {
  // 2026-11-23 is a Monday.
  it.each([
    ['2026-11-23', 1, '2026-11-23'], ['2026-11-29', 1, '2026-11-23'], ['2026-11-30', 1, '2026-11-30'],
    ['2026-11-29', 7, '2026-11-29'], ['2026-11-28', 7, '2026-11-22'], ['2026-11-27', 6, '2026-11-21'],
    ['2027-01-01', 1, '2026-12-28'], ['2024-03-01', 1, '2024-02-26'],
  ])('%s with weeks from day %d starts %s', (day, startsOn, start) => {
    expect(weekStartOf(day, startsOn)).toBe(start);
  });
});

describe('weekDays and inWeek', () => {
  it('lists seven days across a month end', () => {
    expect(weekDays('2026-11-30')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
  });
  it.each([['2026-11-23', true], ['2026-11-29', true], ['2026-11-30', false], ['2026-11-22', false]])('%s in week of 11/23: %s', (day, yes) => {
    expect(inWeek(day, '2026-11-23')).toBe(yes);
  });
});

describe('the lock in words', () => {
  it('names the approval day', () => {
    expect(weekLockMessage({ status: 'approved', day: '2026-12-01' }))
      .toBe('This week was approved on 12/01/2026 and can no longer be changed.');
    expect(weekLockMessage({ status: 'submitted', day: '2026-11-30' }))
      .toBe('This week was submitted on 11/30/2026. It can be changed again once it is withdrawn or rejected.');
  });
  it('reads the database message', () => {
    expect(readWeekLock('approved 2026-11-23 2026-12-01')).toEqual({ status: 'approved', weekStart: '2026-11-23', day: '2026-12-01' });
    expect(readWeekLock('something else')).toBeNull();
  });
});

describe('emptyWeekdays', () => {
  it('names weekdays without hours, never the weekend', () => {
    expect(emptyWeekdays('2026-11-23', { '2026-11-23': 8, '2026-11-25': 0, '2026-11-26': 2, '2026-11-28': 0 }))
      .toEqual(['Tuesday', 'Wednesday', 'Friday']);
    expect(emptyWeekdays('2026-11-22', {})).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
  });
});

describe('timerHours', () => {
  const min = 60_000;
  it.each([
    [0, 'up_0_1', 0.1], [1 * min, 'up_0_1', 0.1], [6 * min, 'up_0_1', 0.1], [7 * min, 'up_0_1', 0.2], [60 * min, 'up_0_1', 1],
    [61 * min, 'up_0_1', 1.1], [2 * min, 'nearest_0_1', 0.1], [8 * min, 'nearest_0_1', 0.1], [9 * min, 'nearest_0_1', 0.2],
    [93 * min, 'nearest_0_1', 1.6], [1 * min, 'up_0_25', 0.25], [15 * min, 'up_0_25', 0.25], [16 * min, 'up_0_25', 0.5],
    [30 * 60 * min, 'up_0_1', 24],
  ] as const)('%d ms rounded %s is %d h', (ms, rounding, hours) => {
    expect(timerHours(ms, rounding)).toBe(hours);
  });
});

describe('timerDays', () => {
  it('is one day, or both days past midnight in the firm zone', () => {
    const tz = 'America/New_York';
    expect(timerDays(tz, new Date('2026-11-26T14:00:00Z'), new Date('2026-11-26T20:00:00Z'))).toEqual(['2026-11-26']);
    expect(timerDays(tz, new Date('2026-11-27T03:00:00Z'), new Date('2026-11-27T06:00:00Z'))).toEqual(['2026-11-26', '2026-11-27']);
  });
});

describe('reminderWeek', () => {
  it.each([
    ['2026-11-30', 'open', '2026-11-23'], ['2026-12-02', 'rejected', '2026-11-23'], ['2026-11-30', 'submitted', null],
    ['2026-11-30', 'approved', null], ['2026-11-29', 'open', '2026-11-16'],
  ] as const)('on %s with last week %s: %s', (today, status, week) => {
    expect(reminderWeek(today, 1, status)).toBe(week);
  });
});

it('titleKey ignores case and spacing', () => {
  expect(titleKey('  Site  visit Smith ')).toBe(titleKey('site visit smith'));
});

describe('mayDecideOn (issue 38: nobody approves their own week)', () => {
  it.each([
    [{ approverId: 'a', ownerId: 'b', otherApprovers: 0 }, true],
    [{ approverId: 'a', ownerId: 'b', otherApprovers: 3 }, true],
    [{ approverId: 'a', ownerId: 'a', otherApprovers: 1 }, false],
    // A firm with one approver: their own time could never be billed otherwise.
    [{ approverId: 'a', ownerId: 'a', otherApprovers: 0 }, true],
  ])('%j → %s', (options, expected) => expect(mayDecideOn(options)).toBe(expected));
});
