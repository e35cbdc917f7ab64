import { describe, expect, it } from 'vitest';
import { countCourtPeriod } from '../../../core/dates/court-days.ts';
import { computeChain, type ChainStep } from '../../../core/calendar/deadlines.ts';
import { federalHolidayName, isFederalHoliday } from './holidays.ts';

// The predicate the server counts with (date-holidays 3, 'US', public holidays and their observed days).

describe('the federal holidays of date-holidays', () => {
  it('lists the eleven federal holidays of 2026 and the observed Independence Day, nothing else', () => {
    const days: string[] = [];
    for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() === 2026; d.setUTCDate(d.getUTCDate() + 1)) {
      const iso = d.toISOString().slice(0, 10);
      if (isFederalHoliday(iso)) days.push(iso);
    }
    expect(days).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-07-04',
      '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
  });

  it.each([
    ['2026-11-11', 'Veterans Day'], ['2026-07-03', 'Independence Day (observed)'], ['2027-12-24', 'Christmas Day (observed)'],
    ['2027-12-31', "New Year's Day (observed)"], ['2027-06-18', 'Juneteenth (observed)'],
    ['2026-11-27', null], ['2026-12-24', null], ['2026-04-15', null], ['2026-11-12', null],
  ])('%s: %s', (day, name) => expect(federalHolidayName(day)).toBe(name));
});

describe('counting with it', () => {
  const chain: ChainStep[] = [
    { key: 'disclosure', label: 'Expert disclosure', kind: 'expert_disclosure', source: 'rule', days: 90, direction: 'before', from: 'trigger' },
    { key: 'rebuttal', label: 'Rebuttal disclosure', kind: 'rebuttal_disclosure', source: 'rule', days: 30, direction: 'after', from: 'disclosure' },
  ];
  it.each([
    // trial, disclosure, rebuttal
    ['2027-01-08', '2026-10-09', '2026-11-09'], // 90 days before lands on Saturday 10/10 → Friday 10/9; rebuttal 11/9 (Monday)
    ['2027-01-10', '2026-10-09', '2026-11-12'], // 10/12 is Columbus Day → Friday 10/9; 30 days after 10/12 is Veterans Day → 11/12
    ['2027-01-11', '2026-10-13', '2026-11-12'],
    ['2027-01-12', '2026-10-14', '2026-11-13'],
  ])('trial %s: disclosure %s, rebuttal %s', (trial, disclosure, rebuttal) => {
    expect(computeChain(trial, chain, isFederalHoliday).map((d) => d.date)).toEqual([disclosure, rebuttal]);
  });
  it('moves a forward count off the Christmas observed on Friday 12/24/2027', () => {
    expect(countCourtPeriod('2027-11-24', 30, 'after', isFederalHoliday)).toEqual({ landed: '2027-12-24', date: '2027-12-27', moved: true });
  });
});
