import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../src/server/db/connection.ts';
import { withActor } from '../../src/server/db/connection.ts';

// Bills, payments, credit notes and retainer applications written straight into the tables, for
// the statement's tests: a history the routes cannot make today (bills of past months with chosen
// totals, a payment reversed on a past day, a void bill that had payments).

export const caseClient = async (db: Db, caseId: string) =>
  (await db.selectFrom('cases').select('client_id').where('id', '=', caseId).executeTakeFirstOrThrow()).client_id;

/** An issued bill of `total` (no lines), numbered from the bill counter. */
export async function sqlBill(db: Db, actorId: string, b: {
  caseId: string; issuedOn: string; dueOn?: string; total: number; status?: 'issued' | 'partially_paid' | 'paid' | 'void';
}) {
  const clientId = await caseClient(db, b.caseId);
  return withActor(db, actorId, async (tx) => {
    const { last_number: number } = await tx.updateTable('bill_counter').set({ last_number: sql`last_number + 1` })
      .where('id', '=', 1).returning('last_number').executeTakeFirstOrThrow();
    const id = randomUUID();
    await tx.insertInto('bills').values({
      id, number, case_id: b.caseId, client_id: clientId, client_name: 'x', period_start: b.issuedOn, period_end: b.issuedOn,
      created_by: actorId, status: b.status ?? 'issued', issued_on: b.issuedOn, due_on: b.dueOn ?? b.issuedOn, total: b.total,
      time_total: b.total, balance: b.status === 'void' ? 0 : b.total,
    }).execute();
    return { id, number, clientId };
  });
}

const next = async (db: DbOrTx, series: 'payment' | 'credit_note') =>
  (await db.updateTable('document_counters').set({ last_number: sql`last_number + 1` }).where('series', '=', series)
    .returning('last_number').executeTakeFirstOrThrow()).last_number;

/** A payment on a bill (optionally reversed at a moment), with the bill's paid total and balance kept. */
export async function sqlPayment(db: Db, actorId: string, p: {
  billId: string; receivedOn: string; amount: number; applied?: number; method?: 'check' | 'wire' | 'retainer';
  reference?: string; reversedAt?: Date; reason?: string;
}) {
  return withActor(db, actorId, async (tx) => {
    const bill = await tx.selectFrom('bills').select(['client_id', 'case_id']).where('id', '=', p.billId).executeTakeFirstOrThrow();
    const id = randomUUID();
    const number = await next(tx, 'payment');
    const applied = p.applied ?? p.amount;
    await tx.insertInto('payments').values({
      id, number, bill_id: p.billId, client_id: bill.client_id, received_on: p.receivedOn, method: p.method ?? 'check',
      reference: p.reference ?? '', amount: p.amount, applied_amount: applied, created_by: actorId,
      reversed_at: p.reversedAt ?? null, reversed_by: p.reversedAt ? actorId : null, reversal_reason: p.reversedAt ? (p.reason ?? 'Returned') : null,
    }).execute();
    if (p.method === 'retainer') {
      await tx.insertInto('retainer_entries').values({
        id: randomUUID(), case_id: bill.case_id, client_id: bill.client_id, kind: 'application', entry_date: p.receivedOn,
        amount: applied, payment_id: id, created_by: actorId,
      }).execute();
    }
    if (!p.reversedAt) await settle(tx, p.billId, { paid: applied, on: p.receivedOn });
    return { id, number };
  });
}

/** A credit note on a bill, with the bill's credited total and balance kept. */
export async function sqlCreditNote(db: Db, actorId: string, c: { billId: string; issuedOn: string; amount: number; reason?: string }) {
  return withActor(db, actorId, async (tx) => {
    const bill = await tx.selectFrom('bills').select('client_id').where('id', '=', c.billId).executeTakeFirstOrThrow();
    const number = await next(tx, 'credit_note');
    await tx.insertInto('credit_notes').values({
      id: randomUUID(), number, bill_id: c.billId, client_id: bill.client_id, issued_on: c.issuedOn, reason: c.reason ?? 'Correction',
      amount: c.amount, applied_amount: c.amount, created_by: actorId,
    }).execute();
    await settle(tx, c.billId, { credited: c.amount, on: c.issuedOn });
    return { number };
  });
}

/** Keeps a bill's paid and credited totals, balance and status as the payment routes do. */
async function settle(db: DbOrTx, billId: string, by: { paid?: number; credited?: number; on: string }) {
  await sql`update bills set paid_total = paid_total + ${by.paid ?? 0}, credited_total = credited_total + ${by.credited ?? 0},
    balance = greatest(0, total - paid_total - ${by.paid ?? 0} - credited_total - ${by.credited ?? 0})
    where id = ${billId}`.execute(db);
  await sql`update bills set status = case when balance = 0 then 'paid' when balance < total then 'partially_paid' else 'issued' end,
    paid_on = case when balance = 0 then ${by.on}::date end
    where id = ${billId} and status <> 'draft'`.execute(db);
}
