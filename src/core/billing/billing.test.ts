import { describe, expect, it } from 'vitest';
import { AGE_BUCKETS, ageBucket, agingTotals, bucketDueRange, balanceOf, billAmounts, billMoveProblem, discountOf, draftChangeProblem, dueDate, formatBillNumber, formatCreditNoteNumber, formatPaymentNumber, lockedEntryMessage, overBalanceMessage, retainerBalance, retainerNotice, splitPayment, statusForBalance, termsLabel, VOID_PAID_MESSAGE, isOverdue, SHOWN_STATUS_LABELS, shownStatus, withOverdue } from './billing.ts';
import { addDays } from '../dates/iso-date.ts';

describe('billMoveProblem', () => {
  it.each([
    ['draft', 'issue', false, null],
    ['draft', 'void', false, 'A draft is deleted, not voided.'],
    ['issued', 'issue', false, 'This bill is already issued.'],
    ['issued', 'void', false, null],
    ['issued', 'void', true, VOID_PAID_MESSAGE],
    ['partially_paid', 'void', true, VOID_PAID_MESSAGE],
    ['partially_paid', 'issue', true, 'This bill is already partially paid.'],
    ['paid', 'issue', true, 'This bill is already paid.'],
    ['paid', 'void', true, VOID_PAID_MESSAGE],
    ['void', 'issue', false, 'This bill is void and can no longer be changed.'],
    ['void', 'void', false, 'This bill is void and can no longer be changed.'],
  ] as const)('%s + %s (paid or credited: %s)', (status, action, paidOrCredited, problem) => {
    expect(billMoveProblem(status, action, { paidOrCredited })).toBe(problem);
  });

  it.each([
    ['draft', null],
    ['issued', 'An issued bill never changes. Correct it with a credit note.'],
    ['paid', 'An issued bill never changes. Correct it with a credit note.'],
    ['void', 'This bill is void and can no longer be changed.'],
  ] as const)('a draft-only change on a %s bill: %s', (status, problem) => expect(draftChangeProblem(status)).toBe(problem));
});

describe('numbers and terms', () => {
  it('formats each series', () => {
    expect([formatBillNumber(7), formatCreditNoteNumber(1), formatPaymentNumber(12), formatCreditNoteNumber(12345)])
      .toEqual(['0007', 'CN-0001', 'PMT-0012', 'CN-12345']);
    expect(lockedEntryMessage(7)).toBe('This entry is on bill 0007 and can no longer be changed.');
  });

  it.each([[0, 'Due on receipt'], [30, 'Net 30'], [45, 'Net 45']])('terms of %i days read %s', (days, label) =>
    expect(termsLabel(days)).toBe(label));

  it.each([
    ['2026-01-31', 30, null, '2026-03-02'],
    ['2028-02-15', 15, null, '2028-03-01'],
    ['2026-12-15', 30, null, '2027-01-14'],
    ['2026-12-15', 30, '2026-12-20', '2026-12-20'],
    ['2026-12-15', 0, null, '2026-12-15'],
  ] as const)('issued %s on Net %i (set on draft: %s) is due %s', (issued, days, set, due) =>
    expect(dueDate(issued, days, set)).toBe(due));

  it('adds days across a month, a year and a leap day', () => {
    expect([addDays('2028-02-28', 1), addDays('2027-12-31', 1), addDays('2026-03-01', -1)]).toEqual(['2028-02-29', '2028-01-01', '2026-02-28']);
  });
});

describe('amounts', () => {
  const line = (kind: 'time' | 'expense', amount: number, originalAmount = amount, hours: number | null = kind === 'time' ? 1 : null) =>
    ({ kind, amount, originalAmount, hours });

  it('totals lines as billed, the write-downs beside them, then the discount', () => {
    expect(billAmounts([line('time', 250), line('time', 100, 150, 0.5), line('expense', 30.5)], { kind: 'percent', value: 10 })).toEqual({
      hours: 1.5, timeTotal: 350, expenseTotal: 30.5, adjustmentTotal: -50, subtotal: 380.5, discountTotal: 38.05, total: 342.45,
    });
    expect(billAmounts([line('time', 120, 100)], null)).toMatchObject({ adjustmentTotal: 20, total: 120, discountTotal: 0 });
    // A fee rule's billed hours count (a 0.75 h deposition billed at its 2 h minimum).
    expect(billAmounts([{ ...line('time', 1200), hours: 0.75, billedHours: 2 }, { ...line('time', 100), hours: 1 }], null)).toMatchObject({ hours: 3 });
  });

  it.each([
    [100, null, 0],
    [100, { kind: 'amount', value: 25 }, 25],
    [100, { kind: 'amount', value: 250 }, 100],
    [333.33, { kind: 'percent', value: 15 }, 50],
    [100, { kind: 'percent', value: 100 }, 100],
    [100, { kind: 'percent', value: 0 }, 0],
  ] as const)('a discount on %d of %o is %d', (subtotal, discount, total) => expect(discountOf(subtotal, discount)).toBe(total));

  it.each([
    [{ total: 1000, paidTotal: 0, creditedTotal: 0 }, 1000, 'issued'],
    [{ total: 1000, paidTotal: 400, creditedTotal: 0 }, 600, 'partially_paid'],
    [{ total: 1000, paidTotal: 400, creditedTotal: 100.01 }, 499.99, 'partially_paid'],
    [{ total: 1000, paidTotal: 1000, creditedTotal: 0 }, 0, 'paid'],
    [{ total: 1000, paidTotal: 900, creditedTotal: 200 }, 0, 'paid'],
    [{ total: 0.3, paidTotal: 0.1, creditedTotal: 0.2 }, 0, 'paid'],
    // A credit note alone lowers the balance but leaves the bill Issued (issue 38).
    [{ total: 1000, paidTotal: 0, creditedTotal: 250 }, 750, 'issued'],
    [{ total: 1000, paidTotal: 0, creditedTotal: 1000 }, 0, 'paid'],
    [{ total: 1000, paidTotal: 0.01, creditedTotal: 250 }, 749.99, 'partially_paid'],
  ] as const)('balance and status of %o', (b, balance, status) => {
    expect(balanceOf(b)).toBe(balance);
    expect(statusForBalance({ total: b.total, balance, paidTotal: b.paidTotal })).toBe(status);
  });
});

describe('isOverdue and the status shown', () => {
  const today = '2026-11-29';
  it.each([
    // status, due on, balance → overdue, shown
    ['issued', '2026-10-25', 500, true, 'Overdue'],
    ['issued', '2026-11-28', 500, true, 'Overdue'],
    ['issued', '2026-11-29', 500, false, 'Issued'],
    ['issued', '2026-12-15', 500, false, 'Issued'],
    ['partially_paid', '2026-10-01', 20, true, 'Overdue'],
    ['partially_paid', '2026-12-01', 20, false, 'Partially paid'],
    ['paid', '2026-10-01', 0, false, 'Paid'],
    ['issued', '2026-10-01', 0, false, 'Issued'],
    ['draft', null, 500, false, 'Draft'],
    ['draft', '2026-10-01', 500, false, 'Draft'],
    ['void', '2026-10-01', 500, false, 'Void'],
    ['issued', null, 500, false, 'Issued'],
  ] as const)('%s due %s owing %d', (status, dueOn, balance, overdue, label) => {
    expect(isOverdue({ status, dueOn, balance }, today)).toBe(overdue);
    const bill = withOverdue({ status, dueOn, balance }, today);
    expect(bill.overdue).toBe(overdue);
    expect(SHOWN_STATUS_LABELS[shownStatus(bill)]).toBe(label);
  });
});

describe('splitPayment', () => {
  const check = { excessToCredit: false, method: 'check' } as const;
  it.each([
    [400, 1000, check, { applied: 400, toCredit: 0 }],
    [1000, 1000, check, { applied: 1000, toCredit: 0 }],
    [1200, 1000, check, { problem: 'This payment is more than the balance due ($1,000.00).' }],
    [1200, 1000, { ...check, excessToCredit: true }, { applied: 1000, toCredit: 200 }],
    [1200, 1000, { excessToCredit: true, method: 'retainer' }, { problem: overBalanceMessage(1000) }],
    [10, 0, check, { problem: 'This bill has no balance due.' }],
  ] as const)('%d against %d (%o)', (amount, balance, options, result) => expect(splitPayment(amount, balance, options)).toEqual(result));
});

describe('aging', () => {
  it.each([
    ['2026-12-01', 'current'],
    ['2026-11-23', 'current'],
    ['2026-11-22', '1-30'],
    ['2026-10-24', '1-30'],
    ['2026-10-23', '31-60'],
    ['2026-09-24', '31-60'],
    ['2026-09-23', '61-90'],
    ['2026-08-25', '61-90'],
    ['2026-08-24', '90+'],
  ] as const)('due %s → %s on 2026-11-23', (due, bucket) => expect(ageBucket(due, '2026-11-23')).toBe(bucket));

  it('gives each bucket the range of due dates ageBucket puts in it, with no gap or overlap', () => {
    const today = '2026-03-01';
    for (let ago = -40; ago <= 400; ago++) {
      const due = addDays(today, -ago);
      const holding = AGE_BUCKETS.filter((b) => {
        const { from, to } = bucketDueRange(b, today);
        return (from === null || due >= from) && (to === null || due <= to);
      });
      expect(holding, due).toEqual([ageBucket(due, today)]);
    }
  });

  it('sums balances per bucket, every bucket present', () => {
    expect(agingTotals([{ bucket: '1-30', balance: 100.1 }, { bucket: '1-30', balance: 0.2 }, { bucket: '90+', balance: 5 }])).toEqual([
      { bucket: 'current', count: 0, total: 0 }, { bucket: '1-30', count: 2, total: 100.3 }, { bucket: '31-60', count: 0, total: 0 },
      { bucket: '61-90', count: 0, total: 0 }, { bucket: '90+', count: 1, total: 5 },
    ]);
  });
});

describe('retainers', () => {
  it('runs deposits and reversals in, applications and refunds out', () => {
    expect(retainerBalance([
      { kind: 'deposit', amount: 5000 }, { kind: 'application', amount: 1200.5 }, { kind: 'refund', amount: 300 },
      { kind: 'reversal', amount: 200.5 },
    ])).toBe(3700);
  });

  it.each([
    [1999.99, 2000, 'Retainer for 25-0183 is below $2,000.00'],
    [2000, 2000, null],
    [0, null, null],
  ] as const)('a balance of %d under a threshold of %s', (balance, threshold, notice) =>
    expect(retainerNotice('25-0183', balance, threshold)).toBe(notice));
});
