// What payments, reversals and credit notes do to a bill (issue 24, docs/decisions/084): pure
// rules beside core/billing/billing.ts, which holds the bill's own rules and the shared messages.
import {
  balanceOf, billMoveProblem, creditTooLargeMessage, ONLY_ISSUED_CREDITED_MESSAGE, ONLY_ISSUED_PAYABLE_MESSAGE, statusForBalance,
  type BillStatus,
} from './billing.ts';
import { formatCurrency, roundToCents } from '../money.ts';

export const PAYMENT_BEFORE_ISSUE_MESSAGE = 'The payment date is before the bill was issued.';
export const CREDIT_BEFORE_ISSUE_MESSAGE = 'The credit note date is before the bill was issued.';
export const NOTHING_TO_ADD_MESSAGE = 'Choose at least one unbilled entry to add.';
export const NOT_ON_BILL_MESSAGE = 'Some of these entries are not on this bill. Reload the bill and try again.';
export const LINE_NOT_ON_BILL_MESSAGE = 'This line is not on this bill.';
export const CREDIT_LINE_NOT_ON_BILL_MESSAGE = 'A credit note line names an entry that is not on this bill.';

/** A reversed payment takes back the credit it left; refused when the client has spent it. */
export const creditSpentMessage = (left: number) =>
  `The client has already used the credit this payment left (${formatCurrency(left)}). Reverse the payment that used it first.`;

/** Why a payment cannot be taken by a bill in `status` (before its balance is looked at), or null. */
export const paymentStatusProblem = (status: BillStatus): string | null =>
  status === 'issued' || status === 'partially_paid' || status === 'paid' ? null : ONLY_ISSUED_PAYABLE_MESSAGE;

/** Why a credit note cannot be made on a bill in `status`, or null. */
export function creditNoteStatusProblem(status: BillStatus): string | null {
  if (status === 'draft') return ONLY_ISSUED_CREDITED_MESSAGE;
  return status === 'void' ? billMoveProblem('void', 'issue') : null;
}

export interface BillMoney { total: number; paidTotal: number; creditedTotal: number }

/**
 * The bill's balance, status and paid date once its paid and credited totals are `money`:
 * the paid date is `date` when this change pays it, kept when it stays paid, cleared otherwise.
 */
export function settle(money: BillMoney, before: { status: BillStatus; paidOn: string | null }, date: string) {
  const balance = balanceOf(money);
  const status = statusForBalance({ total: money.total, balance, paidTotal: money.paidTotal });
  const paidOn = status !== 'paid' ? null : before.status === 'paid' ? before.paidOn : date;
  return { balance, status, paidOn };
}

/**
 * How a credit note of `amount` meets a bill: what is left to credit (total less every earlier
 * credit note's amount) caps it; the part up to the balance reduces it, the rest is client credit.
 */
export function splitCredit(amount: number, bill: { total: number; balance: number; creditNotesSoFar: number }):
  { applied: number; toCredit: number } | { problem: string } {
  const left = Math.max(0, roundToCents(bill.total - bill.creditNotesSoFar));
  if (amount > left) return { problem: creditTooLargeMessage(left) };
  const applied = roundToCents(Math.min(amount, bill.balance));
  return { applied, toCredit: roundToCents(amount - applied) };
}
