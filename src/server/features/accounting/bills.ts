import { sql, type Selectable } from 'kysely';
import type { TBill, TBillCreate, TBillDetail } from '../../../core/api/accounting.ts';
import { ZBillCreate } from '../../../core/api/accounting.ts';
import {
  billMoveProblem, ENTRIES_TAKEN_MESSAGE, NO_ENTRIES_MESSAGE, nextStatus, type BillAction,
} from '../../../core/billing.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import type { BillsTable } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { billLines, subtotals } from './lines.ts';

// Bills (issue 11, docs/decisions/082): made from a case's unbilled entries in one transaction,
// numbered without gaps, issued (locking the entries), paid, or voided (unlocking them).

type Row = Selectable<BillsTable> & { file_number: string; case_name: string };

const selectBills = (db: DbOrTx) => db.selectFrom('bills').innerJoin('cases', 'cases.id', 'bills.case_id')
  .selectAll('bills').select(['cases.file_number', 'cases.case_name']);

export function billView(row: Row): TBill {
  const timeTotal = Number(row.time_total);
  const expenseTotal = Number(row.expense_total);
  return {
    id: row.id, number: row.number, caseId: row.case_id, fileNumber: row.file_number, caseName: row.case_name,
    clientName: row.client_name, periodStart: row.period_start, periodEnd: row.period_end, status: row.status,
    hours: Number(row.hours), timeTotal, expenseTotal, total: Math.round((timeTotal + expenseTotal) * 100) / 100,
    issuedOn: row.issued_on, paidOn: row.paid_on, version: row.version,
  };
}

export async function listBills(db: DbOrTx): Promise<TBill[]> {
  return (await selectBills(db).orderBy('bills.number', 'desc').execute()).map(billView);
}

export async function billDetail(db: DbOrTx, id: string): Promise<TBillDetail> {
  const row = await selectBills(db).where('bills.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This bill was not found.');
  return { ...billView(row), lines: await billLines(db, id) };
}

/** POST /api/bills: all chosen entries go on the new bill, or none do and nothing is made. */
export async function createBill(db: DbOrTx, options: { body: TBillCreate; actorId: string }): Promise<TBillDetail> {
  const body = ZBillCreate.parse(options.body);
  if (body.timeEntryIds.length + body.expenseEntryIds.length === 0) throw new AppError('VALIDATION_ERROR', NO_ENTRIES_MESSAGE);
  await withActor(db, options.actorId, async (tx) => {
    const existing = await tx.selectFrom('bills').select(['case_id', 'created_by']).where('id', '=', body.id).executeTakeFirst();
    if (existing) {
      // A retried create (its answer was lost) gets the bill it made; anything else is a duplicate.
      if (existing.case_id === body.caseId && existing.created_by === options.actorId) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    const kase = await tx.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
      .select(['cases.client_id', 'clients.name']).where('cases.id', '=', body.caseId).executeTakeFirst();
    if (!kase) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
    const { last_number: number } = await tx.updateTable('bill_counter').set({ last_number: sql`last_number + 1` })
      .where('id', '=', 1).returning('last_number').executeTakeFirstOrThrow();
    await tx.insertInto('bills').values({
      id: body.id, number, case_id: body.caseId, client_id: kase.client_id, client_name: kase.name,
      period_start: body.periodStart, period_end: body.periodEnd, created_by: options.actorId,
    }).execute();
    const times = await claim(tx, 'time_entries', body.timeEntryIds, body);
    const expenses = await claim(tx, 'expense_entries', body.expenseEntryIds, body);
    if (times !== new Set(body.timeEntryIds).size || expenses !== new Set(body.expenseEntryIds).size) {
      throw new AppError('EDIT_CONFLICT', ENTRIES_TAKEN_MESSAGE);
    }
    await storeTotals(tx, body.id);
  });
  return billDetail(db, body.id);
}

// Takes the entries that are still unbilled and belong to the case and period; the caller
// compares the count, so an entry another bill took first fails the whole bill.
async function claim(
  tx: Tx, table: 'time_entries' | 'expense_entries', ids: string[],
  body: { id: string; caseId: string; periodStart: string; periodEnd: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await tx.updateTable(table).set({ bill_id: body.id })
    .where('id', 'in', ids).where('bill_id', 'is', null)
    .where('entry_date', '>=', body.periodStart).where('entry_date', '<=', body.periodEnd)
    .where('project_id', 'in', (eb) => eb.selectFrom('projects').select('id').where('case_id', '=', body.caseId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function storeTotals(tx: Tx, billId: string) {
  const lines = await billLines(tx, billId);
  const totals = subtotals(lines);
  await tx.updateTable('bills').set({ hours: totals.hours, time_total: totals.timeTotal, expense_total: totals.expenseTotal })
    .where('id', '=', billId).execute();
  return lines;
}

/** Issue, pay or void a bill at the version the caller saw. */
export async function moveBill(db: DbOrTx, options: {
  id: string; action: BillAction; version: number; actorId: string; date?: string; today: string;
}): Promise<TBillDetail> {
  const { id, action } = options;
  await withActor(db, options.actorId, async (tx) => {
    const bill = await tx.selectFrom('bills').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!bill) throw new AppError('RECORD_NOT_FOUND', 'This bill was not found.');
    const problem = billMoveProblem(bill.status, action);
    if (problem) throw new AppError('EDIT_CONFLICT', problem);
    if (bill.version !== options.version) throw new AppError('EDIT_CONFLICT', 'Someone else changed this bill. Reload it and try again.');
    if (action === 'issue') {
      const lines = await storeTotals(tx, id);
      if (lines.length === 0) throw new AppError('VALIDATION_ERROR', NO_ENTRIES_MESSAGE);
      for (const table of ['time_entries', 'expense_entries'] as const) {
        await tx.updateTable(table).set({ locked_bill: bill.number }).where('bill_id', '=', id).execute();
      }
      await tx.updateTable('bills').set({ status: nextStatus(action), issued_on: options.date ?? options.today }).where('id', '=', id).execute();
    } else if (action === 'pay') {
      const paidOn = options.date ?? options.today;
      if (bill.issued_on && paidOn < bill.issued_on) throw new AppError('VALIDATION_ERROR', 'The paid date is before the bill was issued.');
      await tx.updateTable('bills').set({ status: 'paid', paid_on: paidOn }).where('id', '=', id).execute();
    } else {
      for (const table of ['time_entries', 'expense_entries'] as const) {
        await tx.updateTable(table).set({ bill_id: null, locked_bill: null }).where('bill_id', '=', id).execute();
      }
      await tx.updateTable('bills').set({ status: 'void', voided_at: new Date() }).where('id', '=', id).execute();
    }
  });
  return billDetail(db, id);
}
