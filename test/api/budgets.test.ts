import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { enter } from '../helpers/timesheet-fixtures.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';
import { withoutIds } from '../helpers/without-ids.ts';

// Budgets per case and per project (issue 41, docs/decisions/135): alerts once per threshold, money
// for super admins only.

let t: TestApp;
let admin: Agent;
let boss: Agent;
let limited: Agent;
let adminUser: { id: string; email: string };
let bossId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await t.user('admin');
  admin = await t.signIn(adminUser.email);
  const b = await t.user('super_admin');
  bossId = b.id;
  boss = await t.signIn(b.email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => t.close());

const db = () => t.database.db;
const put = (agent: Agent, id: string, body: Record<string, unknown>) =>
  agent.request({ method: 'PUT', url: `/api/budgets/${id}`, payload: { projectId: null, managerId: null, version: null, ...body } });
const budgetsOf = async (agent: Agent, caseId: string) => (await agent.request({ method: 'GET', url: `/api/cases/${caseId}/budgets` })).json();
const alerts = async () => (await sql<{ to_address: string; subject: string; body_text: string }>`
  select to_address, subject, body_text from mail_messages where kind = 'budget-alert' order by seq`.execute(db())).rows;
/** What the trigger's job does a moment after entries change, run now. */
const settle = () => t.app.jobs.drain('budgets', { includeDelayed: true });
const removeEntry = (agent: Agent, id: string, version: number) =>
  agent.request({ method: 'DELETE', url: `/api/time-entries/${id}?version=${version}` });

describe('Budgets', () => {
  it('alerts the case manager once at 75 % and once at 100 %; deleting and re-adding entries does not alert again', async () => {
    const { caseId, projectId, fileNumber } = await trackedProject(db(), bossId);
    const id = randomUUID();
    const saved = await put(admin, id, { caseId, unit: 'hours', amount: 10, managerId: adminUser.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().budgets).toMatchObject([{ id, unit: 'hours', amount: 10, used: 0, percent: 0, managerId: adminUser.id, alerts: [] }]);

    const a = await enter(boss, projectId, { hours: 5 });
    await settle();
    expect(await alerts()).toEqual([]);
    const b = await enter(boss, projectId, { hours: 2.5 });
    await settle();
    const first = await alerts();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ to_address: adminUser.email });
    expect(first[0]!.subject).toBe(`Budget 75 % used: case ${fileNumber} (${(await budgetCaseName(caseId))})`);
    expect(first[0]!.body_text).toContain('75.0 % used (7.5 of 10.0 hours)');
    const page = await budgetsOf(limited, caseId);
    expect(page.budgets[0]).toMatchObject({ used: 7.5, percent: 75, alerts: [{ threshold: 75 }] });

    // Below and back above 75 %: no second alert.
    expect((await removeEntry(boss, b.id, b.version)).statusCode).toBe(204);
    await settle();
    await enter(boss, projectId, { hours: 2.5 });
    await settle();
    await settle();
    expect(await alerts()).toHaveLength(1);

    // 100 %, once.
    await enter(boss, projectId, { hours: 2.5 });
    await settle();
    expect((await alerts()).map((m) => m.subject)).toEqual([first[0]!.subject, expect.stringMatching(/^Budget used up: case /)]);
    expect((await removeEntry(boss, a.id, a.version)).statusCode).toBe(204);
    await settle();
    await enter(boss, projectId, { hours: 5 });
    await settle();
    expect(await alerts()).toHaveLength(2);
  });

  it('keeps money budgets to super admins: others read the percentage only and may not set one', async () => {
    const { caseId, projectId } = await trackedProject(db(), bossId);
    const id = randomUUID();
    expect((await put(admin, id, { caseId, projectId, unit: 'money', amount: 1000 })).statusCode).toBe(403);
    expect((await put(boss, id, { caseId, projectId, unit: 'money', amount: 1000, managerId: adminUser.id })).statusCode).toBe(200);
    await enter(boss, projectId, { hours: 2, jobType: 'Consultant' }); // 2 h × $100
    await settle();
    expect((await budgetsOf(boss, caseId)).budgets[0]).toMatchObject({ unit: 'money', amount: 1000, used: 200, percent: 20, editable: true });
    for (const agent of [admin, limited]) {
      const res = await agent.request({ method: 'GET', url: `/api/cases/${caseId}/budgets` });
      expect(res.json().budgets[0]).toMatchObject({ unit: 'money', amount: null, used: null, percent: 20, editable: false });
      expect(withoutIds(res.body)).not.toContain('1000');
      expect(withoutIds(res.body)).not.toContain('200');
    }
    // An admin may neither change nor delete it.
    const version = (await budgetsOf(boss, caseId)).budgets[0].version;
    expect((await put(admin, id, { caseId, projectId, unit: 'hours', amount: 10, version })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/budgets/${id}` })).statusCode).toBe(403);
    // Its alert names no amount.
    await enter(boss, projectId, { hours: 6, jobType: 'Consultant' });
    await settle();
    const alert = (await alerts()).find((m) => m.subject.includes('project'));
    expect(alert?.body_text).toContain('80.0 % used.');
    expect(withoutIds(alert?.body_text ?? '')).not.toMatch(/\$|800|1000/);
  });

  it('refuses a second budget of one case, a limited user, a stale version and a bad amount, naming the field', async () => {
    const { caseId } = await trackedProject(db(), bossId);
    const id = randomUUID();
    expect((await put(admin, id, { caseId, unit: 'hours', amount: 20 })).statusCode).toBe(200);
    // A replay of the same request is the same budget.
    expect((await put(admin, id, { caseId, unit: 'hours', amount: 20 })).statusCode).toBe(200);
    const second = await put(admin, randomUUID(), { caseId, unit: 'hours', amount: 5 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This case already has a budget.');
    expect((await put(limited, randomUUID(), { caseId, unit: 'hours', amount: 5 })).statusCode).toBe(403);
    const stale = await put(admin, id, { caseId, unit: 'hours', amount: 30, version: 99 });
    expect(stale.statusCode).toBe(409);
    const bad = await put(admin, randomUUID(), { caseId, unit: 'hours', amount: -3 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('amount');
    expect((await admin.request({ method: 'DELETE', url: `/api/budgets/${id}` })).statusCode).toBe(204);
    expect((await budgetsOf(admin, caseId)).budgets).toEqual([]);
  });
});

async function budgetCaseName(caseId: string) {
  return (await db().selectFrom('cases').select('case_name').where('id', '=', caseId).executeTakeFirstOrThrow()).case_name;
}
