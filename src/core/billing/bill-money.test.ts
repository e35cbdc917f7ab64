import { describe, expect, it } from 'vitest';
import { creditNoteStatusProblem, creditSpentMessage, paymentStatusProblem, settle, splitCredit } from './bill-money.ts';

describe('which bills take payments and credit notes', () => {
  it.each([
    ['draft', 'Only an issued bill can take a payment.', 'Only an issued bill can be credited. Change a draft instead.'],
    ['issued', null, null],
    ['partially_paid', null, null],
    ['paid', null, null],
    ['void', 'Only an issued bill can take a payment.', 'This bill is void and can no longer be changed.'],
  ] as const)('%s', (status, payment, credit) => {
    expect(paymentStatusProblem(status)).toBe(payment);
    expect(creditNoteStatusProblem(status)).toBe(credit);
  });
});

describe('settle', () => {
  it.each([
    // total, paid, credited, before, → balance, status, paid on
    [100, 0, 0, 'issued', null, 100, 'issued', null],
    [100, 40, 0, 'issued', null, 60, 'partially_paid', null],
    [100, 40, 60, 'partially_paid', null, 0, 'paid', '2026-06-20'],
    [100, 100, 0, 'paid', '2026-06-05', 0, 'paid', '2026-06-05'],
    [100, 60, 0, 'paid', '2026-06-05', 40, 'partially_paid', null],
    [100, 0, 0, 'paid', '2026-06-05', 100, 'issued', null],
    // A credit note alone never makes a bill partly paid (issue 38).
    [100, 0, 30, 'paid', '2026-06-05', 70, 'issued', null],
    [100, 0, 30, 'issued', null, 70, 'issued', null],
    [100, 0, 100, 'issued', null, 0, 'paid', '2026-06-20'],
    [100, 10, 30, 'issued', null, 60, 'partially_paid', null],
  ] as const)('total %d, paid %d, credited %d from %s', (total, paidTotal, creditedTotal, status, paidOn, balance, after, afterPaidOn) => {
    expect(settle({ total, paidTotal, creditedTotal }, { status, paidOn }, '2026-06-20'))
      .toEqual({ balance, status: after, paidOn: afterPaidOn });
  });
});

describe('splitCredit', () => {
  it.each([
    [30, 100, 100, 0, { applied: 30, toCredit: 0 }],
    [100, 100, 100, 0, { applied: 100, toCredit: 0 }],
    [30, 100, 10, 0, { applied: 10, toCredit: 20 }],
    [30, 100, 0, 0, { applied: 0, toCredit: 30 }],
    [30.01, 100, 100, 70, { problem: 'A credit note cannot be more than what is left to credit on this bill ($30.00).' }],
    [0.01, 100, 0, 100, { problem: 'A credit note cannot be more than what is left to credit on this bill ($0.00).' }],
  ] as const)('%d on a total of %d, balance %d, credited before %d', (amount, total, balance, creditNotesSoFar, expected) => {
    expect(splitCredit(amount, { total, balance, creditNotesSoFar })).toEqual(expected);
  });

  it('names the spent credit', () => {
    expect(creditSpentMessage(25)).toBe('The client has already used the credit this payment left ($25.00). Reverse the payment that used it first.');
  });
});
