import type { TBillDetail } from '../api/accounting.ts';
import { formatBillNumber, termsLabel } from './billing.ts';
import { encodeCp1252 } from './cp1252.ts';
import type { QbTransaction } from './qb-ledger.ts';
import { QB_TOTALS_COLUMNS, type QbClientTotals } from './qb-totals.ts';
import { csvField } from '../time/reports.ts';

// QuickBooks exports of a period (issues 24 and 38, docs/decisions/086 and 114), written from the
// transactions of qb-ledger.ts: an IIF file for QuickBooks Desktop (Windows-1252), a journal-entry
// CSV for QuickBooks Online, and the period's totals per client to check either import against.

export type QbBill = Pick<TBillDetail,
  'number' | 'clientName' | 'caseName' | 'fileNumber' | 'issuedOn' | 'dueOn' | 'termsDays' | 'timeTotal' | 'expenseTotal' |
  'discountTotal' | 'total' | 'lines'>;

/** YYYY-MM-DD → MM/DD/YYYY. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const money = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);
const centsText = (cents: number) => (cents / 100).toFixed(2);

/** One IIF field: tabs and line breaks would break the row, double quotes confuse the importer. */
export const iifText = (value: string) => value.replace(/[\t\r\n]+/g, ' ').replace(/"/g, "'").trim();

export const IIF_HEADERS = [
  ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'],
  ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'],
  ['!ENDTRNS'],
] as const;

/** The IIF text: headers, then per transaction its TRNS row, SPL rows that balance it, ENDTRNS; tab-separated, CRLF. */
export function iifLines(transactions: readonly QbTransaction[]): string {
  const rows: string[][] = IIF_HEADERS.map((h) => [...h]);
  for (const t of transactions) {
    const [own, ...splits] = t.lines;
    const common = (l: { account: string; cents: number }) =>
      [iifText(t.type), usDate(t.date), iifText(l.account), iifText(t.name), centsText(l.cents), iifText(t.doc)];
    rows.push(['TRNS', '', ...common(own!), iifText(t.memo), t.due ? usDate(t.due) : '']);
    for (const s of splits) rows.push(['SPL', '', ...common(s), iifText(s.memo)]);
    rows.push(['ENDTRNS']);
  }
  return rows.map((r) => `${r.join('\t')}\r\n`).join('');
}

/** The IIF file as QuickBooks Desktop reads it: Windows-1252 bytes. */
export const iifFile = (transactions: readonly QbTransaction[]): Uint8Array => encodeCp1252(iifLines(transactions));

// QuickBooks Online: journal entries ------------------------------------------------------------

export const QBO_JOURNAL_COLUMNS = ['JournalNo', 'JournalDate', 'TransactionType', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'] as const;
const QBO_TYPE_NAMES: Record<QbTransaction['type'], string> = {
  INVOICE: 'Invoice', PAYMENT: 'Payment', 'CREDIT MEMO': 'Credit Memo', DEPOSIT: 'Deposit', CHECK: 'Refund', 'GENERAL JOURNAL': 'Journal Entry',
};

/**
 * The CSV for QuickBooks Online's journal-entry import: a row per line of every transaction (its
 * rows share a JournalNo and balance), the client's name on each, debits and credits unsigned.
 * QBO's invoice importer takes invoices only, so it cannot carry payments, credit memos or retainers.
 */
export function qboJournalCsv(transactions: readonly QbTransaction[]): string {
  const rows = [QBO_JOURNAL_COLUMNS.map((c) => csvField(c)).join(',')];
  for (const t of transactions) {
    for (const l of t.lines) {
      rows.push([
        csvField(t.doc), usDate(t.date), csvField(QBO_TYPE_NAMES[t.type]), csvField(l.account),
        l.cents > 0 ? centsText(l.cents) : '', l.cents < 0 ? centsText(-l.cents) : '', csvField(`${t.memo}${l.memo !== t.memo ? ` - ${l.memo}` : ''}`), csvField(t.name),
      ].join(','));
    }
  }
  return rows.map((r) => `${r}\r\n`).join('');
}

/** The period's totals per client (qb-totals.ts) as CSV, the last row 'Total'. */
export function qbTotalsCsv(totals: readonly QbClientTotals[]): string {
  const rows = [QB_TOTALS_COLUMNS.map(([, label]) => csvField(label)).join(',')];
  for (const t of totals) rows.push(QB_TOTALS_COLUMNS.map(([key]) => (key === 'client' ? csvField(t.client) : money(t[key] as number))).join(','));
  return rows.map((r) => `${r}\r\n`).join('');
}

// QuickBooks Online: the invoice importer (view=invoices), invoices only -------------------------

export const QBO_COLUMNS = [
  'InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate', 'Terms', 'Memo', 'Item(Product/Service)', 'ItemDescription',
  'ItemQuantity', 'ItemRate', 'ItemAmount', 'Service Date',
] as const;
export const QBO_ITEMS = { time: 'Professional Fees', expense: 'Reimbursed Expenses', discount: 'Discount' } as const;

/**
 * The CSV for QuickBooks Online's invoice import: a row per bill line (the invoice's columns repeated,
 * as the importer groups rows by InvoiceNo), and the discount as a negative line. A written-down
 * line carries its amount only (quantity × rate would not match it).
 */
export function qboInvoicesCsv(bills: readonly QbBill[]): string {
  const rows: string[] = [QBO_COLUMNS.map((c) => csvField(c)).join(',')];
  for (const bill of bills) {
    const issuedOn = bill.issuedOn ?? '';
    const head = [
      csvField(formatBillNumber(bill.number)), csvField(bill.clientName), usDate(issuedOn), usDate(bill.dueOn ?? issuedOn),
      csvField(termsLabel(bill.termsDays)), csvField(`${bill.fileNumber} ${bill.caseName}`),
    ];
    for (const l of bill.lines) {
      const adjusted = Math.round(l.amount * 100) !== Math.round(l.originalAmount * 100);
      const time = l.kind === 'time';
      const description = [l.type, l.staff, l.description].filter(Boolean).join(' - ');
      const quantity = adjusted ? '' : time ? String(l.hours ?? 0) : '1';
      const rate = adjusted ? '' : time ? money(l.rate ?? 0) : money(l.amount);
      rows.push([...head, csvField(time ? QBO_ITEMS.time : QBO_ITEMS.expense), csvField(description), quantity, rate, money(l.amount), usDate(l.entryDate)].join(','));
    }
    if (bill.discountTotal > 0) {
      rows.push([...head, csvField(QBO_ITEMS.discount), csvField('Discount'), '', '', money(-bill.discountTotal), usDate(issuedOn)].join(','));
    }
  }
  return rows.map((r) => `${r}\r\n`).join('');
}

/** File names say the period: QuickBooks-2026-06-01-to-2026-06-30.iif / .csv, QuickBooks-…-totals.csv, QuickBooks-…-invoices.csv. */
export const quickbooksFileName = (from: string, to: string, extension: 'iif' | 'csv', what?: 'totals' | 'invoices') =>
  `QuickBooks-${from}-to-${to}${what ? `-${what}` : ''}.${extension}`;
