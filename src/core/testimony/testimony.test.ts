import { describe, expect, it } from 'vitest';
import { compensationStatement, depositStatus, feeHistory, payerProblem } from './testimony.ts';

describe('deposit status', () => {
  it.each([
    [{ noticedBy: 'other' as const, depositRequired: true, depositReceivedOn: null }, 'Deposit not received'],
    [{ noticedBy: 'other' as const, depositRequired: true, depositReceivedOn: '2026-05-01' }, 'Deposit received'],
    [{ noticedBy: 'other' as const, depositRequired: false, depositReceivedOn: null }, null],
    [{ noticedBy: 'retaining' as const, depositRequired: true, depositReceivedOn: null }, null],
  ])('%o → %s', (e, text) => expect(depositStatus(e)).toBe(text));
});

describe('who noticed a deposition', () => {
  it.each([
    [{ kind: 'deposition' as const, noticedBy: 'retaining' as const, payerName: '', payerLawFirmId: null }, null],
    [{ kind: 'trial' as const, noticedBy: 'other' as const, payerName: 'X', payerLawFirmId: null }, 'noticedBy'],
    [{ kind: 'deposition' as const, noticedBy: 'other' as const, payerName: ' ', payerLawFirmId: null }, 'payerName'],
    [{ kind: 'deposition' as const, noticedBy: 'other' as const, payerName: '', payerLawFirmId: 'f' }, null],
  ])('%o → %s', (e, field) => expect(payerProblem(e)?.field ?? null).toBe(field));
});

describe('statement of compensation', () => {
  it('lists each rate', () => {
    expect(compensationStatement('Dana Reyes', [{ jobType: 'Principal', rate: 600, source: 'case F-1' }])).toEqual([
      'Statement of compensation: Dana Reyes is compensated at the following hourly rates for study and testimony.',
      'Principal: $600.00 per hour (case F-1)',
    ]);
  });
  it('says when none is set', () => expect(compensationStatement('D', [])).toEqual(['No hourly rate is set for D.']));
});

describe('deposition fee history', () => {
  it('counts charged and paid fees, ever and in the last two years (boundary day included)', () => {
    const h = feeHistory([
      { issuedOn: '2024-06-01', total: 2400, paidTotal: 2400, status: 'paid' },
      { issuedOn: '2024-05-31', total: 1000, paidTotal: 1000, status: 'paid' },
      { issuedOn: '2026-01-05', total: 1500, paidTotal: 500, status: 'partially_paid' },
      { issuedOn: '2026-02-05', total: 900, paidTotal: 0, status: 'void' },
    ], '2026-06-01');
    expect(h.since).toBe('2024-06-01');
    expect(h.ever).toEqual({ charged: 3, chargedAmount: 4900, paid: 2, paidAmount: 3400 });
    expect(h.lastTwoYears).toEqual({ charged: 2, chargedAmount: 3900, paid: 1, paidAmount: 2400 });
  });
});
