import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { ACTION_ITEM_DB_MESSAGES, actionItemDbError } from '../../src/server/features/action-items/db-errors.ts';
import { AppError } from '../../src/server/errors/app-error.ts';

let t: TestApp;
let admin: Agent;
let limited: Agent;
let adminId: string;
let limitedId: string;
let projectId: string;
let clientName: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.user('admin');
  const l = await t.user('limited_user');
  adminId = a.id;
  limitedId = l.id;
  admin = await t.signIn(a.email);
  limited = await t.signIn(l.email);
  ({ projectId, clientName } = await makeProject(t.database.db, adminId));
});
afterAll(async () => t?.close());

const create = (agent: Agent, body: Record<string, unknown>) => agent.request({ method: 'POST', url: '/api/action-items', payload: body });

describe('create and list', () => {
  it('creates an open, medium, unarchived item and lists it for the project', async () => {
    const res = await create(limited, newItem(projectId, adminId));
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      project_id: projectId, status: 'open', archived: false, assignee: adminId, assigneeName: 'Test admin',
      shortDescription: 'Site visit', dueDate: '03/15/2027', time: '9:30 AM - 10:00 AM', dateCompleted: '',
      gcalSynced: false, gcalEventId: null, clientName, version: 1,
    });
    const row = await t.database.db.selectFrom('action_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ priority: 'medium', status: 'pending', archived: false, created_by: limitedId, due_time: '09:30:00' });

    const list = await limited.request({ method: 'GET', url: `/api/action-items?projectId=${projectId}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(item.id);
    expect(list.json().project).toMatchObject({ id: projectId, client: clientName, name: 'Kitchen fire' });
  });

  it('lists items due date ascending and every project without projectId', async () => {
    const other = await makeProject(t.database.db, adminId, 'Roof leak');
    await create(admin, newItem(other.projectId, adminId, { dueDate: '2027-01-02', shortDescription: 'Early' }));
    await create(admin, newItem(other.projectId, adminId, { dueDate: '2026-12-01', shortDescription: 'Earliest' }));
    const one = (await admin.request({ method: 'GET', url: `/api/action-items?projectId=${other.projectId}` })).json();
    expect(one.items.map((i: { shortDescription: string }) => i.shortDescription)).toEqual(['Earliest', 'Early']);
    const all = (await admin.request({ method: 'GET', url: '/api/action-items' })).json();
    expect(all.project).toBeNull();
    expect(new Set(all.items.map((i: { project_id: string }) => i.project_id))).toEqual(new Set([projectId, other.projectId]));
  });

  it('shows Until X when only an end time is given and N/A with no times', async () => {
    const until = (await create(admin, newItem(projectId, adminId, { startTime: '', endTime: '17:00:00' }))).json();
    expect(until.time).toBe('Until 5:00 PM');
    const none = (await create(admin, newItem(projectId, adminId, { startTime: '', endTime: '' }))).json();
    expect(none.time).toBe('N/A');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/action-items' });
    expect(res.statusCode).toBe(401);
  });
});

describe('errors', () => {
  it('says which required field is missing', async () => {
    const res = await create(admin, newItem(projectId, adminId, { shortDescription: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].message).toBe('Short description is required');
  });

  it('answers an unknown assignee with the spec text', async () => {
    const res = await create(admin, newItem(projectId, '00000000-0000-4000-8000-000000000000'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Invalid assignee selected. Please select a valid team member.');
  });

  it('answers a second create with the same id as a duplicate', async () => {
    const id = crypto.randomUUID();
    expect((await create(admin, newItem(projectId, adminId, { id }))).statusCode).toBe(201);
    const again = await create(admin, newItem(projectId, adminId, { id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'DUPLICATE_RECORD', message: 'This action item already exists.' });
  });

  it('rejects a status outside open, completed, closed with the spec text', async () => {
    const item = (await create(admin, newItem(projectId, adminId))).json();
    const res = await admin.request({ method: 'PATCH', url: `/api/action-items/${item.id}`, payload: { version: 1, status: 'done' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].message).toBe(ACTION_ITEM_DB_MESSAGES.status);
  });

  it('maps the database status and other check violations to the spec texts', async () => {
    const item = (await create(admin, newItem(projectId, adminId))).json();
    const db = t.database.db;
    const caught = async (fn: () => Promise<unknown>) => fn().then(() => null, (e: unknown) => e);
    // Real errors from the database, passed through the one mapping the service uses.
    const status = await caught(() => db.updateTable('action_items').set({ status: 'done' as never }).where('id', '=', item.id).execute());
    const other = await caught(() => db.updateTable('action_items').set({ priority: 'urgent' as never }).where('id', '=', item.id).execute());
    expect((actionItemDbError(status, 'update') as AppError).message)
      .toBe('Invalid status value. Please ensure the status is "open", "completed", or "closed".');
    expect((actionItemDbError(other, 'update') as AppError).message).toBe('Invalid data provided. Please check all fields and try again.');
    // Duplicates get the action-item text on create only.
    expect(actionItemDbError({ code: '23505' }, 'update')).toEqual({ code: '23505' });
  });

  it('answers a stale version with 409 EDIT_CONFLICT and the current row', async () => {
    const item = (await create(admin, newItem(projectId, adminId))).json();
    const first = await limited.request({ method: 'PATCH', url: `/api/action-items/${item.id}`, payload: { version: 1, shortDescription: 'Mine' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await admin.request({ method: 'PATCH', url: `/api/action-items/${item.id}`, payload: { version: 1, shortDescription: 'Theirs' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('EDIT_CONFLICT');
    expect(stale.json().error.details.current).toMatchObject({ title: 'Mine', version: 2 });
  });

  it('answers a missing item with 404', async () => {
    const res = await admin.request({ method: 'PATCH', url: `/api/action-items/${crypto.randomUUID()}`, payload: { version: 1, archived: true } });
    expect(res.statusCode).toBe(404);
  });
});

describe('status, archive, assignee', () => {
  it('completing stamps the date, closing keeps it, reopening clears it', async () => {
    const item = (await create(admin, newItem(projectId, adminId))).json();
    const url = `/api/action-items/${item.id}`;
    const done = await admin.request({ method: 'PATCH', url, payload: { version: 1, status: 'completed', dateCompleted: '11/22/2026' } });
    expect(done.json()).toMatchObject({ status: 'completed', dateCompleted: '11/22/2026' });
    const closed = await admin.request({ method: 'PATCH', url, payload: { version: 2, status: 'closed' } });
    expect(closed.json()).toMatchObject({ status: 'closed', dateCompleted: '11/22/2026' });
    const row = await t.database.db.selectFrom('action_items').select('status').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    const open = await admin.request({ method: 'PATCH', url, payload: { version: 3, status: 'open' } });
    expect(open.json()).toMatchObject({ status: 'open', dateCompleted: '' });
  });

  it('archives, unarchives and reassigns', async () => {
    const item = (await create(admin, newItem(projectId, adminId))).json();
    const url = `/api/action-items/${item.id}`;
    expect((await admin.request({ method: 'PATCH', url, payload: { version: 1, archived: true } })).json().archived).toBe(true);
    expect((await admin.request({ method: 'PATCH', url, payload: { version: 2, archived: false } })).json().archived).toBe(false);
    const moved = await admin.request({ method: 'PATCH', url, payload: { version: 3, assignee: limitedId } });
    expect(moved.json()).toMatchObject({ assignee: limitedId, assigneeName: 'Test limited_user' });
  });

  it('deletes', async () => {
    const item = (await create(admin, newItem(projectId, adminId))).json();
    expect((await limited.request({ method: 'DELETE', url: `/api/action-items/${item.id}` })).statusCode).toBe(204);
    expect((await limited.request({ method: 'GET', url: `/api/action-items/${item.id}` })).statusCode).toBe(404);
  });
});

describe('audit', () => {
  it('names the acting user on insert, update and delete', async () => {
    const item = (await create(limited, newItem(projectId, adminId))).json();
    await admin.request({ method: 'PATCH', url: `/api/action-items/${item.id}`, payload: { version: 1, archived: true } });
    await limited.request({ method: 'DELETE', url: `/api/action-items/${item.id}` });
    const rows = await t.database.db.selectFrom('audit_log').select(['action', 'actor_id'])
      .where('table_name', '=', 'action_items').where('row_id', '=', item.id).orderBy('id').execute();
    expect(rows).toEqual([
      { action: 'insert', actor_id: limitedId },
      { action: 'update', actor_id: adminId },
      { action: 'delete', actor_id: limitedId },
    ]);
  });
});

describe('assignable users', () => {
  it('lists active users with a profile, not disabled ones', async () => {
    const gone = await t.user('limited_user');
    await t.database.db.updateTable('users').set({ disabled: true }).where('id', '=', gone.id).execute();
    const res = await limited.request({ method: 'GET', url: '/api/action-items/assignable-users' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().users.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([adminId, limitedId]));
    expect(ids).not.toContain(gone.id);
    expect(res.json().users.find((u: { id: string }) => u.id === adminId))
      .toMatchObject({ first_name: 'Test', last_name: 'admin', name: 'Test admin', role: 'admin' });
  });
});

describe('partial updates and bad values', () => {
  it('a status-only change leaves every other field as it was', async () => {
    const created = (await create(limited, newItem(projectId, adminId, { location: '12 Main St', url: 'https://meet.example.com/x' }))).json();
    const res = await limited.request({
      method: 'PATCH', url: `/api/action-items/${created.id}`,
      payload: { version: created.version, status: 'completed', dateCompleted: '11/22/2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed', dateCompleted: '11/22/2026', longDescription: 'Meet the adjuster at the property',
      time: '9:30 AM - 10:00 AM', location: '12 Main St', url: 'https://meet.example.com/x', assignee: adminId,
    });
  });

  it.each([
    ['an impossible date', { dueDate: '2027-02-31' }],
    ['an impossible time', { startTime: '25:99' }],
    ['a malformed completion date', { status: 'completed', dateCompleted: 'garbage' }],
    ['an impossible completion date', { status: 'completed', dateCompleted: '02/31/2026' }],
  ])('refuses %s with 400, not a database error', async (_label, patch) => {
    const created = (await create(limited, newItem(projectId, adminId))).json();
    const res = await limited.request({ method: 'PATCH', url: `/api/action-items/${created.id}`, payload: { version: created.version, ...patch } });
    expect(res.statusCode).toBe(400);
  });
});
