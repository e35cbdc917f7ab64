// Rules of bills, payments, credit notes, retainers and receivables (issues 11 and 24,
// docs/decisions/082 and 084). No I/O, no clock: dates come in.
import { formatCurrency, roundToCents } from '../money.ts';
import { addDays } from '../dates/iso-date.ts';

export const BILL_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  draft: 'Draft', issued: 'Issued', partially_paid: 'Partially paid', paid: 'Paid', void: 'Void',
};

/** Bills that are owed (issued, not yet paid in full): what receivables and statements read. */
export const OPEN_STATUSES = ['issued', 'partially_paid'] as const satisfies readonly BillStatus[];

export type BillAction = 'issue' | 'void';

/** Why `action` cannot be taken on a bill in `status`, or null when it can. */
export function billMoveProblem(status: BillStatus, action: BillAction, options: { paidOrCredited?: boolean } = {}): string | null {
  if (status === 'void') return 'This bill is void and can no longer be changed.';
  if (action === 'issue') return status === 'draft' ? null : `This bill is already ${BILL_STATUS_LABELS[status].toLowerCase()}.`;
  if (status === 'draft') return DRAFT_NOT_VOIDED_MESSAGE;
  if (status === 'issued' && !options.paidOrCredited) return null;
  return VOID_PAID_MESSAGE;
}

/** A draft was never sent: it is deleted, its entries unbilled again (issue 38). */
export const DRAFT_NOT_VOIDED_MESSAGE = 'A draft is deleted, not voided.';
export const ONLY_DRAFT_DELETED_MESSAGE = 'Only a draft bill can be deleted. Void an issued bill instead.';
export const draftDeleteProblem = (status: BillStatus): string | null => status === 'draft' ? null : ONLY_DRAFT_DELETED_MESSAGE;
export const LINE_FIELD_MISMATCH_MESSAGE = 'A time line takes hours and a rate; an expense line takes an amount.';

export const VOID_PAID_MESSAGE = 'Only an unpaid bill can be voided. Correct it with a credit note.';
export const ISSUED_NEVER_CHANGES_MESSAGE = 'An issued bill never changes. Correct it with a credit note.';
export const STALE_BILL_MESSAGE = 'Someone else changed this bill. Reload it and try again.';

/** Why a draft-only change (lines, write-downs, discount, note, terms) cannot be made, or null. */
export const draftChangeProblem = (status: BillStatus): string | null =>
  status === 'draft' ? null : status === 'void' ? billMoveProblem('void', 'issue') : ISSUED_NEVER_CHANGES_MESSAGE;

/** The message a locked entry answers with (issue 11). */
export const lockedEntryMessage = (billNumber: number) =>
  `This entry is on bill ${formatBillNumber(billNumber)} and can no longer be changed.`;

/** Bill numbers as printed: at least four digits. */
export const formatBillNumber = (n: number) => String(n).padStart(4, '0');
/** Credit notes have their own series: CN-0001. */
export const formatCreditNoteNumber = (n: number) => `CN-${String(n).padStart(4, '0')}`;
/** Payments are numbered too (receipts): PMT-0001. */
export const formatPaymentNumber = (n: number) => `PMT-${String(n).padStart(4, '0')}`;

export const NO_ENTRIES_MESSAGE = 'A bill needs at least one unbilled entry.';
export const ENTRIES_TAKEN_MESSAGE =
  'Some of these entries were billed or changed by someone else. Reload the unbilled work and try again.';

// Terms -----------------------------------------------------------------------------------------

export const DEFAULT_TERMS_DAYS = 30;
export const MAX_TERMS_DAYS = 365;

/** 'Net 30', or 'Due on receipt' for 0 days. */
export const termsLabel = (days: number) => (days === 0 ? 'Due on receipt' : `Net ${days}`);

/** The due date of a bill issued on `issuedOn`: the one set on the draft, or the terms after issue. */
export const dueDate = (issuedOn: string, termsDays: number, setOnDraft?: string | null) =>
  setOnDraft ?? addDays(issuedOn, termsDays);

// Amounts ---------------------------------------------------------------------------------------

export type DiscountKind = 'percent' | 'amount';
export interface Discount { kind: DiscountKind; value: number }

export interface BillAmounts {
  hours: number;
  timeTotal: number;
  expenseTotal: number;
  /** Write-downs (negative) and write-ups (positive) of the lines, summed. */
  adjustmentTotal: number;
  subtotal: number;
  discountTotal: number;
  /** After adjustments and the discount, before payments and credits. */
  total: number;
}

/** A bill's amounts from its lines (amount as billed, originalAmount before any write-down) and discount. */
export function billAmounts(
  lines: readonly { kind: 'time' | 'expense'; hours: number | null; billedHours?: number; amount: number; originalAmount: number }[],
  discount: Discount | null,
): BillAmounts {
  const sum = (xs: number[]) => roundToCents(xs.reduce((s, x) => s + x, 0));
  const time = lines.filter((l) => l.kind === 'time');
  const timeTotal = sum(time.map((l) => l.amount));
  const expenseTotal = sum(lines.filter((l) => l.kind === 'expense').map((l) => l.amount));
  const subtotal = roundToCents(timeTotal + expenseTotal);
  const discountTotal = discountOf(subtotal, discount);
  return {
    // The hours billed: a fee rule's minimum or a cancellation's hours where one applied (docs/decisions/138).
    hours: Math.round(time.reduce((s, l) => s + (l.billedHours ?? l.hours ?? 0), 0) * 100) / 100,
    timeTotal, expenseTotal,
    adjustmentTotal: sum(lines.map((l) => l.amount - l.originalAmount)),
    subtotal, discountTotal, total: roundToCents(subtotal - discountTotal),
  };
}

/** The discount in dollars: a percent of the subtotal, or an amount (never more than the subtotal). */
export function discountOf(subtotal: number, discount: Discount | null): number {
  if (!discount || discount.value <= 0) return 0;
  const raw = discount.kind === 'percent' ? subtotal * Math.min(discount.value, 100) / 100 : discount.value;
  return roundToCents(Math.min(raw, subtotal));
}

export const discountProblem = (discount: Discount): string | null =>
  discount.kind === 'percent' && discount.value > 100 ? 'A discount cannot be more than 100%.' : null;

/** What is still owed: never below zero (beyond it, a payment or credit is client credit). */
export const balanceOf = (b: { total: number; paidTotal: number; creditedTotal: number }) =>
  Math.max(0, roundToCents(b.total - b.paidTotal - b.creditedTotal));

/**
 * The status an issued bill has at its balance: Issued → Partially paid → Paid. Only money paid
 * makes it partly paid: a credit note alone lowers the balance but leaves it Issued (issue 38).
 */
export function statusForBalance(b: { total: number; balance: number; paidTotal: number }): BillStatus {
  if (b.balance <= 0) return 'paid';
  return b.paidTotal > 0 && b.balance < b.total ? 'partially_paid' : 'issued';
}

/**
 * Past due (issue 38): an open bill with something owed whose due date is before the firm's
 * today (core/dates/iso-date.ts). Never stored: it changes with the calendar, not with a write.
 */
export const isOverdue = (b: { status: BillStatus; dueOn: string | null; balance: number }, today: string): boolean =>
  (b.status === 'issued' || b.status === 'partially_paid') && b.dueOn !== null && b.dueOn < today && b.balance > 0;

/** What a bill's badge says: its status, or Overdue once it is past due. */
export type ShownBillStatus = BillStatus | 'overdue';
export const SHOWN_STATUS_LABELS: Record<ShownBillStatus, string> = { ...BILL_STATUS_LABELS, overdue: 'Overdue' };
export const shownStatus = (b: { status: BillStatus; overdue: boolean }): ShownBillStatus => b.overdue ? 'overdue' : b.status;

/** The bill as the firm's today sees it: `overdue` set by `isOverdue`. */
export const withOverdue = <T extends { status: BillStatus; dueOn: string | null; balance: number }>(b: T, today: string) =>
  ({ ...b, overdue: isOverdue(b, today) });

// Payments and credits --------------------------------------------------------------------------

export const PAYMENT_METHODS = ['check', 'ach', 'wire', 'card', 'cash', 'other', 'retainer', 'client_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check', ach: 'ACH', wire: 'Wire', card: 'Card', cash: 'Cash', other: 'Other', retainer: 'Retainer',
  client_credit: 'Client credit',
};

export const overBalanceMessage = (balance: number) =>
  `This payment is more than the balance due (${formatCurrency(balance)}).`;
export const NOTHING_DUE_MESSAGE = 'This bill has no balance due.';
export const ONLY_ISSUED_PAYABLE_MESSAGE = 'Only an issued bill can take a payment.';
export const retainerShortMessage = (held: number) => `This is more than the retainer holds (${formatCurrency(held)}).`;
export const clientCreditShortMessage = (held: number) => `This is more than the client's credit (${formatCurrency(held)}).`;
export const ALREADY_REVERSED_MESSAGE = 'This payment was already reversed.';
export const REASON_REQUIRED_MESSAGE = 'Please give a reason.';
export const creditTooLargeMessage = (left: number) =>
  `A credit note cannot be more than what is left to credit on this bill (${formatCurrency(left)}).`;
export const ONLY_ISSUED_CREDITED_MESSAGE = 'Only an issued bill can be credited. Change a draft instead.';

/**
 * How a payment of `amount` meets a bill with `balance` due: the part applied to the bill and the
 * part held as client credit, or the refusal. Over the balance is refused unless the rest is
 * recorded as client credit (retainer and client-credit payments never go beyond the balance).
 */
export function splitPayment(amount: number, balance: number, options: { excessToCredit: boolean; method: PaymentMethod }):
  { applied: number; toCredit: number } | { problem: string } {
  if (balance <= 0) return { problem: NOTHING_DUE_MESSAGE };
  if (amount <= balance) return { applied: roundToCents(amount), toCredit: 0 };
  const drawsOnFunds = options.method === 'retainer' || options.method === 'client_credit';
  if (!options.excessToCredit || drawsOnFunds) return { problem: overBalanceMessage(balance) };
  return { applied: balance, toCredit: roundToCents(amount - balance) };
}

// Receivables -----------------------------------------------------------------------------------

export const AGE_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const AGE_LABELS: Record<AgeBucket, string> = {
  current: 'Current', '1-30': '1–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '90+': 'Over 90 days',
};

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days past the due date on `today` (0 or less: not yet due). */
export const daysPastDue = (dueOn: string, today: string) => daysBetween(dueOn, today);

/** The receivables bucket of a bill due on `dueOn`: Current until it is due, then by days past due. */
export function ageBucket(dueOn: string, today: string): AgeBucket {
  const days = daysPastDue(dueOn, today);
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  return days <= 90 ? '61-90' : '90+';
}

/**
 * The due dates a bucket holds on `today` (inclusive; null: open-ended), so a database can sum a
 * bucket by an index range on the due date; agrees with ageBucket (billing.test.ts).
 */
export function bucketDueRange(bucket: AgeBucket, today: string): { from: string | null; to: string | null } {
  const ago = (days: number) => addDays(today, -days);
  switch (bucket) {
    case 'current': return { from: today, to: null };
    case '1-30': return { from: ago(30), to: ago(1) };
    case '31-60': return { from: ago(60), to: ago(31) };
    case '61-90': return { from: ago(90), to: ago(61) };
    case '90+': return { from: null, to: ago(91) };
  }
}

/** Balances summed per bucket, every bucket present, in order. */
export function agingTotals(bills: readonly { bucket: AgeBucket; balance: number }[]) {
  return AGE_BUCKETS.map((bucket) => {
    const inBucket = bills.filter((b) => b.bucket === bucket);
    return { bucket, count: inBucket.length, total: roundToCents(inBucket.reduce((s, b) => s + b.balance, 0)) };
  });
}

// Retainers -------------------------------------------------------------------------------------

export const RETAINER_KINDS = ['deposit', 'application', 'refund', 'reversal'] as const;
export type RetainerKind = (typeof RETAINER_KINDS)[number];
export const RETAINER_KIND_LABELS: Record<RetainerKind, string> = {
  deposit: 'Deposit', application: 'Applied to bill', refund: 'Refund', reversal: 'Application reversed',
};

/** What an entry does to the balance: deposits and reversals add, applications and refunds take. */
export const retainerSign = (kind: RetainerKind) => (kind === 'deposit' || kind === 'reversal' ? 1 : -1);

export const retainerBalance = (entries: readonly { kind: RetainerKind; amount: number }[]) =>
  roundToCents(entries.reduce((s, e) => s + retainerSign(e.kind) * e.amount, 0));

/** The notice a case's retainer raises when it is below its threshold, or null. */
export function retainerNotice(fileNumber: string, balance: number, threshold: number | null): string | null {
  if (threshold === null || balance >= threshold) return null;
  return `Retainer for ${fileNumber} is below ${formatCurrency(threshold)}`;
}
