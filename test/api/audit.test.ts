import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { newId, timeBody, trackedProject } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let admin: Agent;
let adminUser: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  adminUser = await t.user('admin');
  admin = await t.signIn(adminUser.email);
});
afterAll(async () => t?.close());

type Entry = { id: number; actorId: string | null; actorName: string | null; table: string; rowId: string; action: string; changes: Array<{ field: string; before: unknown; after: unknown }> };

describe('History panel', () => {
  it('names the user and the changed field of an edited action item', async () => {
    const { projectId } = await makeProject(t.database.db, adminUser.id);
    const created = (await admin.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, adminUser.id) })).json();
    const patched = await admin.request({ method: 'PATCH', url: `/api/action-items/${created.id}`, payload: { version: created.version, shortDescription: 'Roof inspection' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await admin.request({ method: 'GET', url: `/api/audit/history/action_items/${created.id}` });
    expect(res.statusCode).toBe(200);
    const [latest, first] = res.json().entries as Entry[];
    expect(latest).toMatchObject({ action: 'update', actorId: adminUser.id, actorName: 'Test admin' });
    expect(latest!.changes).toEqual([{ field: 'title', before: 'Site visit', after: 'Roof inspection' }]);
    expect(first!.action).toBe('insert');
    // The project's own history is separate.
    const project = (await admin.request({ method: 'GET', url: `/api/audit/history/projects/${projectId}` })).json().entries as Entry[];
    expect(project.map((e) => e.table)).toEqual(['projects']);
  });
});

describe('audit log browser', () => {
  it('filters by user, table, record and date, newest first, with paging', async () => {
    const me = await t.user('admin');
    const agent = await t.signIn(me.email);
    const { projectId } = await makeProject(t.database.db, me.id);
    for (let i = 0; i < 3; i++) await agent.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, me.id) });
    const byUser = (await admin.request({ method: 'GET', url: `/api/audit?actorId=${me.id}&table=action_items&limit=2` })).json();
    expect(byUser.entries).toHaveLength(2);
    expect(byUser.entries.every((e: Entry) => e.actorId === me.id && e.table === 'action_items')).toBe(true);
    expect(byUser.entries[0].id).toBeGreaterThan(byUser.entries[1].id);
    const next = (await admin.request({ method: 'GET', url: `/api/audit?actorId=${me.id}&table=action_items&limit=2&before=${byUser.nextBefore}` })).json();
    expect(next.entries).toHaveLength(1);
    expect(next.nextBefore).toBeNull();

    const byRecord = (await admin.request({ method: 'GET', url: `/api/audit?rowId=${projectId}` })).json().entries as Entry[];
    expect(byRecord.map((e) => `${e.table}:${e.action}`)).toEqual(['projects:insert']);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const todays = (await admin.request({ method: 'GET', url: `/api/audit?actorId=${me.id}&from=${today}&to=${today}` })).json().entries;
    expect(todays.length).toBeGreaterThan(3);
    const past = (await admin.request({ method: 'GET', url: `/api/audit?actorId=${me.id}&to=2020-01-01` })).json().entries;
    expect(past).toEqual([]);
    expect((await admin.request({ method: 'GET', url: '/api/audit?from=2026-02-30' })).statusCode).toBe(400);
  });

  it('shows rates to a super admin only', async () => {
    const saUser = await t.user('super_admin');
    const saAgent = await t.signIn(saUser.email);
    const project = await trackedProject(t.database.db, saUser.id);
    const id = newId();
    expect((await saAgent.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(project.projectId) })).statusCode).toBeLessThan(300);
    const rateOf = (entries: Entry[]) => entries[0]!.changes.find((c) => c.field === 'rate');
    const forAdmin = (await admin.request({ method: 'GET', url: `/api/audit?rowId=${id}` })).json().entries as Entry[];
    expect(rateOf(forAdmin)).toBeUndefined();
    expect(forAdmin[0]!.changes.map((c) => c.after)).not.toContain(100);
    const forSuper = (await saAgent.request({ method: 'GET', url: `/api/audit?rowId=${id}` })).json().entries as Entry[];
    expect(rateOf(forSuper)).toMatchObject({ after: 100 });
  });

  it('a limited user gets 403 on every audit route', async () => {
    const limited = await t.signIn((await t.user('limited_user')).email);
    for (const url of ['/api/audit', '/api/audit/actors', `/api/audit/history/cases/${newId()}`]) {
      expect((await limited.request({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});
