import { describe, expect, it } from 'vitest';
import type { TBillDetail } from '../../../core/api/accounting.ts';
import { REASON_REQUIRED_MESSAGE } from '../../../core/billing/billing.ts';
import { LIMIT_MESSAGES } from '../../../core/limits.ts';
import { billFormOf, billUpdateOf, TERMS_DAYS_MESSAGE } from './bills/bill-form.ts';
import { AMOUNT_FORMAT_MESSAGE, AMOUNT_POSITIVE_MESSAGE, amountTextProblem, parseAmount } from './money-input.ts';
import { CHOOSE_LINES_MESSAGE, creditBodyOf, paymentBodyOf } from './payments/payment-form.ts';

describe('parseAmount and amountTextProblem', () => {
  it.each([
    ['1250', 1250], ['$1,250.50', 1250.5], [' 12 ', 12], ['0.5', 0.5], ['.5', 0.5], ['', null], ['abc', null], ['1.2.3', null], ['-5', null], ['.', null],
  ])('%j → %j', (text, value) => expect(parseAmount(text)).toBe(value));
  it.each([
    ['', true, AMOUNT_POSITIVE_MESSAGE], ['', false, null], ['0', true, AMOUNT_POSITIVE_MESSAGE], ['0', false, null],
    ['x', true, AMOUNT_FORMAT_MESSAGE], ['1.234', true, LIMIT_MESSAGES.amountDecimals], ['10.25', true, null],
  ])('%j (positive %s) → %j', (text, positive, problem) => {
    const found = amountTextProblem(text, { positive });
    expect(found).toBe(problem);
  });
});

const bill = {
  billToName: 'Acme', billingAddress: '1 Main St', termsDays: 30, dueOn: null, discount: null, note: '',
} as unknown as TBillDetail;

describe('billUpdateOf', () => {
  const base = billFormOf(bill);
  it('sends only what changed, with the version', () => {
    expect(billUpdateOf({ ...base, note: 'Thanks' }, base, 4)).toEqual({ body: { version: 4, note: 'Thanks' } });
  });
  it('terms carry their label; an empty due date is null', () => {
    expect(billUpdateOf({ ...base, termsDays: '15', dueOn: '' }, { ...base, dueOn: '2026-01-01' }, 1))
      .toEqual({ body: { version: 1, termsDays: 15, terms: 'Net 15', dueOn: null } });
    expect(billUpdateOf({ ...base, termsDays: '0' }, base, 1)).toEqual({ body: { version: 1, termsDays: 0, terms: 'Due on receipt' } });
  });
  it('refuses terms that are not whole days', () => {
    expect(billUpdateOf({ ...base, termsDays: '2.5' }, base, 1)).toEqual({ problems: { termsDays: TERMS_DAYS_MESSAGE } });
    expect(billUpdateOf({ ...base, termsDays: '400' }, base, 1)).toEqual({ problems: { termsDays: TERMS_DAYS_MESSAGE } });
  });
  it('discounts: percent, amount, none, over 100%', () => {
    expect(billUpdateOf({ ...base, discountKind: 'percent', discountValue: '10' }, base, 1))
      .toEqual({ body: { version: 1, discount: { kind: 'percent', value: 10 } } });
    expect(billUpdateOf({ ...base, discountKind: 'amount', discountValue: '$1,000' }, base, 1))
      .toEqual({ body: { version: 1, discount: { kind: 'amount', value: 1000 } } });
    const had = { ...base, discountKind: 'amount' as const, discountValue: '5.00' };
    expect(billUpdateOf(base, had, 1)).toEqual({ body: { version: 1, discount: null } });
    expect(billUpdateOf({ ...base, discountKind: 'percent', discountValue: '120' }, base, 1))
      .toEqual({ problems: { discountValue: 'A discount cannot be more than 100%.' } });
  });
  it('reads a bill with a discount back into the form', () => {
    expect(billFormOf({ ...bill, discount: { kind: 'amount', value: 50 } }).discountValue).toBe('50.00');
    expect(billFormOf({ ...bill, discount: { kind: 'percent', value: 12.5 } }).discountValue).toBe('12.5');
  });
});

describe('payment and credit note bodies', () => {
  const form = { receivedOn: '2026-03-01', amount: '1,000', method: 'check' as const, reference: ' 1042 ' };
  it('a payment body, with the excess-to-credit choice', () => {
    expect(paymentBodyOf(form, 'p1', true)).toEqual({
      body: { id: 'p1', receivedOn: '2026-03-01', amount: 1000, method: 'check', reference: '1042', excessToCredit: true },
    });
    expect(paymentBodyOf({ ...form, amount: '', receivedOn: '' }, 'p1', false))
      .toEqual({ problems: { receivedOn: 'Date is required', amount: AMOUNT_POSITIVE_MESSAGE } });
  });
  it('a credit note by amount or by lines, with a reason', () => {
    const credit = { reason: ' Fee dispute ', mode: 'amount' as const, amount: '100', lines: [] };
    expect(creditBodyOf(credit, 'c1')).toEqual({ body: { id: 'c1', reason: 'Fee dispute', amount: 100 } });
    expect(creditBodyOf({ ...credit, reason: '' }, 'c1')).toEqual({ problems: { reason: REASON_REQUIRED_MESSAGE } });
    expect(creditBodyOf({ ...credit, mode: 'lines' }, 'c1')).toEqual({ problems: { lines: CHOOSE_LINES_MESSAGE } });
    expect(creditBodyOf({ ...credit, mode: 'lines', lines: [{ entryId: 'e1', description: 'Site visit', amount: '50.00' }] }, 'c1'))
      .toEqual({ body: { id: 'c1', reason: 'Fee dispute', lines: [{ description: 'Site visit', amount: 50, entryId: 'e1' }] } });
  });
});
