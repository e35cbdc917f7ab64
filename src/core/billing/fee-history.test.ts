import { describe, expect, it } from 'vitest';
import { feeHistoryCells, feeHistorySummary } from './fee-history.ts';

describe('fee history words', () => {
  it('says how many times and how much, ever and in the last two years', () => {
    expect(feeHistorySummary({
      today: '2026-06-01', since: '2024-06-01',
      ever: { charged: 2, chargedAmount: 4800, paid: 1, paidAmount: 2400 },
      lastTwoYears: { charged: 1, chargedAmount: 2400, paid: 0, paidAmount: 0 },
    })).toEqual([
      'Ever: charged 2 times ($4,800.00), paid 1 time ($2,400.00).',
      'Last two years (06/01/2024 – 06/01/2026): charged 1 time ($2,400.00), paid 0 times ($0.00).',
    ]);
  });
  it('writes a bill row', () => {
    expect(feeHistoryCells({
      billId: 'b', billNumber: 12, eventDate: '2026-06-10', caption: 'A v. B', payerName: 'Opposing LLP', issuedOn: '2026-06-12',
      total: 2400, paidTotal: 1800, status: 'partially_paid',
    })).toEqual(['0012', '06/12/2026', '06/10/2026', 'A v. B', 'Opposing LLP', '$2,400.00', '$1,800.00', 'partially paid']);
  });
});
