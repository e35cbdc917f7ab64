import type { TCreditNoteCreate, TPaymentCreate } from '../../../../core/api/accounting.ts';
import { REASON_REQUIRED_MESSAGE, type PaymentMethod } from '../../../../core/billing/billing.ts';
import type { FieldErrors } from '../../../lib/refusal.ts';
import { amountTextProblem, parseAmount } from '../money-input.ts';

// The payment and credit note forms of an issued bill, as strings, and the bodies they send.

export interface PaymentForm { receivedOn: string; amount: string; method: PaymentMethod; reference: string }
export type PaymentField = keyof PaymentForm;
export const PAYMENT_FIELDS: readonly PaymentField[] = ['receivedOn', 'amount', 'method', 'reference'];
export const PAYMENT_FIELD_LABELS: Record<PaymentField, string> = {
  receivedOn: 'Received on', amount: 'Amount', method: 'Method', reference: 'Reference',
};
export const DATE_REQUIRED_MESSAGE = 'Date is required';

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
