import { describe, expect, it } from 'vitest';
import { customRateKey, resolveRate, type RateCodeItem } from './rates.ts';

describe('customRateKey', () => {
  it.each([
    ['Senior Consultant', 'senior_consultant_rate'],
    ['Principal', 'principal_rate'],
    ['Field  Tech II', 'field__tech_ii_rate'],
    ['Admin', 'admin_rate'],
  ])('%j → %s', (jobType, key) => {
    expect(customRateKey(jobType)).toBe(key);
  });
});

describe('resolveRate', () => {
  const items: RateCodeItem[] = [
    { job_type: 'Principal', rate: '250.00', active: true },
    { job_type: 'Senior Consultant', rate: 175, active: true },
    { job_type: 'Clerk', rate: 60, active: false },
    { job_type: 'Intern', rate: null, active: true },
  ];

  it.each<[string, Record<string, number | string> | null, string, number | null]>([
    ['custom rate wins', { senior_consultant_rate: 190 }, 'Senior Consultant', 190],
    ['custom rate given as text', { principal_rate: '300.5' }, 'Principal', 300.5],
    ['custom rate of zero still counts', { principal_rate: 0 }, 'Principal', 0],
    ['blank custom rate falls through', { principal_rate: '' }, 'Principal', 250],
    ['unreadable custom rate falls through', { principal_rate: 'n/a' }, 'Principal', 250],
    ['no custom rates', null, 'Senior Consultant', 175],
    ['custom rates for another job', { principal_rate: 300 }, 'Senior Consultant', 175],
    ['inactive item is ignored', null, 'Clerk', null],
    ['item without a rate', null, 'Intern', null],
    ['unknown job', null, 'Astronaut', null],
    ['inherited keys are not rates', {}, 'constructor', null],
  ])('%s', (_case, customRates, jobType, expected) => {
    expect(resolveRate({ customRates, jobType, rateCodeItems: items })).toBe(expected);
  });
});
