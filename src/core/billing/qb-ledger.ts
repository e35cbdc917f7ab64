import { formatBillNumber, formatCreditNoteNumber, formatPaymentNumber, type PaymentMethod } from './billing.ts';

// What Casebook's money events are in double entry (issue 38, docs/decisions/114): one list of
// balanced transactions that both QuickBooks files are written from, so the IIF and the CSV cannot
// disagree. Three accounts hold a client's money, each equal to a figure of Casebook's statement:
// Accounts Receivable (the closing balance), Client Credit (the client credit) and Client Retainers
// (the retainer held). Amounts are debits when positive, credits when negative, as in IIF.

export const QB_ACCOUNTS = {
  receivable: 'Accounts Receivable',
  fees: 'Professional Fees',
  expenses: 'Reimbursed Expenses',
  discounts: 'Discounts Given',
  /** Credit notes: income given back. */
  credits: 'Credits Given',
  /** Where checks, ACH, wires, cards and cash (payments and retainer deposits) wait to be deposited. */
  deposits: 'Undeposited Funds',
  /** The bank account retainer refunds are paid from. */
  bank: 'Checking',
  /** Client funds held per case (a liability). */
  retainers: 'Client Retainers',
  /** What a client paid or was credited beyond a bill's balance (a liability until used). */
  clientCredit: 'Client Credit',
} as const;
export type QbAccounts = Record<keyof typeof QB_ACCOUNTS, string>;

export interface LedgerBill {
  number: number; clientName: string; caseName: string; fileNumber: string; issuedOn: string; dueOn: string | null;
  timeTotal: number; expenseTotal: number; discountTotal: number; total: number;
}
export interface LedgerPayment {
  number: number; billNumber: number; clientName: string; receivedOn: string; method: PaymentMethod; reference: string;
  amount: number; appliedAmount: number; reversedOn: string | null; reversalReason: string | null;
}
export interface LedgerCreditNote { number: number; billNumber: number; clientName: string; issuedOn: string; reason: string; amount: number; appliedAmount: number }
/** A retainer deposit or refund (applications and their returns are payments of method 'retainer'). */
export interface LedgerRetainerEntry {
  id: string; kind: 'deposit' | 'refund'; clientName: string; fileNumber: string; entryDate: string; method: string; reference: string; amount: number;
}
export interface LedgerInput {
  from: string; to: string;
  bills: readonly LedgerBill[]; payments: readonly LedgerPayment[]; creditNotes: readonly LedgerCreditNote[]; retainer: readonly LedgerRetainerEntry[];
  accounts?: QbAccounts;
}

export const QB_KINDS = ['bill', 'payment', 'credit_applied', 'reversal', 'credit_note', 'retainer_deposit', 'retainer_refund'] as const;
export type QbKind = (typeof QB_KINDS)[number];
export type QbType = 'INVOICE' | 'PAYMENT' | 'CREDIT MEMO' | 'DEPOSIT' | 'CHECK' | 'GENERAL JOURNAL';
/** In cents: positive a debit, negative a credit. The first line is the transaction's own (IIF's TRNS row). */
export interface QbLine { account: string; cents: number; memo: string }
export interface QbTransaction { kind: QbKind; type: QbType; date: string; doc: string; name: string; memo: string; due?: string; lines: QbLine[] }

export const toCents = (amount: number) => Math.round(amount * 100);
const inPeriod = (date: string | null, input: LedgerInput): date is string => date !== null && date >= input.from && date <= input.to;
/** Lines of zero left out, except the first `keep` (a transaction needs its TRNS row; an invoice its fees split). */
const kept = (keep: number, all: QbLine[]) => all.filter((l, i) => i < keep || l.cents !== 0).map((l) => ({ ...l, cents: l.cents + 0 }));
const lines = (...all: QbLine[]) => kept(1, all);

function invoice(b: LedgerBill, a: QbAccounts): QbTransaction {
  return {
    kind: 'bill', type: 'INVOICE', date: b.issuedOn, doc: formatBillNumber(b.number), name: b.clientName,
    memo: `${b.fileNumber} ${b.caseName}`, due: b.dueOn ?? b.issuedOn,
    lines: kept(2, [
      { account: a.receivable, cents: toCents(b.total), memo: `${b.fileNumber} ${b.caseName}` },
      // The fees split stays even at zero: QuickBooks wants an invoice to have a line.
      { account: a.fees, cents: -toCents(b.timeTotal), memo: 'Professional services' },
      { account: a.expenses, cents: -toCents(b.expenseTotal), memo: 'Reimbursable expenses' },
      { account: a.discounts, cents: toCents(b.discountTotal), memo: 'Discount' },
    ]),
  };
}

/** A payment: from its source (deposits, the retainer or the client's credit) to the bill, the rest held as client credit. */
function payment(p: LedgerPayment, a: QbAccounts): QbTransaction {
  const applied = toCents(p.appliedAmount);
  const excess = toCents(p.amount) - applied;
  const how = p.method === 'retainer' ? 'from retainer' : p.method === 'client_credit' ? 'from client credit' : p.method.toUpperCase();
  const memo = [`Bill ${formatBillNumber(p.billNumber)}`, how, p.reference].filter(Boolean).join(' ');
  const source = p.method === 'retainer' ? a.retainers : p.method === 'client_credit' ? a.clientCredit : a.deposits;
  const received: QbLine[] = source === a.deposits
    ? [{ account: a.deposits, cents: applied + excess, memo }]
    : [{ account: source, cents: applied, memo }, { account: a.deposits, cents: excess, memo: 'Paid beyond the balance' }];
  return {
    kind: p.method === 'client_credit' ? 'credit_applied' : 'payment', type: p.method === 'client_credit' ? 'GENERAL JOURNAL' : 'PAYMENT',
    date: p.receivedOn, doc: formatPaymentNumber(p.number), name: p.clientName, memo,
    lines: lines(...received, { account: a.receivable, cents: -applied, memo }, { account: a.clientCredit, cents: -excess, memo: 'Held as client credit' }),
  };
}

/** A reversal undoes its payment line by line, on the day it was reversed. */
function reversal(p: LedgerPayment, a: QbAccounts): QbTransaction {
  const memo = `Reversal of ${formatPaymentNumber(p.number)}: ${p.reversalReason ?? ''}`.trim();
  const original = payment(p, a);
  // The bill owes again first (the TRNS row on Accounts Receivable), then the money goes back where it came from.
  const undone = original.lines.map((l) => ({ ...l, cents: -l.cents, memo }));
  const receivable = undone.filter((l) => l.account === a.receivable);
  return {
    kind: 'reversal', type: 'GENERAL JOURNAL', date: p.reversedOn!, doc: `${formatPaymentNumber(p.number)}R`, name: p.clientName, memo,
    lines: [...receivable, ...undone.filter((l) => l.account !== a.receivable)],
  };
}

/** A credit note: income given back; the part beyond the bill's balance is held as client credit. */
function creditMemo(c: LedgerCreditNote, a: QbAccounts): QbTransaction {
  const applied = toCents(c.appliedAmount);
  const memo = `Bill ${formatBillNumber(c.billNumber)}: ${c.reason}`;
  return {
    kind: 'credit_note', type: 'CREDIT MEMO', date: c.issuedOn, doc: formatCreditNoteNumber(c.number), name: c.clientName, memo,
    lines: lines(
      { account: a.receivable, cents: -applied, memo },
      { account: a.credits, cents: toCents(c.amount), memo: c.reason },
      { account: a.clientCredit, cents: applied - toCents(c.amount), memo: 'Held as client credit' },
    ),
  };
}

function retainerEntry(r: LedgerRetainerEntry, a: QbAccounts): QbTransaction {
  const cents = toCents(r.amount);
  const deposit = r.kind === 'deposit';
  const memo = [`Retainer ${deposit ? 'deposit' : 'refund'}, case ${r.fileNumber}`, r.method.toUpperCase(), r.reference].filter(Boolean).join(' ');
  return {
    kind: deposit ? 'retainer_deposit' : 'retainer_refund', type: deposit ? 'DEPOSIT' : 'CHECK', date: r.entryDate,
    doc: `RET-${r.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`, name: r.clientName, memo,
    lines: deposit
      ? [{ account: a.deposits, cents, memo }, { account: a.retainers, cents: -cents, memo }]
      : [{ account: a.bank, cents: -cents, memo }, { account: a.retainers, cents, memo }],
  };
}

/**
 * Every transaction of the period, by date then kind: bills issued, payments received, payments
 * reversed (each in its own period, so a payment and its reversal both go, whenever they happened),
 * credit notes, retainer deposits and refunds. Each one balances (its lines sum to zero).
 */
export function ledgerOf(input: LedgerInput): QbTransaction[] {
  const a = input.accounts ?? QB_ACCOUNTS;
  const all = [
    ...input.bills.filter((b) => inPeriod(b.issuedOn, input)).map((b) => invoice(b, a)),
    ...input.payments.filter((p) => inPeriod(p.receivedOn, input)).map((p) => payment(p, a)),
    ...input.payments.filter((p) => inPeriod(p.reversedOn, input)).map((p) => reversal(p, a)),
    ...input.creditNotes.filter((c) => inPeriod(c.issuedOn, input)).map((c) => creditMemo(c, a)),
    ...input.retainer.filter((r) => inPeriod(r.entryDate, input)).map((r) => retainerEntry(r, a)),
  ];
  return all.sort((x, y) => x.date.localeCompare(y.date) || QB_KINDS.indexOf(x.kind) - QB_KINDS.indexOf(y.kind) || x.doc.localeCompare(y.doc));
}
