import { sql } from 'kysely';
import type { TBillCreate, TBillDetail } from '../../../../core/api/accounting.ts';
import { ZBillCreate } from '../../../../core/api/accounting.ts';
import {
  balanceOf, billAmounts, billMoveProblem, dueDate, ENTRIES_TAKEN_MESSAGE, NO_ENTRIES_MESSAGE, STALE_BILL_MESSAGE,
  statusForBalance, termsLabel, type BillAction,
} from '../../../../core/billing/billing.ts';
import { billsMayIssue, CONFLICT_MESSAGES } from '../../../../core/cases/conflict-status.ts';
import { withActor, type DbOrTx, type Tx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { caseConflictStatus } from '../../conflicts/index.ts';
import { casePricing } from '../../fee-rules/index.ts';
import { assertApprovedTime } from './approved-time.ts';
import { billDetail } from './bill-read.ts';
import { deposingSideEntry, entryOfDeposition } from './deposing-side.ts';
import { billLines } from './lines.ts';

// Bills (issues 11 and 24, docs/decisions/082 and 084): made from a case's unbilled entries in one
// transaction, numbered without gaps, issued (locking the entries, due after the client's terms),
// or voided while unpaid (unlocking them).

/** POST /api/bills: all chosen entries go on the new bill, or none do and nothing is made. */
export async function createBill(db: DbOrTx, options: { body: TBillCreate; actorId: string }): Promise<TBillDetail> {
  const body = ZBillCreate.parse(options.body);
  if (body.timeEntryIds.length + body.expenseEntryIds.length === 0) throw refuse('timeEntryIds', NO_ENTRIES_MESSAGE, 'required');
  await withActor(db, options.actorId, async (tx) => {
    const existing = await tx.selectFrom('bills').select(['case_id', 'created_by']).where('id', '=', body.id).executeTakeFirst();
    if (existing) {
      // A retried create (its answer was lost) gets the bill it made; anything else is a duplicate.
      if (existing.case_id === body.caseId && existing.created_by === options.actorId) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    const kase = await tx.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
      .select(['cases.client_id', 'clients.name', 'clients.bill_to_name', 'clients.billing_address', 'clients.terms_days'])
      .where('cases.id', '=', body.caseId).executeTakeFirst();
    if (!kase) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
    const { last_number: number } = await tx.updateTable('bill_counter').set({ last_number: sql`last_number + 1` })
      .where('id', '=', 1).returning('last_number').executeTakeFirstOrThrow();
    await tx.insertInto('bills').values({
      id: body.id, number, case_id: body.caseId, client_id: kase.client_id, client_name: kase.name,
      period_start: body.periodStart, period_end: body.periodEnd, created_by: options.actorId,
      bill_to_name: kase.bill_to_name || kase.name, billing_address: kase.billing_address,
      terms_days: kase.terms_days, terms: termsLabel(kase.terms_days),
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
// compares the count, so an entry another bill took first fails the whole bill. A deposition day
// the deposing side pays for goes only on that side's bill (`payerTestimonyId`), never the client's.
export async function claim(
  tx: Tx, table: 'time_entries' | 'expense_entries', ids: string[],
  body: { id: string; caseId: string; periodStart: string; periodEnd: string; payerTestimonyId?: string | null },
): Promise<number> {
  if (ids.length === 0) return 0;
  if (table === 'time_entries') await assertApprovedTime(tx, ids);
  const whose = body.payerTestimonyId ? entryOfDeposition(table, body.payerTestimonyId) : sql<boolean>`not ${deposingSideEntry(table)}`;
  const result = await tx.updateTable(table).set({ bill_id: body.id })
    .where('id', 'in', ids).where('bill_id', 'is', null)
    .where('entry_date', '>=', body.periodStart).where('entry_date', '<=', body.periodEnd)
    .where('project_id', 'in', (eb) => eb.selectFrom('projects').select('id').where('case_id', '=', body.caseId))
    .where(whose)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Recomputes and keeps a bill's totals and balance from its lines, discount, payments and credits. */
export async function storeTotals(tx: Tx, billId: string) {
  const lines = await billLines(tx, billId);
  const bill = await tx.selectFrom('bills').select(['discount_kind', 'discount_value', 'paid_total', 'credited_total'])
    .where('id', '=', billId).executeTakeFirstOrThrow();
  const amounts = billAmounts(lines, bill.discount_kind ? { kind: bill.discount_kind, value: Number(bill.discount_value) } : null);
  const balance = balanceOf({ total: amounts.total, paidTotal: Number(bill.paid_total), creditedTotal: Number(bill.credited_total) });
  await tx.updateTable('bills').set({
    hours: amounts.hours, time_total: amounts.timeTotal, expense_total: amounts.expenseTotal,
    adjustment_total: amounts.adjustmentTotal, discount_total: amounts.discountTotal, total: amounts.total, balance,
  }).where('id', '=', billId).execute();
  return lines;
}

/** Issue or void a bill at the version the caller saw. */
export async function moveBill(db: DbOrTx, options: {
  id: string; action: BillAction; version: number; actorId: string; date?: string; today: string;
}): Promise<TBillDetail> {
  const { id, action } = options;
  await withActor(db, options.actorId, async (tx) => {
    const bill = await tx.selectFrom('bills').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!bill) throw new AppError('RECORD_NOT_FOUND', 'This bill was not found.');
    const paidOrCredited = Number(bill.paid_total) > 0 || Number(bill.credited_total) > 0;
    const problem = billMoveProblem(bill.status, action, { paidOrCredited });
    if (problem) throw new AppError('EDIT_CONFLICT', problem);
    if (bill.version !== options.version) throw new AppError('EDIT_CONFLICT', STALE_BILL_MESSAGE);
    if (action === 'issue') {
      if (!billsMayIssue(await caseConflictStatus(tx, bill.case_id))) throw new AppError('EDIT_CONFLICT', CONFLICT_MESSAGES.notCleared);
      // The fee rules that price it are kept with it: a rule changed later never reprices an issued bill.
      await tx.updateTable('bills').set({ fee_pricing: JSON.stringify(await casePricing(tx, bill.case_id)) }).where('id', '=', id).execute();
      const lines = await storeTotals(tx, id);
      if (lines.length === 0) throw new AppError('VALIDATION_ERROR', NO_ENTRIES_MESSAGE);
      const issuedOn = options.date ?? options.today;
      const dueOn = dueDate(issuedOn, bill.terms_days, bill.due_on);
      if (dueOn < issuedOn) throw refuse('date', 'The due date is before the bill is issued.', 'due_before_issue');
      for (const table of ['time_entries', 'expense_entries'] as const) {
        await tx.updateTable(table).set({ locked_bill: bill.number }).where('bill_id', '=', id).execute();
      }
      const { total, balance, paid_total } = await tx.selectFrom('bills').select(['total', 'balance', 'paid_total'])
        .where('id', '=', id).executeTakeFirstOrThrow();
      const status = statusForBalance({ total: Number(total), balance: Number(balance), paidTotal: Number(paid_total) });
      await tx.updateTable('bills').set({ status, issued_on: issuedOn, due_on: dueOn, paid_on: status === 'paid' ? issuedOn : null })
        .where('id', '=', id).execute();
    } else {
      for (const table of ['time_entries', 'expense_entries'] as const) {
        await tx.updateTable(table).set({ bill_id: null, locked_bill: null }).where('bill_id', '=', id).execute();
      }
      await tx.deleteFrom('bill_adjustments').where('bill_id', '=', id).execute();
      await tx.updateTable('bills').set({ status: 'void', voided_at: new Date(), balance: 0 }).where('id', '=', id).execute();
    }
  });
  return billDetail(db, id);
}
