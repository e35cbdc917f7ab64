import { sql } from 'kysely';
import { settle } from '../../../../core/billing/bill-money.ts';
import { roundToCents } from '../../../../core/money.ts';
import type { Tx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

// The locks and counters every money write of a bill takes, in one order (bill → case → client),
// so concurrent writes across app instances queue instead of deadlocking or overdrawing
// (docs/decisions/084).

/** The bill row, locked for the rest of the transaction. */
export async function lockBill(tx: Tx, id: string) {
  const bill = await tx.selectFrom('bills').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!bill) throw new AppError('RECORD_NOT_FOUND', 'This bill was not found.');
  return bill;
}
export type LockedBill = Awaited<ReturnType<typeof lockBill>>;

/** The next payment or credit note number; taken in the writing transaction, so a rollback leaves no gap. */
export async function nextNumber(tx: Tx, series: 'payment' | 'credit_note'): Promise<number> {
  const row = await tx.updateTable('document_counters').set({ last_number: sql`last_number + 1` })
    .where('series', '=', series).returning('last_number').executeTakeFirstOrThrow();
  return row.last_number;
}

/** The case row, locked: every retainer write of the case (deposit, refund, application, reversal) waits here for the one before it. */
export async function lockCase(tx: Tx, caseId: string) {
  const kase = await tx.selectFrom('cases').select(['id', 'client_id']).where('id', '=', caseId).forUpdate().executeTakeFirst();
  if (!kase) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
  return kase;
}

/** What a case's retainer holds, with the case locked so no other write draws on it meanwhile. */
export async function lockRetainer(tx: Tx, caseId: string): Promise<number> {
  await lockCase(tx, caseId);
  const { held } = await tx.selectFrom('retainer_entries')
    .select(sql<string>`coalesce(sum(case when kind in ('deposit', 'reversal') then amount else -amount end), 0)`.as('held'))
    .where('case_id', '=', caseId).executeTakeFirstOrThrow();
  return roundToCents(Number(held));
}

/** The client's unused credit, with the client locked so no other write spends it meanwhile. */
export async function lockClientCredit(tx: Tx, clientId: string): Promise<number> {
  await tx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().executeTakeFirstOrThrow();
  const { held } = await tx.selectFrom('client_credits').select(sql<string>`coalesce(sum(amount), 0)`.as('held'))
    .where('client_id', '=', clientId).executeTakeFirstOrThrow();
  return roundToCents(Number(held));
}

/**
 * Keeps an issued bill's paid and credited totals, balance, status and paid date in one update (one
 * audit row). Its lines and total are frozen once issued, so the balance follows from the stored total.
 */
export async function saveBillMoney(tx: Tx, bill: LockedBill, change: { paid?: number; credited?: number; date: string }) {
  const money = {
    total: Number(bill.total),
    paidTotal: roundToCents(Number(bill.paid_total) + (change.paid ?? 0)),
    creditedTotal: roundToCents(Number(bill.credited_total) + (change.credited ?? 0)),
  };
  const { balance, status, paidOn } = settle(money, { status: bill.status, paidOn: bill.paid_on }, change.date);
  await tx.updateTable('bills').set({
    paid_total: money.paidTotal, credited_total: money.creditedTotal, balance, status, paid_on: paidOn,
  }).where('id', '=', bill.id).execute();
}
