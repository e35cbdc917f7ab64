import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logExpense, logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let p: TrackedProjectFixture;
const LOCKED = /^This entry is on bill \d{4} and can no longer be changed\.$/;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  [superAdmin, admin, limited] = await Promise.all([
    t.signIn(sa.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Cobalt Industries' });
});
afterAll(async () => t?.close());

const post = (agent: Agent, url: string, payload: object) => agent.request({ method: 'POST', url, payload });
const billBody = (over: Record<string, unknown>) => ({
  id: randomUUID(), caseId: p.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', ...over,
});
const count = async (table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.database.db)).rows[0]!.n;

describe('access', () => {
  it.each([
    ['GET', '/api/accounting/unbilled'], ['GET', '/api/accounting/receivables'], ['GET', '/api/bills'],
    ['POST', '/api/bills'],
  ])('refuses %s %s to admins and limited users with 403', async (method, url) => {
    for (const agent of [admin, limited]) {
      const res = await agent.request({ method: method as 'GET', url, ...(method === 'POST' ? { payload: billBody({}) } : {}) });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('bills', () => {
  it('lists unbilled work per case, makes a bill from chosen entries, frozen rates, subtotals', async () => {
    const t1 = await logTime(superAdmin, p.projectId, { entryDate: '2026-05-04', hours: 2 });
    const t2 = await logTime(superAdmin, p.projectId, { entryDate: '2026-05-06', hours: 1, jobType: 'Senior Consultant' });
    const skipped = await logTime(superAdmin, p.projectId, { entryDate: '2026-05-07', hours: 4 });
    const e1 = await logExpense(superAdmin, p.projectId, { entryDate: '2026-05-05', amount: 30.5 });
    const unbilled = (await superAdmin.request({ method: 'GET', url: '/api/accounting/unbilled' })).json();
    expect(unbilled.cases[0]).toMatchObject({ caseId: p.caseId, clientName: 'Cobalt Industries', hours: 7, timeValue: 775, expenses: 30.5, entries: 4 });
    const lines = (await superAdmin.request({ method: 'GET', url: `/api/accounting/unbilled/${p.caseId}?from=2026-05-01&to=2026-05-31` })).json().lines;
    expect(lines).toHaveLength(4);

    // A rate change after the entries were saved does not change the bill: rates are frozen as saved.
    await sql`update rate_code_items set rate = 999 where rate_code_id = ${p.rateCodeId}`.execute(t.database.db);
    const res = await post(superAdmin, '/api/bills', billBody({ timeEntryIds: [t1.id, t2.id], expenseEntryIds: [e1.id] }));
    expect(res.statusCode).toBe(201);
    const bill = res.json();
    expect(bill).toMatchObject({ status: 'draft', clientName: 'Cobalt Industries', hours: 3, timeTotal: 375, expenseTotal: 30.5, total: 405.5 });
    expect(bill.lines).toHaveLength(3);
    expect(bill.lines.map((l: { id: string }) => l.id)).not.toContain(skipped.id);

    // Issuing locks the entries: the API refuses edits and deletes with the bill's number.
    const issued = (await post(superAdmin, `/api/bills/${bill.id}/issue`, { version: bill.version, issuedOn: '2026-06-01' })).json();
    expect(issued).toMatchObject({ status: 'issued', issuedOn: '2026-06-01' });
    const entries = (await superAdmin.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` })).json();
    const onBill = entries.timeEntries.find((e: { id: string }) => e.id === t1.id);
    expect(onBill.billNumber).toBe(bill.number);
    const edit = await superAdmin.request({
      method: 'PUT', url: `/api/time-entries/${t1.id}`, payload: timeBody(p.projectId, { entryDate: '2026-05-04', hours: 5, version: onBill.version }),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toMatch(LOCKED);
    expect(edit.json().error.message).toContain(String(bill.number).padStart(4, '0'));
    const stale = await superAdmin.request({ method: 'PUT', url: `/api/time-entries/${t1.id}`, payload: timeBody(p.projectId, { hours: 5, version: 1 }) });
    expect(stale.json().error.message).toMatch(LOCKED);
    const del = await superAdmin.request({ method: 'DELETE', url: `/api/time-entries/${t2.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(LOCKED);
    const delExpense = await superAdmin.request({ method: 'DELETE', url: `/api/expense-entries/${e1.id}` });
    expect(delExpense.json().error.message).toMatch(LOCKED);

    // Issuing twice is refused; receivables show it; voiding unlocks the entries.
    expect((await post(superAdmin, `/api/bills/${bill.id}/issue`, { version: issued.version })).json().error.message).toBe('This bill is already issued.');
    const recv = (await superAdmin.request({ method: 'GET', url: '/api/accounting/receivables' })).json();
    expect(recv.bills.map((b: { id: string }) => b.id)).toContain(bill.id);
    expect(recv.total).toBe(405.5);
    const voided = (await post(superAdmin, `/api/bills/${bill.id}/void`, { version: issued.version })).json();
    expect(voided).toMatchObject({ status: 'void', total: 405.5, lines: [] });
    const current = (await superAdmin.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` })).json()
      .timeEntries.find((e: { id: string }) => e.id === t1.id);
    expect(current.billNumber).toBeNull();
    const again = await superAdmin.request({
      method: 'PUT', url: `/api/time-entries/${t1.id}`, payload: timeBody(p.projectId, { entryDate: '2026-05-04', hours: 5, version: current.version }),
    });
    expect(again.statusCode).toBe(200);
  });

  it('numbers bills in sequence, answers a retried create with the same bill, and records the paid date', async () => {
    const e = await logTime(superAdmin, p.projectId, { entryDate: '2026-05-20', hours: 1 });
    const body = billBody({ timeEntryIds: [e.id] });
    const first = (await post(superAdmin, '/api/bills', body)).json();
    const retried = await post(superAdmin, '/api/bills', body);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().number).toBe(first.number);
    const list = (await superAdmin.request({ method: 'GET', url: '/api/bills' })).json().bills;
    expect(list.map((b: { number: number }) => b.number)).toEqual([first.number, first.number - 1]);
    const issued = (await post(superAdmin, `/api/bills/${first.id}/issue`, { version: first.version, issuedOn: '2026-06-10' })).json();
    const payment = { receivedOn: '2026-06-01', amount: issued.balance, method: 'check' };
    const early = await post(superAdmin, `/api/bills/${first.id}/payments`, { id: randomUUID(), ...payment });
    expect(early.json().error.message).toBe('The payment date is before the bill was issued.');
    const paid = (await post(superAdmin, `/api/bills/${first.id}/payments`, { id: randomUUID(), ...payment, receivedOn: '2026-06-15' })).json();
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-06-15', balance: 0 });
    expect((await post(superAdmin, `/api/bills/${first.id}/void`, { version: paid.version })).json().error.message)
      .toBe('Only an unpaid bill can be voided. Correct it with a credit note.');
  });

  it('refuses a bill with no entries, a backwards period, an unknown case, and entries of another case', async () => {
    const none = await post(superAdmin, '/api/bills', billBody({}));
    expect([none.statusCode, none.json().error.message]).toEqual([400, 'A bill needs at least one unbilled entry.']);
    const backwards = await post(superAdmin, '/api/bills', billBody({ periodStart: '2026-05-31', periodEnd: '2026-05-01', timeEntryIds: [randomUUID()] }));
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('The end of the period is before its start.');
    const unknown = await post(superAdmin, '/api/bills', billBody({ caseId: randomUUID(), timeEntryIds: [randomUUID()] }));
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'This case was not found.']);
    const other = await trackedProject(t.database.db, (await t.user('super_admin')).id);
    const foreign = await logTime(superAdmin, other.projectId, { entryDate: '2026-05-10' });
    const bills = await count('bills');
    const wrong = await post(superAdmin, '/api/bills', billBody({ timeEntryIds: [foreign.id] }));
    expect(wrong.statusCode).toBe(409);
    expect(await count('bills')).toBe(bills);
  });

  it('gives entries billed twice at once to exactly one bill, with no half-made bill', async () => {
    const ids = [
      (await logTime(superAdmin, p.projectId, { entryDate: '2026-05-25' })).id,
      (await logTime(superAdmin, p.projectId, { entryDate: '2026-05-26' })).id,
    ];
    const bills = await count('bills');
    const [x, y] = await Promise.all([
      post(superAdmin, '/api/bills', billBody({ timeEntryIds: ids })),
      post(superAdmin, '/api/bills', billBody({ timeEntryIds: [...ids].reverse() })),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.json().error.message).toBe('Some of these entries were billed or changed by someone else. Reload the unbilled work and try again.');
    expect(await count('bills')).toBe(bills + 1);
    const winner = (x.statusCode === 201 ? x : y).json();
    const { rows } = await sql<{ n: number }>`select count(*)::int n from time_entries where bill_id = ${winner.id}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(2);
  });
});
