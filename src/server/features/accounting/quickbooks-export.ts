import { sql } from 'kysely';
import type { TPayment } from '../../../core/api/accounting.ts';
import { iifFile, qboInvoicesCsv, type QbPayment } from '../../../core/quickbooks.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { billView, selectBills } from './bill-read.ts';
import { billLines } from './lines.ts';

// The period's bills and payments for QuickBooks (issue 24): bills issued in the period (issued,
// partly paid or paid: never drafts or void ones), payments received or reversed in it.

type Period = { from: string; to: string };

const billsIssuedIn = (db: DbOrTx, period: Period) => selectBills(db)
  .where('bills.status', 'in', ['issued', 'partially_paid', 'paid'])
  .where('bills.issued_on', '>=', period.from).where('bills.issued_on', '<=', period.to)
  .orderBy('bills.issued_on').orderBy('bills.number').execute();

/** Payments received in the period, or received before it and reversed in it (paymentsToExport sorts them out). */
async function paymentsAround(db: DbOrTx, period: Period): Promise<QbPayment[]> {
  const rows = await db.selectFrom('payments').innerJoin('bills', 'bills.id', 'payments.bill_id')
    .select(['payments.number', 'payments.received_on', 'payments.method', 'payments.reference', 'payments.amount',
      'payments.reversal_reason', 'bills.number as bill_number', 'bills.client_name'])
    // The day of the reversal in the firm's zone (the connection's TimeZone), as the bill's payments read it (bill-read.ts).
    .select(sql<string | null>`payments.reversed_at::date`.as('reversed_on'))
    .where('payments.received_on', '<=', period.to)
    .where((eb) => eb.or([eb('payments.received_on', '>=', period.from), eb(sql`payments.reversed_at::date`, '>=', period.from)]))
    .orderBy('payments.number').execute();
  return rows.map((p) => ({
    number: p.number, billNumber: p.bill_number, clientName: p.client_name, receivedOn: p.received_on, method: p.method as TPayment['method'],
    reference: p.reference, amount: Number(p.amount),
    reversedOn: p.reversed_on, reversalReason: p.reversal_reason,
  }));
}

/** QuickBooks Desktop: invoices and payments of the period as IIF. */
export async function quickbooksIif(db: DbOrTx, period: Period): Promise<string> {
  const [bills, payments] = await Promise.all([billsIssuedIn(db, period), paymentsAround(db, period)]);
  return iifFile({ bills: bills.map(billView), payments, ...period });
}

/** QuickBooks Online: the period's invoices, a row per line, for its invoice importer. */
export async function quickbooksCsv(db: DbOrTx, period: Period): Promise<string> {
  const bills = await billsIssuedIn(db, period);
  const withLines = [];
  for (const row of bills) withLines.push({ ...billView(row), lines: await billLines(db, row.id) });
  return qboInvoicesCsv(withLines);
}
