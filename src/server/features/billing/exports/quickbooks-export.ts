import { sql } from 'kysely';
import type { TPayment } from '../../../../core/api/accounting.ts';
import { ledgerOf, type LedgerInput } from '../../../../core/billing/qb-ledger.ts';
import { qbTotals } from '../../../../core/billing/qb-totals.ts';
import { iifFile, qboInvoicesCsv, qboJournalCsv, qbTotalsCsv } from '../../../../core/billing/quickbooks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { billView, selectBills } from '../bills/bill-read.ts';
import { billLines } from '../bills/lines.ts';

// The period's money for QuickBooks (issues 24 and 38, docs/decisions/086 and 114): bills issued
// (never drafts or void ones), payments received or reversed, credit notes, retainer deposits and
// refunds. Everything of a void bill is left out, as the statement leaves it out. Each client is
// named by its current name, so all of a client's transactions reach one QuickBooks customer.

type Period = { from: string; to: string };
/** Before any bill: the totals read every transaction up to the period's end. */
const BEGINNING = '1900-01-01';

const billsIssuedIn = (db: DbOrTx, period: Period) => selectBills(db).innerJoin('clients', 'clients.id', 'bills.client_id')
  .select('clients.name as current_name')
  .where('bills.status', 'in', ['issued', 'partially_paid', 'paid'])
  .where('bills.issued_on', '>=', period.from).where('bills.issued_on', '<=', period.to)
  .orderBy('bills.issued_on').orderBy('bills.number').execute();

async function ledgerInput(db: DbOrTx, period: Period): Promise<LedgerInput> {
  const [bills, payments, creditNotes, retainer] = await Promise.all([
    billsIssuedIn(db, period),
    db.selectFrom('payments').innerJoin('bills', 'bills.id', 'payments.bill_id').innerJoin('clients', 'clients.id', 'payments.client_id')
      .select(['payments.number', 'payments.received_on', 'payments.method', 'payments.reference', 'payments.amount', 'payments.applied_amount',
        'payments.reversal_reason', 'bills.number as bill_number', 'clients.name as client_name'])
      // The day of the reversal in the firm's zone (the connection's TimeZone), as the statement reads it.
      .select(sql<string | null>`payments.reversed_at::date`.as('reversed_on'))
      .where('bills.status', '<>', 'void').where('payments.received_on', '<=', period.to)
      .where((eb) => eb.or([eb('payments.received_on', '>=', period.from), eb(sql`payments.reversed_at::date`, '>=', period.from)]))
      .orderBy('payments.number').execute(),
    db.selectFrom('credit_notes').innerJoin('bills', 'bills.id', 'credit_notes.bill_id').innerJoin('clients', 'clients.id', 'credit_notes.client_id')
      .select(['credit_notes.number', 'credit_notes.issued_on', 'credit_notes.reason', 'credit_notes.amount', 'credit_notes.applied_amount',
        'bills.number as bill_number', 'clients.name as client_name'])
      .where('bills.status', '<>', 'void').where('credit_notes.issued_on', '>=', period.from).where('credit_notes.issued_on', '<=', period.to)
      .orderBy('credit_notes.number').execute(),
    db.selectFrom('retainer_entries as r').innerJoin('cases', 'cases.id', 'r.case_id').innerJoin('clients', 'clients.id', 'r.client_id')
      .select(['r.id', 'r.kind', 'r.entry_date', 'r.amount', 'r.method', 'r.reference', 'cases.file_number', 'clients.name as client_name'])
      .where('r.kind', 'in', ['deposit', 'refund']).where('r.entry_date', '>=', period.from).where('r.entry_date', '<=', period.to)
      .orderBy('r.entry_date').orderBy('r.created_at').execute(),
  ]);
  return {
    ...period,
    bills: bills.map((b) => ({ ...billView(b), clientName: b.current_name, issuedOn: b.issued_on! })),
    payments: payments.map((p) => ({
      number: p.number, billNumber: p.bill_number, clientName: p.client_name, receivedOn: p.received_on, method: p.method as TPayment['method'],
      reference: p.reference, amount: Number(p.amount), appliedAmount: Number(p.applied_amount), reversedOn: p.reversed_on, reversalReason: p.reversal_reason,
    })),
    creditNotes: creditNotes.map((c) => ({
      number: c.number, billNumber: c.bill_number, clientName: c.client_name, issuedOn: c.issued_on, reason: c.reason,
      amount: Number(c.amount), appliedAmount: Number(c.applied_amount),
    })),
    retainer: retainer.map((r) => ({
      id: r.id, kind: r.kind as 'deposit' | 'refund', clientName: r.client_name, fileNumber: r.file_number, entryDate: r.entry_date,
      method: r.method, reference: r.reference, amount: Number(r.amount),
    })),
  };
}

const ledger = async (db: DbOrTx, period: Period) => ledgerOf(await ledgerInput(db, period));

/** QuickBooks Desktop: every transaction of the period as IIF, in Windows-1252 bytes. */
export async function quickbooksIif(db: DbOrTx, period: Period): Promise<Uint8Array> {
  return iifFile(await ledger(db, period));
}

/** QuickBooks Online: every transaction of the period as journal entries (CSV). */
export async function quickbooksCsv(db: DbOrTx, period: Period): Promise<string> {
  return qboJournalCsv(await ledger(db, period));
}

/** The period's totals per client, from every transaction up to its end (opening and held balances). */
export async function quickbooksTotalsCsv(db: DbOrTx, period: Period): Promise<string> {
  return qbTotalsCsv(qbTotals(await ledger(db, { from: BEGINNING, to: period.to }), period.from));
}

/** QuickBooks Online's invoice importer: the period's invoices, a row per line (no payments, credits or retainers). */
export async function quickbooksInvoicesCsv(db: DbOrTx, period: Period): Promise<string> {
  const bills = await billsIssuedIn(db, period);
  const withLines = [];
  for (const row of bills) withLines.push({ ...billView(row), lines: await billLines(db, row.id) });
  return qboInvoicesCsv(withLines);
}
