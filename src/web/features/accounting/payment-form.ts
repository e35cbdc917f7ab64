import type { TCreditNoteCreate, TPaymentCreate } from '../../../core/api/accounting.ts';
import { CREDIT_BEFORE_ISSUE_MESSAGE, PAYMENT_BEFORE_ISSUE_MESSAGE } from '../../../core/bill-money.ts';
import {
  clientCreditShortMessage, creditTooLargeMessage, overBalanceMessage, REASON_REQUIRED_MESSAGE, retainerShortMessage, type PaymentMethod,
} from '../../../core/billing.ts';
import type { FieldErrors, Refusal } from '../../lib/refusal.ts';
import { amountTextProblem, parseAmount } from './money-input.ts';

// The payment and credit note forms of an issued bill, as strings, and the bodies they send.

export interface PaymentForm { receivedOn: string; amount: string; method: PaymentMethod; reference: string }
export type PaymentField = keyof PaymentForm;
export const PAYMENT_FIELDS: readonly PaymentField[] = ['receivedOn', 'amount', 'method', 'reference'];
export const PAYMENT_FIELD_LABELS: Record<PaymentField, string> = {
  receivedOn: 'Received on', amount: 'Amount', method: 'Method', reference: 'Reference',
};
export const DATE_REQUIRED_MESSAGE = 'Date is required';

/** A money message without its figure: 'This payment is more than the balance due'. */
const stem = (message: string) => message.slice(0, message.indexOf(' ('));

/** The server's refusal of a payment over the balance (core/billing overBalanceMessage). */
export const isOverBalance = (message: string) => message.startsWith(stem(overBalanceMessage(0)));

// The money refusals name no field in their details (they are rules, not schema checks), but each
// is about one field: the amount (over the balance, the retainer, the client's credit, what is
// left to credit) or the date (before the bill was issued). Matched on the words before the figure.
const AMOUNT_REFUSALS = [overBalanceMessage(0), retainerShortMessage(0), clientCreditShortMessage(0), creditTooLargeMessage(0)].map(stem);
const DATE_REFUSALS = [PAYMENT_BEFORE_ISSUE_MESSAGE, CREDIT_BEFORE_ISSUE_MESSAGE];

/** The refusal with its message also under the field it is about, when its details named none. */
export function placeRefusal<K extends string>(refusal: Refusal<K>, where: { amount?: K; date?: K }): Refusal<K> {
  if (Object.keys(refusal.fields).length > 0) return refusal;
  const key = AMOUNT_REFUSALS.some((m) => refusal.message.startsWith(m)) ? where.amount
    : DATE_REFUSALS.includes(refusal.message) ? where.date : undefined;
  return key ? { ...refusal, fields: { [key]: refusal.message } as FieldErrors<K> } : refusal;
}

export function paymentBodyOf(form: PaymentForm, id: string, excessToCredit: boolean):
  { body: TPaymentCreate } | { problems: FieldErrors<PaymentField> } {
  const problems: FieldErrors<PaymentField> = {};
  if (!form.receivedOn) problems.receivedOn = DATE_REQUIRED_MESSAGE;
  const amountProblem = amountTextProblem(form.amount);
  if (amountProblem) problems.amount = amountProblem;
  if (Object.keys(problems).length > 0) return { problems };
  return {
    body: {
      id, receivedOn: form.receivedOn, amount: parseAmount(form.amount)!, method: form.method,
      reference: form.reference.trim(), excessToCredit,
    },
  };
}

export interface CreditLine { entryId: string; description: string; amount: string }
export interface CreditForm { reason: string; mode: 'amount' | 'lines'; amount: string; lines: CreditLine[] }
export type CreditField = 'reason' | 'amount' | 'lines';
export const CREDIT_FIELDS: readonly CreditField[] = ['reason', 'amount', 'lines'];
export const CREDIT_FIELD_LABELS: Record<CreditField, string> = { reason: 'Reason', amount: 'Amount', lines: 'Lines' };
export const CHOOSE_LINES_MESSAGE = 'Choose at least one line to credit.';

export function creditBodyOf(form: CreditForm, id: string):
  { body: TCreditNoteCreate } | { problems: FieldErrors<CreditField> } {
  const problems: FieldErrors<CreditField> = {};
  if (form.reason.trim() === '') problems.reason = REASON_REQUIRED_MESSAGE;
  if (form.mode === 'amount') {
    const problem = amountTextProblem(form.amount);
    if (problem) problems.amount = problem;
  } else if (form.lines.length === 0) problems.lines = CHOOSE_LINES_MESSAGE;
  else {
    const problem = form.lines.map((l) => amountTextProblem(l.amount)).find(Boolean);
    if (problem) problems.lines = problem;
  }
  if (Object.keys(problems).length > 0) return { problems };
  const reason = form.reason.trim();
  return form.mode === 'amount'
    ? { body: { id, reason, amount: parseAmount(form.amount)! } }
    : { body: { id, reason, lines: form.lines.map((l) => ({ description: l.description, amount: parseAmount(l.amount)!, entryId: l.entryId })) } };
}
