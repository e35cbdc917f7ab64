import type { TBillDetail, TBillLine } from './api/accounting.ts';
import { formatBillNumber } from './billing.ts';
import { formatCurrency } from './money.ts';
import { formatUsDate } from './smart-date.ts';

// What the bill PDF prints (issue 11): its heading lines, its two tables' cells and its totals.

export const BILL_PDF_MARGINS = { top: 80, bottom: 72, left: 40, right: 40 } as const;

export const TIME_COLUMNS = ['Date', 'Project', 'Staff', 'Job type', 'Hours', 'Rate', 'Amount', 'Description'] as const;
export const EXPENSE_COLUMNS = ['Date', 'Project', 'Staff', 'Expense type', 'Amount', 'Description'] as const;

export const timeCells = (l: TBillLine): string[] => [
  formatUsDate(l.entryDate), l.projectNumber, l.staff, l.type, (l.hours ?? 0).toFixed(2), formatCurrency(l.rate),
  formatCurrency(l.amount), l.description,
];

export const expenseCells = (l: TBillLine): string[] => [
  formatUsDate(l.entryDate), l.projectNumber, l.staff, l.type, formatCurrency(l.amount), l.description,
];

/** The title: 'Bill 0007', with DRAFT or VOID when it is not a bill to send. */
export function billTitle(bill: Pick<TBillDetail, 'number' | 'status'>): string {
  const mark = bill.status === 'draft' ? ' — DRAFT' : bill.status === 'void' ? ' — VOID' : '';
  return `Bill ${formatBillNumber(bill.number)}${mark}`;
}

/** The lines under the title: client, case, period, issue and paid dates that are set. */
export function billHeading(bill: TBillDetail): string[] {
  return [
    `Bill to: ${bill.clientName}`,
    `Case: ${bill.fileNumber}${bill.caseName ? ` — ${bill.caseName}` : ''}`,
    `Period: ${formatUsDate(bill.periodStart)} – ${formatUsDate(bill.periodEnd)}`,
    ...(bill.issuedOn ? [`Issued: ${formatUsDate(bill.issuedOn)}`] : []),
    ...(bill.paidOn ? [`Paid: ${formatUsDate(bill.paidOn)}`] : []),
  ];
}

/** The totals block, label and amount. */
export const billTotals = (bill: TBillDetail): [string, string][] => [
  ['Hours', bill.hours.toFixed(2)],
  ['Time', formatCurrency(bill.timeTotal)],
  ['Expenses', formatCurrency(bill.expenseTotal)],
  ['Total', formatCurrency(bill.total)],
];

/** `Bill-0007-Cobalt-Industries.pdf`. */
export function billFileName(bill: Pick<TBillDetail, 'number' | 'clientName'>): string {
  const client = bill.clientName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `Bill-${formatBillNumber(bill.number)}${client ? `-${client}` : ''}.pdf`;
}
