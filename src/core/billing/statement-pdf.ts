import type { TStatement } from '../api/accounting.ts';
import type { TotalLine } from './bill-pdf.ts';
import { AGE_BUCKETS, AGE_LABELS } from './billing.ts';
import { formatCurrency } from '../money.ts';
import { formatUsDate } from '../smart-date.ts';

// What the statement PDF prints (issue 24): its table's cells, its summary and its file name.

export const STATEMENT_TITLE = 'Statement of account';
export const STATEMENT_COLUMNS = ['Date', 'Reference', 'Description', 'Charges', 'Credits', 'Balance'] as const;

/** Money in a charge or credit column: blank where the line has none. */
const amountCell = (n: number) => (n === 0 ? '' : formatCurrency(n));

/** The table: the opening balance, each line, the closing balance. */
export function statementRows(s: TStatement): string[][] {
  return [
    [formatUsDate(s.from), '', 'Opening balance', '', '', formatCurrency(s.openingBalance)],
    ...s.lines.map((l) => [formatUsDate(l.date), l.reference, l.overdue ? `${l.description} — Overdue` : l.description, amountCell(l.charge), amountCell(l.credit), formatCurrency(l.balance)]),
    [formatUsDate(s.to), '', 'Closing balance', '', '', formatCurrency(s.closingBalance)],
  ];
}

/** The facts beside the title. */
export const statementFacts = (s: Pick<TStatement, 'from' | 'to'>): [string, string][] =>
  [['Statement date', formatUsDate(s.to)], ['Period', `${formatUsDate(s.from)} – ${formatUsDate(s.to)}`]];

/** The summary under the table, label and amount: what is owed, and what the firm holds for the client. */
export const statementSummary = (s: TStatement): TotalLine[] => [
  { label: 'Balance due', amount: formatCurrency(s.closingBalance), strong: true },
  { label: 'Retainer held', amount: formatCurrency(s.retainerBalance) },
  ...(s.clientCredit > 0 ? [{ label: 'Client credit', amount: formatCurrency(s.clientCredit) }] : []),
];

export const AGING_COLUMNS = AGE_BUCKETS.map((b) => AGE_LABELS[b]);

/** The aging row: each bucket's total, in order. */
export const agingCells = (s: TStatement): string[] => s.aging.map((a) => formatCurrency(a.total));

/** `Statement-Cobalt-Industries-2026-05-31.pdf`. */
export function statementFileName(s: Pick<TStatement, 'client' | 'to'>): string {
  const client = s.client.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `Statement${client ? `-${client}` : ''}-${s.to}.pdf`;
}
