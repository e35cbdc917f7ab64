import type { TStatement } from '../api/accounting.ts';
import {
  ageBucket, agingTotals, formatBillNumber, formatCreditNoteNumber, formatPaymentNumber, PAYMENT_METHOD_LABELS, type PaymentMethod,
} from './billing.ts';
import { roundToCents } from '../money.ts';
import { retainerSection, type StatementRetainerEntry } from './statement-retainer.ts';

// A client's statement of account for a period (issue 24, docs/decisions/085): the one place its
// arithmetic is written. It reads every bill, payment and credit note of the client up to the
// period's end (void bills left out): what happened before `from` is the opening balance, what
// happened in the period is a line, and what each bill still owes on `to` is its age.

export interface StatementBill { id: string; number: number; issuedOn: string; dueOn: string | null; total: number; fileNumber: string }
export interface StatementPayment {
  number: number; billId: string; receivedOn: string; method: PaymentMethod; reference: string; appliedAmount: number;
  /** The firm's day the payment was reversed, or null. */
  reversedOn: string | null; reversalReason: string | null;
}
export interface StatementCreditNote { number: number; billId: string; issuedOn: string; reason: string; appliedAmount: number }

export interface StatementInput {
  client: TStatement['client'];
  from: string;
  to: string;
  bills: readonly StatementBill[];
  payments: readonly StatementPayment[];
  creditNotes: readonly StatementCreditNote[];
  retainerBalance: number;
  clientCredit: number;
  /** The firm's today: a statement ending later marks bills overdue as of today, not as of `to`. */
  today?: string;
  /** The retainer entries of the client's cases up to `to` (issue 38); without them the section holds only the balance. */
  retainerEntries?: readonly StatementRetainerEntry[];
}

type Line = TStatement['lines'][number];
type Event = Omit<Line, 'balance'> & { billId: string; order: number; number: number };

// On one day: the bill first, then what was paid, reversed and credited on it.
const ORDER = { bill: 0, payment: 1, reversal: 2, credit_note: 3 } as const;

/** Every event that moves what the client owes, on or before `to`, of bills that are not void. */
function eventsOf(input: StatementInput): Event[] {
  const bills = new Map(input.bills.map((b) => [b.id, b]));
  const billRef = (id: string) => `Bill ${formatBillNumber(bills.get(id)!.number)}`;
  const events: Event[] = [];
  const add = (e: Omit<Event, 'order'>) => { if (e.date <= input.to) events.push({ ...e, order: ORDER[e.kind] }); };
  for (const b of input.bills) {
    add({ date: b.issuedOn, kind: 'bill', reference: billRef(b.id), description: `Case ${b.fileNumber}`, charge: b.total, credit: 0, billId: b.id, number: b.number });
  }
  for (const p of input.payments.filter((x) => bills.has(x.billId))) {
    const how = p.method === 'retainer' ? 'Retainer applied' : `Payment, ${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` ${p.reference}` : ''}`;
    const reference = formatPaymentNumber(p.number);
    add({ date: p.receivedOn, kind: 'payment', reference, description: `${how} (${billRef(p.billId)})`, charge: 0, credit: p.appliedAmount, billId: p.billId, number: p.number });
    if (p.reversedOn) {
      const why = p.reversalReason ? `: ${p.reversalReason}` : '';
      add({ date: p.reversedOn, kind: 'reversal', reference, description: `Payment reversed${why} (${billRef(p.billId)})`, charge: p.appliedAmount, credit: 0, billId: p.billId, number: p.number });
    }
  }
  for (const c of input.creditNotes.filter((x) => bills.has(x.billId))) {
    add({ date: c.issuedOn, kind: 'credit_note', reference: formatCreditNoteNumber(c.number), description: `Credit note: ${c.reason} (${billRef(c.billId)})`, charge: 0, credit: c.appliedAmount, billId: c.billId, number: c.number });
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.number - b.number);
}

export function buildStatement(input: StatementInput): TStatement {
  const events = eventsOf(input);
  const owed = new Map<string, number>();
  let balance = 0;
  const lines: Line[] = [];
  let openingBalance = 0;
  for (const e of events) {
    const change = e.charge - e.credit;
    owed.set(e.billId, roundToCents((owed.get(e.billId) ?? 0) + change));
    balance = roundToCents(balance + change);
    if (e.date < input.from) openingBalance = balance;
    else lines.push({ date: e.date, kind: e.kind, reference: e.reference, description: e.description, charge: e.charge, credit: e.credit, balance });
  }
  // A bill still owing on the statement's day, past its due date, reads Overdue (issue 38).
  const asOf = input.today !== undefined && input.today < input.to ? input.today : input.to;
  const byRef = new Map(input.bills.map((b) => [`Bill ${formatBillNumber(b.number)}`, b]));
  for (const line of lines) {
    const bill = line.kind === 'bill' ? byRef.get(line.reference) : undefined;
    if (bill && (owed.get(bill.id) ?? 0) > 0 && (bill.dueOn ?? bill.issuedOn) < asOf) line.overdue = true;
  }
  const open = input.bills.filter((b) => b.issuedOn <= input.to && (owed.get(b.id) ?? 0) > 0)
    .map((b) => ({ bucket: ageBucket(b.dueOn ?? b.issuedOn, input.to), balance: owed.get(b.id)! }));
  return {
    client: input.client, from: input.from, to: input.to, openingBalance, lines, closingBalance: balance,
    retainerBalance: roundToCents(input.retainerBalance), clientCredit: roundToCents(input.clientCredit), aging: agingTotals(open),
    retainer: input.retainerEntries ? retainerSection(input.retainerEntries, input.from, input.to)
      : { opening: roundToCents(input.retainerBalance), lines: [], closing: roundToCents(input.retainerBalance) },
  };
}
