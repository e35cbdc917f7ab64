import { describe, expect, it } from 'vitest';
import { retainerLedger, takeableOn, type LedgerEntry } from './retainer-ledger.ts';

const e = (kind: LedgerEntry['kind'], entryDate: string, amount: number): LedgerEntry => ({ kind, entryDate, amount });
const ledger = [
  e('deposit', '2026-05-01', 5000), e('application', '2026-05-10', 1200.5), e('refund', '2026-05-12', 300),
  e('reversal', '2026-05-15', 200.25), e('application', '2026-05-20', 3000),
];

describe('retainer ledger', () => {
  it('runs the balance: deposits and reversals add, applications and refunds take', () => {
    expect(retainerLedger(ledger).map((x) => x.balanceAfter)).toEqual([5000, 3799.5, 3499.5, 3699.75, 699.75]);
    expect(retainerLedger([])).toEqual([]);
  });

  it.each([
    ['before any deposit', '2026-04-30', 0],
    ['on the deposit day: no more than the later low', '2026-05-01', 699.75],
    ['between entries', '2026-05-16', 699.75],
    ['after the last entry: the balance', '2026-06-01', 699.75],
  ])('takeable %s', (_name, date, amount) => expect(takeableOn(ledger, date)).toBe(amount));

  it('takes everything held when nothing comes later', () => {
    expect(takeableOn([e('deposit', '2026-05-01', 100), e('refund', '2026-05-02', 100)], '2026-05-03')).toBe(0);
    expect(takeableOn([e('deposit', '2026-05-01', 100)], '2026-05-01')).toBe(100);
  });
});
