import type { TBillDetail, TBillLine, TPayment } from '../api/accounting.ts';
import { formatBillNumber, formatCreditNoteNumber, formatPaymentNumber, PAYMENT_METHOD_LABELS } from './billing.ts';
import { formatCurrency } from '../money.ts';
import { formatUsDate } from '../smart-date.ts';

// What the bill PDF prints (issues 11 and 24): a bill a client can pay from. Its heading facts,
// who it is addressed to, its two tables' cells (as billed), its totals down to the
// balance due, and its file name.

export const BILL_PDF_MARGINS = { top: 80, bottom: 72, left: 40, right: 40 } as const;

export const TIME_COLUMNS = ['Date', 'Project', 'Staff', 'Job type', 'Hours', 'Rate', 'Amount', 'Description'] as const;
export const EXPENSE_COLUMNS = ['Date', 'Project', 'Staff', 'Expense type', 'Amount', 'Description'] as const;

/**
 * A bill shows each line as billed (issue 38): the adjusted amount, never what it was, and never
 * the firm's internal reason for a write-down; only the optional note for the client, under the description.
 */
const amountCell = (l: TBillLine) => formatCurrency(l.amount);
const descriptionCell = (l: TBillLine) => {
  const note = l.adjustmentReason === null ? '' : (l.clientNote ?? '').trim();
  // The fee rule that priced the line is printed under it ('Deposition minimum 2.0 h', docs/decisions/138).
  return [l.description, l.feeRule ?? '', note].filter((text) => text !== '').join('\n');
};

export const timeCells = (l: TBillLine): string[] => [
  formatUsDate(l.entryDate), l.projectNumber, l.staff, l.type, (l.billedHours ?? l.hours ?? 0).toFixed(2), formatCurrency(l.rate),
  amountCell(l), descriptionCell(l),
];

export const expenseCells = (l: TBillLine): string[] => [
  formatUsDate(l.entryDate), l.projectNumber, l.staff, l.type, amountCell(l), descriptionCell(l),
];

/** The title: 'Bill 0007', with DRAFT or VOID when it is not a bill to send. */
export function billTitle(bill: Pick<TBillDetail, 'number' | 'status'>): string {
  const mark = bill.status === 'draft' ? ' — DRAFT' : bill.status === 'void' ? ' — VOID' : '';
  return `Bill ${formatBillNumber(bill.number)}${mark}`;
}

/** The facts beside the title, label and value: the ones that are set. */
export function billFacts(bill: TBillDetail): [string, string][] {
  const facts: [string, string | null][] = [
    ['Bill number', formatBillNumber(bill.number)],
    ['Issue date', bill.issuedOn && formatUsDate(bill.issuedOn)],
    ['Due date', bill.dueOn && formatUsDate(bill.dueOn)],
    ['Terms', bill.terms || null],
    ['Case file', bill.fileNumber],
    ['Your matter', bill.clientMatterId || null],
    ['Period', `${formatUsDate(bill.periodStart)} – ${formatUsDate(bill.periodEnd)}`],
  ];
  return facts.filter((f): f is [string, string] => Boolean(f[1]));
}

/** Who the bill is addressed to: the bill-to name, then the billing address line by line. */
export const billToLines = (bill: Pick<TBillDetail, 'billToName' | 'clientName' | 'billingAddress'>): string[] =>
  [bill.billToName || bill.clientName, ...bill.billingAddress.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)];

/** 'Retainer applied', or 'Payment PMT-0003, Check 1042'. */
export const paymentLabel = (p: Pick<TPayment, 'method' | 'number' | 'reference'>) => p.method === 'retainer' ? 'Retainer applied'
  : `Payment ${formatPaymentNumber(p.number)}, ${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` ${p.reference}` : ''}`;

export interface TotalLine { label: string; amount: string; strong?: boolean }

/**
 * The totals block: the lines' totals, the discount, the total, each credit note and payment
 * applied in date order (reversed payments left out), the balance due, and what the case's retainer still holds.
 */
export function billTotals(bill: TBillDetail): TotalLine[] {
  const minus = (n: number) => formatCurrency(-n);
  const discount = bill.discount?.kind === 'percent' ? `Discount (${bill.discount.value}%)` : 'Discount';
  const hasRetainer = bill.retainer.applied > 0 || bill.retainer.remaining > 0;
  return [
    { label: 'Hours', amount: bill.hours.toFixed(2) },
    { label: 'Time', amount: formatCurrency(bill.timeTotal) },
    { label: 'Expenses', amount: formatCurrency(bill.expenseTotal) },
    ...(bill.discountTotal > 0 ? [
      { label: 'Subtotal', amount: formatCurrency(bill.subtotal) }, { label: discount, amount: minus(bill.discountTotal) },
    ] : []),
    { label: 'Total', amount: formatCurrency(bill.total), strong: true },
    ...[
      ...bill.creditNotes.filter((c) => c.appliedAmount > 0).map((c) => ({
        on: c.issuedOn, label: `Credit note ${formatCreditNoteNumber(c.number)}`, amount: c.appliedAmount,
      })),
      ...bill.payments.filter((p) => p.reversedOn === null).map((p) => ({ on: p.receivedOn, label: paymentLabel(p), amount: p.appliedAmount })),
    ].sort((a, b) => a.on.localeCompare(b.on)).map((d) => ({ label: `${d.label} (${formatUsDate(d.on)})`, amount: minus(d.amount) })),
    { label: 'Balance due', amount: formatCurrency(bill.balance), strong: true },
    ...(hasRetainer ? [{ label: 'Retainer remaining', amount: formatCurrency(bill.retainer.remaining) }] : []),
  ];
}

/** `Bill-0007-Cobalt-Industries.pdf`. */
export function billFileName(bill: Pick<TBillDetail, 'number' | 'clientName'>): string {
  const client = bill.clientName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `Bill-${formatBillNumber(bill.number)}${client ? `-${client}` : ''}.pdf`;
}
