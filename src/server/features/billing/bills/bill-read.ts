import { sql, type Selectable } from 'kysely';
import type { TBill, TBillDetail, TCreditNote, TPayment } from '../../../../core/api/accounting.ts';
import { retainerBalance, withOverdue } from '../../../../core/billing/billing.ts';
import { roundToCents } from '../../../../core/money.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import type { BillsTable } from '../../../db/billing-types.ts';
import { AppError } from '../../../errors/app-error.ts';
import { billLines } from './lines.ts';

// How bills are read (issue 24): the row with its kept totals, and the detail with its lines,
// payments, credit notes and the retainer applied. Every write keeps the row's totals right
// (storeTotals in bills.ts), so lists and receivables read them without summing lines.

/** The columns billView reads: a long list (receivables) selects only these. */
export const BILL_VIEW_COLUMNS = [
  'id', 'number', 'case_id', 'client_id', 'client_name', 'bill_to_name', 'period_start', 'period_end', 'status', 'hours',
  'time_total', 'expense_total', 'adjustment_total', 'discount_total', 'total', 'paid_total', 'credited_total', 'balance',
  'terms_days', 'issued_on', 'due_on', 'paid_on', 'version', 'payer_testimony_id',
] as const satisfies readonly (keyof BillsTable)[];
type Row = Pick<Selectable<BillsTable>, (typeof BILL_VIEW_COLUMNS)[number]> & { file_number: string; case_name: string };

export const selectBills = (db: DbOrTx) => db.selectFrom('bills').innerJoin('cases', 'cases.id', 'bills.case_id')
  .selectAll('bills').select(['cases.file_number', 'cases.case_name']);

/** The bill row as the API answers it; `overdue` needs the firm's today: see billViewOn. */
export function billView(row: Row): TBill {
  const timeTotal = Number(row.time_total);
  const expenseTotal = Number(row.expense_total);
  return {
    id: row.id, number: row.number, caseId: row.case_id, clientId: row.client_id, fileNumber: row.file_number,
    caseName: row.case_name, clientName: row.client_name, billToName: row.bill_to_name || row.client_name,
    periodStart: row.period_start, periodEnd: row.period_end, status: row.status,
    hours: Number(row.hours), timeTotal, expenseTotal, adjustmentTotal: Number(row.adjustment_total),
    subtotal: roundToCents(timeTotal + expenseTotal), discountTotal: Number(row.discount_total), total: Number(row.total),
    paidTotal: Number(row.paid_total), creditedTotal: Number(row.credited_total), balance: Number(row.balance),
    termsDays: row.terms_days, issuedOn: row.issued_on, dueOn: row.due_on, paidOn: row.paid_on, version: row.version,
    overdue: false, payerTestimonyId: row.payer_testimony_id,
  };
}

/** The bill row as the firm's `today` reads it: Overdue once past due (issue 38). */
export const billViewOn = (row: Row, today: string): TBill => withOverdue(billView(row), today);

export async function listBills(db: DbOrTx, today: string): Promise<TBill[]> {
  return (await selectBills(db).orderBy('bills.number', 'desc').execute()).map((row) => billViewOn(row, today));
}

export async function billDetail(db: DbOrTx, id: string): Promise<TBillDetail> {
  const row = await selectBills(db).select('cases.client_matter_id').where('bills.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This bill was not found.');
  const [lines, payments, creditNotes, retainerEntries] = await Promise.all([
    billLines(db, id), paymentsOf(db, { billId: id }), creditNotesOf(db, { billId: id }),
    db.selectFrom('retainer_entries').select(['kind', 'amount']).where('case_id', '=', row.case_id).execute(),
  ]);
  const applied = payments.filter((p) => p.method === 'retainer' && p.reversedOn === null);
  return {
    ...billView(row), billingAddress: row.billing_address, terms: row.terms, note: row.note,
    discount: row.discount_kind ? { kind: row.discount_kind, value: Number(row.discount_value) } : null,
    // A bill to the deposing side carries that party's matter id, not the client's (issue 40).
    clientMatterId: row.payer_testimony_id ? row.payer_matter_id ?? '' : row.client_matter_id, lines, payments, creditNotes,
    retainer: {
      applied: roundToCents(applied.reduce((s, p) => s + p.appliedAmount, 0)),
      remaining: retainerBalance(retainerEntries.map((e) => ({ kind: e.kind, amount: Number(e.amount) }))),
    },
  };
}

/** Payments of a bill, or of a client within dates (received_on), in number order. */
export async function paymentsOf(db: DbOrTx, of: { billId: string } | { clientId: string; from?: string; to?: string }): Promise<TPayment[]> {
  let query = db.selectFrom('payments').innerJoin('bills', 'bills.id', 'payments.bill_id')
    .selectAll('payments').select('bills.number as bill_number')
    // The firm's day (the session's time zone is the firm's), as the reversal's ledger rows are dated.
    .select(sql<string | null>`payments.reversed_at::date`.as('reversed_on'));
  if ('billId' in of) query = query.where('payments.bill_id', '=', of.billId);
  else {
    query = query.where('payments.client_id', '=', of.clientId);
    if (of.from) query = query.where('payments.received_on', '>=', of.from);
    if (of.to) query = query.where('payments.received_on', '<=', of.to);
  }
  const rows = await query.orderBy('payments.number').execute();
  return rows.map((p) => ({
    id: p.id, number: p.number, billId: p.bill_id, billNumber: p.bill_number, receivedOn: p.received_on, method: p.method,
    reference: p.reference, amount: Number(p.amount), appliedAmount: Number(p.applied_amount),
    creditAmount: roundToCents(Number(p.amount) - Number(p.applied_amount)),
    reversedOn: p.reversed_on, reversalReason: p.reversal_reason,
  }));
}

/** Credit notes of a bill, or of a client within dates (issued_on), with their lines. */
export async function creditNotesOf(db: DbOrTx, of: { billId: string } | { clientId: string; from?: string; to?: string }): Promise<TCreditNote[]> {
  let query = db.selectFrom('credit_notes').innerJoin('bills', 'bills.id', 'credit_notes.bill_id')
    .selectAll('credit_notes').select('bills.number as bill_number');
  if ('billId' in of) query = query.where('credit_notes.bill_id', '=', of.billId);
  else {
    query = query.where('credit_notes.client_id', '=', of.clientId);
    if (of.from) query = query.where('credit_notes.issued_on', '>=', of.from);
    if (of.to) query = query.where('credit_notes.issued_on', '<=', of.to);
  }
  const notes = await query.orderBy('credit_notes.number').execute();
  const lines = notes.length === 0 ? [] : await db.selectFrom('credit_note_lines').selectAll()
    .where('credit_note_id', 'in', notes.map((n) => n.id)).orderBy('position').execute();
  return notes.map((n) => ({
    id: n.id, number: n.number, billId: n.bill_id, billNumber: n.bill_number, issuedOn: n.issued_on, reason: n.reason,
    amount: Number(n.amount), appliedAmount: Number(n.applied_amount),
    lines: lines.filter((l) => l.credit_note_id === n.id)
      .map((l) => ({ description: l.description, amount: Number(l.amount), entryId: l.entry_id })),
  }));
}
