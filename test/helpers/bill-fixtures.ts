import { randomUUID } from 'node:crypto';
import type { TBillDetail } from '../../src/core/api/accounting.ts';
import type { Db } from '../../src/server/db/connection.ts';
import { withActor } from '../../src/server/db/connection.ts';
import { logExpense, logTime } from './report-fixtures.ts';
import type { Agent } from './test-app.ts';
import { trackedProject, type TrackedProjectFixture } from './time-tracking-fixtures.ts';

// Bills for the billing-cycle tests: a fresh client, case and project each (so bills never share
// entries), Consultant time at $100 an hour, entries in May 2026.

export interface BillFixture {
  p: TrackedProjectFixture;
  clientId: string;
  times: string[];
  expenses: string[];
  bill: TBillDetail;
}

export async function post(agent: Agent, url: string, payload: object) {
  return agent.request({ method: 'POST', url, payload });
}

type Lines = { hours?: number[]; expenses?: number[]; p?: TrackedProjectFixture };

/** A draft bill of `hours` (one Consultant entry each) and `expenses` (one expense entry each), of project `p` or a new one. */
export async function draftBill(agent: Agent, db: Db, actorId: string, lines: Lines): Promise<BillFixture> {
  const p = lines.p ?? await trackedProject(db, actorId);
  const times = [];
  for (const [i, hours] of (lines.hours ?? []).entries()) times.push((await logTime(agent, p.projectId, { entryDate: `2026-05-${10 + i}`, hours })).id);
  const expenses = [];
  for (const [i, amount] of (lines.expenses ?? []).entries()) expenses.push((await logExpense(agent, p.projectId, { entryDate: `2026-05-${10 + i}`, amount })).id);
  const res = await post(agent, '/api/bills', {
    id: randomUUID(), caseId: p.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', timeEntryIds: times, expenseEntryIds: expenses,
  });
  if (res.statusCode !== 201) throw new Error(`bill: ${res.statusCode} ${res.body}`);
  const { client_id: clientId } = await db.selectFrom('cases').select('client_id').where('id', '=', p.caseId).executeTakeFirstOrThrow();
  return { p, clientId, times, expenses, bill: res.json() };
}

/** The same, issued on `issuedOn` (2026-06-01 unless told). */
export async function issuedBill(agent: Agent, db: Db, actorId: string, lines: Lines, issuedOn = '2026-06-01') {
  const made = await draftBill(agent, db, actorId, lines);
  const res = await post(agent, `/api/bills/${made.bill.id}/issue`, { version: made.bill.version, issuedOn });
  if (res.statusCode !== 200) throw new Error(`issue: ${res.statusCode} ${res.body}`);
  return { ...made, bill: res.json() };
}

/** A retainer deposit on a case, written as the retainer screen would (that route is another part's). */
export async function depositRetainer(db: Db, actorId: string, caseId: string, amount: number) {
  await withActor(db, actorId, async (tx) => {
    const { client_id } = await tx.selectFrom('cases').select('client_id').where('id', '=', caseId).executeTakeFirstOrThrow();
    await tx.insertInto('retainer_entries').values({
      id: randomUUID(), case_id: caseId, client_id, kind: 'deposit', entry_date: '2026-05-01', amount, created_by: actorId,
    }).execute();
  });
}

export const payment = (over: Record<string, unknown> = {}) =>
  ({ id: randomUUID(), receivedOn: '2026-06-10', method: 'check', amount: 100, ...over });
