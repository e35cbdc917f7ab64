import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { readFirstRun } from '../../src/server/features/first-run/service.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

// The first-run setup (issue 28): owed on a new non-demo database, never on a demo one; steps done
// or skipped by a super admin, audited; the last one finishes it.

const step = (agent: Agent, name: string, outcome: string) =>
  agent.request({ method: 'PUT', url: `/api/first-run/steps/${name}`, payload: { outcome } });

describe('on a new production database', () => {
  let t: TestApp;
  let superAdmin: Agent;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: 'false' });
    const sa = await t.user('super_admin');
    superAdmin = await t.signIn(sa.email);
    admin = await t.signIn((await t.user('admin')).email);
  });
  afterAll(async () => t?.close());

  it('is owed, with no step answered', async () => {
    const res = await superAdmin.request({ method: 'GET', url: '/api/first-run' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      owed: true, steps: { 'firm-profile': null, users: null, calendar: null, 'address-lookup': null }, finishedAt: null, finishedBy: null,
    });
  });

  it('is for super admins only', async () => {
    expect((await admin.request({ method: 'GET', url: '/api/first-run' })).statusCode).toBe(403);
    expect((await step(admin, 'users', 'done')).statusCode).toBe(403);
  });

  it('refuses an unknown step or outcome', async () => {
    expect((await step(superAdmin, 'payroll', 'done')).statusCode).toBe(400);
    expect((await step(superAdmin, 'users', 'later')).statusCode).toBe(400);
  });

  it('records each step done or skipped, audited, and the last one finishes it', async () => {
    let res = await step(superAdmin, 'firm-profile', 'done');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ owed: true, steps: { 'firm-profile': 'done', users: null } });
    await step(superAdmin, 'users', 'skipped');
    await step(superAdmin, 'calendar', 'skipped');
    res = await step(superAdmin, 'address-lookup', 'done');
    expect(res.json()).toMatchObject({
      owed: false, steps: { 'firm-profile': 'done', users: 'skipped', calendar: 'skipped', 'address-lookup': 'done' },
      finishedBy: 'Test super_admin',
    });
    expect(res.json().finishedAt).not.toBeNull();
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('table_name', '=', 'first_run').execute();
    expect(audit.length).toBe(4);
    // Doing a skipped step later changes the step, not who finished it or when.
    const later = await step(superAdmin, 'users', 'done');
    expect(later.json()).toMatchObject({ owed: false, steps: { users: 'done' }, finishedAt: res.json().finishedAt });
  });
});

describe('on a demo database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: 'true' });
  });
  afterAll(async () => t?.close());

  it('is never owed', async () => {
    const superAdmin = await t.signIn((await t.user('super_admin')).email);
    const res = await superAdmin.request({ method: 'GET', url: '/api/first-run' });
    expect(res.json()).toMatchObject({ owed: false, finishedAt: null });
  });
});

describe('a database in use before the setup existed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: 'false' });
  });
  afterAll(async () => t?.close());

  it.each([
    ['one user (npm run user:create): still owed', 1, true],
    ['more than one user: finished by the migration', 2, false],
  ])('%s', async (_label, users, owed) => {
    const { db } = t.database;
    await db.deleteFrom('users').execute();
    for (let i = 0; i < users; i++) await t.user('super_admin');
    // Migration 027 applied to this database as it is now.
    await sql`drop table first_run`.execute(db);
    await sql`delete from schema_migrations where name = '027_first_run.sql'`.execute(db);
    expect(await migrate(db)).toEqual(['027_first_run.sql']);
    expect((await readFirstRun(db, { demo: false })).owed).toBe(owed);
  });
});
