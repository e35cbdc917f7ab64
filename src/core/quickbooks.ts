import type { TBillDetail, TPayment } from './api/accounting.ts';
import { formatBillNumber, formatPaymentNumber, termsLabel } from './billing.ts';
import { csvField } from './reports.ts';

// QuickBooks exports of a period (issue 24, docs/decisions/086): an IIF file for QuickBooks Desktop
// (invoices and payments) and a CSV for QuickBooks Online's invoice importer (invoices only: that
// importer takes no payments). The account and item names are the firm's QuickBooks defaults.

export const QB_ACCOUNTS = {
  receivable: 'Accounts Receivable',
  fees: 'Professional Fees',
  expenses: 'Reimbursed Expenses',
  discounts: 'Discounts Given',
  /** Where checks, ACH, wires, cards and cash wait to be deposited. */
  deposits: 'Undeposited Funds',
  /** Client funds held: a retainer applied to a bill is paid from here. */
  retainers: 'Client Retainers',
} as const;

export type QbBill = Pick<TBillDetail,
  'number' | 'clientName' | 'caseName' | 'fileNumber' | 'issuedOn' | 'dueOn' | 'termsDays' | 'timeTotal' | 'expenseTotal' |
  'discountTotal' | 'total' | 'lines'>;
export type QbPayment = Pick<TPayment, 'number' | 'billNumber' | 'receivedOn' | 'method' | 'reference' | 'amount' | 'reversedOn' | 'reversalReason'>
  & { clientName: string };

/** YYYY-MM-DD → MM/DD/YYYY. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const money = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);

/**
 * Which payments of a period go to QuickBooks. A payment counts in the period it was received; one
 * reversed by the end of the period is left out; one received before the period and reversed within
 * it (so already sent in an earlier period's file) goes as its own reversal. Payments from client
 * credit move no money (the credit is already in Accounts Receivable) and are left out.
 */
export function paymentsToExport<P extends QbPayment>(payments: readonly P[], from: string, to: string) {
  const moving = payments.filter((p) => p.method !== 'client_credit');
  return {
    payments: moving.filter((p) => p.receivedOn >= from && p.receivedOn <= to && (p.reversedOn === null || p.reversedOn > to)),
    reversals: moving.filter((p) => p.reversedOn !== null && p.reversedOn >= from && p.reversedOn <= to && p.receivedOn < from),
  };
}

/** One IIF field: tabs and line breaks would break the row, double quotes confuse the importer. */
export const iifText = (value: string) => value.replace(/[\t\r\n]+/g, ' ').replace(/"/g, "'").trim();

export const IIF_HEADERS = [
  ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'],
  ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'],
  ['!ENDTRNS'],
] as const;

type Split = { account: string; amount: number; memo: string };

/** One transaction: its TRNS row, SPL rows that balance it (they sum to minus its amount), ENDTRNS. */
function transaction(t: { type: string; date: string; account: string; name: string; amount: number; doc: string; memo: string; due?: string }, splits: Split[]) {
  const trns = ['TRNS', '', t.type, usDate(t.date), iifText(t.account), iifText(t.name), money(t.amount), iifText(t.doc), iifText(t.memo), t.due ? usDate(t.due) : ''];
  const spl = splits.map((s) => ['SPL', '', t.type, usDate(t.date), iifText(s.account), iifText(t.name), money(s.amount), iifText(t.doc), iifText(s.memo)]);
  return [trns, ...spl, ['ENDTRNS']];
}

/** An invoice split by income type; the fees split stays even at zero, as a transaction needs one. */
function invoiceOf(bill: Omit<QbBill, 'lines'>) {
  const splits: Split[] = [
    { account: QB_ACCOUNTS.fees, amount: -bill.timeTotal, memo: 'Professional services' },
    { account: QB_ACCOUNTS.expenses, amount: -bill.expenseTotal, memo: 'Reimbursable expenses' },
    { account: QB_ACCOUNTS.discounts, amount: bill.discountTotal, memo: 'Discount' },
  ].filter((s, i) => i === 0 || Math.round(s.amount * 100) !== 0);
  const issuedOn = bill.issuedOn ?? '';
  return transaction({
    type: 'INVOICE', date: issuedOn, account: QB_ACCOUNTS.receivable, name: bill.clientName, amount: bill.total,
    doc: formatBillNumber(bill.number), memo: `${bill.fileNumber} ${bill.caseName}`, due: bill.dueOn ?? issuedOn,
  }, splits);
}

const depositAccount = (p: QbPayment) => (p.method === 'retainer' ? QB_ACCOUNTS.retainers : QB_ACCOUNTS.deposits);
const paymentMemo = (p: QbPayment) =>
  [`Bill ${formatBillNumber(p.billNumber)}`, p.method === 'retainer' ? 'from retainer' : p.method.toUpperCase(), p.reference].filter(Boolean).join(' ');

/** The IIF file: every invoice issued and payment received in the period; CRLF line ends, tab-separated. */
export function iifFile(input: { bills: readonly Omit<QbBill, 'lines'>[]; payments: readonly QbPayment[]; from: string; to: string }): string {
  const { payments, reversals } = paymentsToExport(input.payments, input.from, input.to);
  const rows: string[][] = IIF_HEADERS.map((h) => [...h]);
  for (const bill of input.bills) rows.push(...invoiceOf(bill));
  for (const p of payments) {
    rows.push(...transaction({
      type: 'PAYMENT', date: p.receivedOn, account: depositAccount(p), name: p.clientName, amount: p.amount,
      doc: formatPaymentNumber(p.number), memo: paymentMemo(p),
    }, [{ account: QB_ACCOUNTS.receivable, amount: -p.amount, memo: paymentMemo(p) }]));
  }
  // A reversal puts the amount back on the client's account and takes it out of the deposit account.
  for (const p of reversals) {
    const memo = `Reversal of ${formatPaymentNumber(p.number)}: ${p.reversalReason ?? ''}`;
    rows.push(...transaction({
      type: 'GENERAL JOURNAL', date: p.reversedOn!, account: QB_ACCOUNTS.receivable, name: p.clientName, amount: p.amount,
      doc: `${formatPaymentNumber(p.number)}R`, memo,
    }, [{ account: depositAccount(p), amount: -p.amount, memo }]));
  }
  return rows.map((r) => `${r.join('\t')}\r\n`).join('');
}

// QuickBooks Online ------------------------------------------------------------------------------

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

/** File names say the period: QuickBooks-2026-06-01-to-2026-06-30.iif / .csv. */
export const quickbooksFileName = (from: string, to: string, extension: 'iif' | 'csv') => `QuickBooks-${from}-to-${to}.${extension}`;
