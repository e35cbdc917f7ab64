// Issue 14: the spec's rules held by the server, not only by the browser.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { TEST_ACCOUNT_REMOTE } from '../../src/server/features/auth/routes.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { loadEnv } from '../../src/server/env.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { freshDatabase } from '../helpers/test-database.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { expenseBody, newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let boss: Agent;
let bossId: string;
let p: TrackedProjectFixture;
let itemProject: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await t.user('super_admin');
  bossId = u.id;
  boss = await t.signIn(u.email);
  p = await trackedProject(t.database.db, u.id);
  ({ projectId: itemProject } = await makeProject(t.database.db, u.id));
});
afterAll(() => t.close());

const count = async (table: 'time_entries' | 'expense_entries' | 'action_items' | 'error_logs') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const refused = (res: { statusCode: number; json(): { error: { code: string; details: { message: string }[] } } }, message: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('VALIDATION_ERROR');
  expect(res.json().error.details.map((d) => d.message)).toContain(message);
};

const OUT_OF_WINDOW = 'Date seems incorrect (>10 years from today)';
const inYears = (years: number) => `${new Date().getFullYear() + years}-06-01`;

describe('time and expense entries', () => {
  it.each([
    ['an impossible date', { entryDate: '2025-02-30' }, 'Invalid date format'],
    ['a date 11 years ahead', { entryDate: inYears(11) }, OUT_OF_WINDOW],
    ['a date 11 years back', { entryDate: inYears(-11) }, OUT_OF_WINDOW],
    ['25 hours', { hours: 25 }, 'A single time entry cannot be more than 24 hours'],
    ['three decimals of hours', { hours: 1.125 }, 'Hours may have at most 2 decimal places'],
  ])('refuses a time entry with %s and stores nothing', async (_name, over, message) => {
    const before = await count('time_entries');
    refused(await boss.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId, over) }), message);
    expect(await count('time_entries')).toBe(before);
  });

  it('accepts 24 hours, two decimals and a date 10 years ahead', async () => {
    const res = await boss.request({
      method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId, { hours: 24, entryDate: inYears(10) }),
    });
    expect(res.statusCode).toBe(200);
    const quarter = await boss.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId, { hours: 0.25 }) });
    expect(quarter.json().entry.hours).toBe(0.25);
  });

  it.each([
    ['an impossible date', { entryDate: '2024-13-01' }, 'Invalid date format'],
    ['fractions of a cent', { amount: 12.345 }, 'Amounts may have at most 2 decimal places (cents)'],
  ])('refuses an expense with %s', async (_name, over, message) => {
    const before = await count('expense_entries');
    refused(await boss.request({ method: 'PUT', url: `/api/expense-entries/${newId()}`, payload: expenseBody(p.projectId, over) }), message);
    expect(await count('expense_entries')).toBe(before);
  });

  it('refuses a stored entry edited to 25 hours, keeping the old value', async () => {
    const id = newId();
    await boss.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(p.projectId) });
    refused(await boss.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(p.projectId, { hours: 25, version: 1 }) }),
      'A single time entry cannot be more than 24 hours');
    const row = await t.database.db.selectFrom('time_entries').select('hours').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.hours)).toBe(1.5);
  });
});

describe('action items', () => {
  it.each([
    ['an impossible due date', { dueDate: '2025-02-30' }, 'Invalid date format'],
    ['a due date 11 years ahead', { dueDate: inYears(11) }, OUT_OF_WINDOW],
    ['a javascript: meeting link', { url: 'javascript:alert(document.cookie)' }, 'Meeting URL must start with http:// or https://'],
    ['a data: meeting link', { url: 'data:text/html,<script>alert(1)</script>' }, 'Meeting URL must start with http:// or https://'],
  ])('refuses %s on create and on update', async (_name, over, message) => {
    const before = await count('action_items');
    refused(await boss.request({ method: 'POST', url: '/api/action-items', payload: newItem(itemProject, bossId, over) }), message);
    expect(await count('action_items')).toBe(before);
    const created = await boss.request({ method: 'POST', url: '/api/action-items', payload: newItem(itemProject, bossId) });
    const item = created.json();
    refused(await boss.request({ method: 'PATCH', url: `/api/action-items/${item.id}`, payload: { ...over, version: item.version } }), message);
  });

  it('keeps an https meeting link', async () => {
    const res = await boss.request({ method: 'POST', url: '/api/action-items', payload: newItem(itemProject, bossId, { url: 'https://zoom.us/j/123' }) });
    expect(res.json().url).toBe('https://zoom.us/j/123');
  });
});

describe('error logs', () => {
  const report = (agent: Agent, over: Record<string, unknown> = {}) => agent.request({
    method: 'POST', url: '/api/error-logs', payload: { code: 'SERVER_ERROR', message: 'Boom', severity: 'error', ...over },
  });

  it('cuts a 900 KB context to 16 KB with a marker', async () => {
    const res = await report(boss, { message: 'Huge context', context: { blob: 'y'.repeat(900 * 1024) } });
    expect(res.statusCode).toBe(204);
    const row = await t.database.db.selectFrom('error_logs').select(sql<string>`context::text`.as('context'))
      .where('message', '=', 'Huge context').executeTakeFirstOrThrow();
    expect(row.context.length).toBeLessThan(17 * 1024);
    expect(row.context).toContain('[truncated]');
    expect(JSON.parse(row.context)).toMatchObject({ truncated: true });
  });

  it('folds repeats within a minute into one row with a count, then throttles at 60 a minute', async () => {
    const agent = await t.signIn((await t.user('limited_user')).email);
    // The allowance is per clock minute: sixty sent across a minute's turn leave the next one
    // allowed, so send until refused (at most two minutes' worth) and check the refused minute.
    let accepted = 0;
    let throttled = await report(agent, { message: 'Same thing' });
    for (; throttled.statusCode === 204 && accepted < 120; accepted++) throttled = await report(agent, { message: 'Same thing' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('RATE_LIMIT');
    const counts = await t.database.db.selectFrom('request_counts').select('count').where('key', 'like', 'error-logs:%').where('count', '>', 60).execute();
    expect(counts).toEqual([{ count: 61 }]);
    const rows = await t.database.db.selectFrom('error_logs').select('occurrences').where('message', '=', 'Same thing').execute();
    expect(rows).toEqual([{ occurrences: accepted }]);
    // Another session of the same person has its own allowance.
    expect((await report(boss, { message: 'Other session' })).statusCode).toBe(204);
  });
});

describe('demo mode', () => {
  it('refuses the password-free test account to a request from another computer', async () => {
    const database = await freshDatabase();
    const email = 'demo.admin@firm.test';
    await createUser(database.db, { email, password: 'long enough password', firstName: 'Demo', lastName: 'Admin', role: 'admin' });
    const app = await buildApp({
      database, env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), sessionSecret: 'x'.repeat(40), demoAdminEmail: email,
    });
    try {
      const remote = await app.inject({ method: 'POST', url: '/api/auth/test-account', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().error.message).toBe(TEST_ACCOUNT_REMOTE);
      expect(remote.cookies).toEqual([]);
      const remoteConfig = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '203.0.113.9' });
      expect(remoteConfig.json().demo).toBe(false);

      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const local = await app.inject({ method: 'POST', url: '/api/auth/test-account', remoteAddress: address });
        expect([address, local.statusCode]).toEqual([address, 200]);
      }
      expect((await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1' })).json().demo).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
