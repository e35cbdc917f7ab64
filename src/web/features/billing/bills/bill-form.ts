import type { TBillDetail, TBillUpdate, TDiscount } from '../../../../core/api/accounting.ts';
import { MAX_TERMS_DAYS, termsLabel } from '../../../../core/billing/billing.ts';
import type { FieldErrors } from '../../../lib/refusal.ts';
import { amountText, amountTextProblem, parseAmount } from '../money-input.ts';

// The draft bill's own fields (bill-to, terms, due date, discount, note) as a form of strings,
// and what a save of it sends: only the fields changed, so a save never overwrites another
// person's change to a field this person left alone.

export interface BillForm {
  billToName: string;
  billingAddress: string;
  termsDays: string;
  dueOn: string;
  discountKind: 'none' | 'percent' | 'amount';
  discountValue: string;
  note: string;
}
export type BillField = keyof BillForm;
export const BILL_FIELDS: readonly BillField[] = ['billToName', 'billingAddress', 'termsDays', 'dueOn', 'discountKind', 'discountValue', 'note'];
export const BILL_FIELD_LABELS: Record<BillField, string> = {
  billToName: 'Bill to', billingAddress: 'Billing address', termsDays: 'Payment terms (days)', dueOn: 'Due date',
  discountKind: 'Discount', discountValue: 'Discount value', note: 'Note',
};
/** The request's field names that are not the form's own. */
export const BILL_REQUEST_NAMES: Partial<Record<string, BillField>> = { discount: 'discountValue', terms: 'termsDays' };

export const TERMS_DAYS_MESSAGE = `Enter whole days from 0 to ${MAX_TERMS_DAYS}`;

export function billFormOf(bill: TBillDetail): BillForm {
  return {
    billToName: bill.billToName,
    billingAddress: bill.billingAddress,
    termsDays: String(bill.termsDays),
    dueOn: bill.dueOn ?? '',
    discountKind: bill.discount?.kind ?? 'none',
    discountValue: bill.discount ? (bill.discount.kind === 'percent' ? String(bill.discount.value) : amountText(bill.discount.value)) : '',
    note: bill.note,
  };
}

/** The PATCH body for what changed from `base`, or the problems the browser sees before sending. */
export function billUpdateOf(form: BillForm, base: BillForm, version: number):
  { body: TBillUpdate } | { problems: FieldErrors<BillField> } {
  const problems: FieldErrors<BillField> = {};
  const body: TBillUpdate = { version };
  const changed = (key: BillField) => form[key] !== base[key];
  if (changed('billToName')) body.billToName = form.billToName;
  if (changed('billingAddress')) body.billingAddress = form.billingAddress;
  if (changed('note')) body.note = form.note;
  if (changed('dueOn')) body.dueOn = form.dueOn === '' ? null : form.dueOn;
  if (changed('termsDays')) {
    const days = Number(form.termsDays.trim());
    if (!/^\d+$/.test(form.termsDays.trim()) || days > MAX_TERMS_DAYS) problems.termsDays = TERMS_DAYS_MESSAGE;
    else Object.assign(body, { termsDays: days, terms: termsLabel(days) });
  }
  if (changed('discountKind') || changed('discountValue')) {
    if (form.discountKind === 'none') body.discount = null;
    else {
      const problem = amountTextProblem(form.discountValue, { positive: false });
      const value = parseAmount(form.discountValue) ?? 0;
      if (problem) problems.discountValue = problem;
      else if (form.discountKind === 'percent' && value > 100) problems.discountValue = 'A discount cannot be more than 100%.';
      else {
        const discount: TDiscount = { kind: form.discountKind, value };
        body.discount = discount;
      }
    }
  }
  return Object.keys(problems).length > 0 ? { problems } : { body };
}
