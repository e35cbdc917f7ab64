import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logExpense, logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { expenseBody, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

// The dashboard's unbilled value comes from unbilled_totals, kept by statement triggers
// (migration 014): after every kind of change it must equal the sum over the entries themselves.

let t: TestApp;
let superAdmin: Agent;
let limited: Agent;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  [superAdmin, limited] = await Promise.all([t.signIn(sa.email), t.signIn((await t.user('limited_user')).email)]);
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Dune Freight' });
});
afterAll(async () => t?.close());

async function totals() {
  const { rows } = await sql<{ kept: string; actual: string }>`
    select (select coalesce(sum(time_value + expenses), 0) from unbilled_totals)::text as kept,
      ((select coalesce(sum(round(hours * coalesce(rate, 0), 2)), 0) from time_entries where bill_id is null)
       + (select coalesce(sum(amount), 0) from expense_entries where bill_id is null))::text as actual`.execute(t.database.db);
  const money = (await superAdmin.request({ method: 'GET', url: '/api/dashboard/money' })).json();
  expect(Number(rows[0]!.kept)).toBe(Number(rows[0]!.actual));
  expect(money.unbilledValue).toBe(Number(rows[0]!.actual));
  return money.unbilledValue as number;
}

describe('unbilled totals', () => {
  it('follow saves, edits, bills, voids and deletes of time and expenses, by anyone', async () => {
    expect(await totals()).toBe(0);
    const a = await logTime(superAdmin, p.projectId, { entryDate: '2026-05-04', hours: 2 }); // 2 × 100
    const b = await logTime(limited, p.projectId, { entryDate: '2026-05-05', hours: 1.5, jobType: 'Senior Consultant' }); // 1.5 × 175
    const e = await logExpense(limited, p.projectId, { entryDate: '2026-05-05', amount: 19.99 });
    expect(await totals()).toBe(200 + 262.5 + 19.99);

    const edited = await superAdmin.request({
      method: 'PUT', url: `/api/time-entries/${a.id}`, payload: timeBody(p.projectId, { entryDate: '2026-05-04', hours: 3, version: a.version }),
    });
    expect(edited.statusCode).toBe(200);
    const expense = await limited.request({
      method: 'PUT', url: `/api/expense-entries/${e.id}`, payload: expenseBody(p.projectId, { entryDate: '2026-05-05', amount: 25, version: e.version }),
    });
    expect(expense.statusCode).toBe(200);
    expect(await totals()).toBe(300 + 262.5 + 25);

    // A bill takes entries of two people at once; voiding it gives them back.
    const bill = (await superAdmin.request({
      method: 'POST', url: '/api/bills',
      payload: { id: randomUUID(), caseId: p.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', timeEntryIds: [a.id, b.id], expenseEntryIds: [e.id] },
    })).json();
    expect(await totals()).toBe(0);
    const issued = (await superAdmin.request({ method: 'POST', url: `/api/bills/${bill.id}/issue`, payload: { version: bill.version, issuedOn: '2026-06-01' } })).json();
    expect(await totals()).toBe(0);
    await superAdmin.request({ method: 'POST', url: `/api/bills/${bill.id}/void`, payload: { version: issued.version } });
    expect(await totals()).toBe(300 + 262.5 + 25);

    const current = (await superAdmin.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` })).json();
    const bNow = current.timeEntries.find((x: { id: string }) => x.id === b.id);
    expect((await limited.request({ method: 'DELETE', url: `/api/time-entries/${b.id}?version=${bNow.version}` })).statusCode).toBe(204);
    expect(await totals()).toBe(300 + 25);
  });
});
