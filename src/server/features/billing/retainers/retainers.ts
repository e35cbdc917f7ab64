import { sql } from 'kysely';
import type { TRetainer, TRetainerEntryCreate, TRetainerNotices } from '../../../../core/api/accounting.ts';
import { ZRetainerEntryCreate } from '../../../../core/api/accounting.ts';
import { retainerNotice, retainerShortMessage } from '../../../../core/billing/billing.ts';
import { retainerLedger, takeableOn } from '../../../../core/billing/retainer-ledger.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { lockCase } from '../bills/bill-locks.ts';

// Retainers per case (issue 24, docs/decisions/195): client funds held, as a ledger of deposits,
// refunds, applications to bills (payments of method 'retainer', written by the payment routes)
// and their reversals. Every write locks the case row first, so the balance read is the balance
// written against, on every app instance: it never goes below zero.

const CASE_NOT_FOUND = 'This case was not found.';

/** The ledger oldest first; an application or reversal names its payment and bill. */
async function ledgerRows(db: DbOrTx, caseId: string) {
  const rows = await db.selectFrom('retainer_entries as r')
    .leftJoin('payments as p', 'p.id', 'r.payment_id').leftJoin('bills as b', 'b.id', 'p.bill_id')
    .select(['r.id', 'r.kind', 'r.entry_date', 'r.amount', 'r.method', 'r.reference', 'r.note', 'p.number as payment_number', 'b.number as bill_number'])
    .where('r.case_id', '=', caseId).orderBy('r.entry_date').orderBy('r.created_at').orderBy('r.id').execute();
  return rows.map((r) => ({ ...r, entryDate: r.entry_date, amount: Number(r.amount) }));
}

export async function retainerOf(db: DbOrTx, caseId: string): Promise<TRetainer> {
  const kase = await db.selectFrom('cases').select(['file_number', 'retainer_threshold']).where('id', '=', caseId).executeTakeFirst();
  if (!kase) throw new AppError('RECORD_NOT_FOUND', CASE_NOT_FOUND);
  const entries = retainerLedger(await ledgerRows(db, caseId));
  const balance = entries.at(-1)?.balanceAfter ?? 0;
  const threshold = kase.retainer_threshold === null ? null : Number(kase.retainer_threshold);
  return {
    caseId, fileNumber: kase.file_number, balance, threshold, notice: retainerNotice(kase.file_number, balance, threshold),
    entries: entries.map((e) => ({
      id: e.id, kind: e.kind, entryDate: e.entryDate, amount: e.amount, balanceAfter: e.balanceAfter,
      billNumber: e.bill_number, paymentNumber: e.payment_number, method: e.method, reference: e.reference, note: e.note,
    })),
  };
}

/** POST /api/cases/:caseId/retainer: a deposit, or a refund of no more than the retainer holds. */
export async function addRetainerEntry(db: DbOrTx, options: { caseId: string; body: TRetainerEntryCreate; actorId: string }): Promise<TRetainer> {
  const body = ZRetainerEntryCreate.parse(options.body);
  await withActor(db, options.actorId, async (tx) => {
    const kase = await lockCase(tx, options.caseId);
    // Read after the lock: a retry racing its first attempt sees the row that attempt wrote.
    const existing = await tx.selectFrom('retainer_entries').select(['case_id', 'kind', 'amount'])
      .where('id', '=', body.id).executeTakeFirst();
    if (existing) {
      // A retried request (its answer was lost) gets the ledger it made; another use of the id is a duplicate.
      if (existing.case_id === options.caseId && existing.kind === body.kind && Number(existing.amount) === body.amount) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    if (body.kind === 'refund') {
      const held = takeableOn(await ledgerRows(tx, options.caseId), body.entryDate);
      if (body.amount > held) throw refuse('amount', retainerShortMessage(held), 'retainer_short');
    }
    await tx.insertInto('retainer_entries').values({
      id: body.id, case_id: options.caseId, client_id: kase.client_id, kind: body.kind, entry_date: body.entryDate,
      amount: body.amount, method: body.method, reference: body.reference, note: body.note, created_by: options.actorId,
    }).execute();
  });
  return retainerOf(db, options.caseId);
}

/** PUT /api/cases/:caseId/retainer/threshold: the low-balance mark of the case (null: none). */
export async function setRetainerThreshold(db: DbOrTx, options: { caseId: string; threshold: number | null; actorId: string }): Promise<TRetainer> {
  await withActor(db, options.actorId, async (tx) => {
    const done = await tx.updateTable('cases').set({ retainer_threshold: options.threshold })
      .where('id', '=', options.caseId).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('RECORD_NOT_FOUND', CASE_NOT_FOUND);
  });
  return retainerOf(db, options.caseId);
}

/** Every case whose retainer is below its threshold (the dashboard's notices), by file number. */
export async function retainerNotices(db: DbOrTx): Promise<TRetainerNotices> {
  const rows = await db.selectFrom('cases as c')
    .leftJoin('retainer_entries as r', 'r.case_id', 'c.id')
    .select(['c.id', 'c.file_number', 'c.retainer_threshold'])
    .select(sql<string>`coalesce(sum(case when r.kind in ('deposit', 'reversal') then r.amount else -r.amount end), 0)`.as('balance'))
    .where('c.retainer_threshold', 'is not', null)
    .groupBy('c.id').orderBy('c.file_number').execute();
  return {
    notices: rows.flatMap((r) => {
      const balance = Number(r.balance);
      const threshold = Number(r.retainer_threshold);
      const message = retainerNotice(r.file_number, balance, threshold);
      return message ? [{ caseId: r.id, fileNumber: r.file_number, balance, threshold, message }] : [];
    }),
  };
}
