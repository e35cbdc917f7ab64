import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { expenseBody, newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

const MONEY_KEYS = ['rate', 'cost', 'total_amount', 'totalAmount'];

/** Fails when any object anywhere in the body carries a money field. */
function expectNoMoney(body: unknown) {
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        expect(MONEY_KEYS, `money field "${key}" leaked`).not.toContain(key);
        walk(inner);
      }
    }
  };
  walk(body);
}

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let limitedId: string;
let adminId: string;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  const ad = await t.user('admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  adminId = ad.id;
  [superAdmin, admin, limited] = await Promise.all([t.signIn(sa.email), t.signIn(ad.email), t.signIn(lu.email)]);
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Brightwater Holdings', projectName: 'Harbor roof survey' });
});
afterAll(async () => t?.close());

const put = (agent: Agent, id: string, payload: unknown, kind = 'time-entries') =>
  agent.request({ method: 'PUT', url: `/api/${kind}/${id}`, payload: payload as object });

describe('PUT /api/time-entries/:id', () => {
  it('creates with the client id, resolves and stores the rate (rate code item)', async () => {
    const id = newId();
    const res = await put(superAdmin, id, timeBody(p.projectId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ money: true, entry: { id, hours: 1.5, rate: 100, cost: 150, version: 1, entryDate: '2026-03-15' } });
    const stored = await t.database.db.selectFrom('time_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(stored.rate)).toBe(100);
    const audit = await t.database.db.selectFrom('audit_log').select('actor_id').where('row_id', '=', id).executeTakeFirstOrThrow();
    expect(audit.actor_id).not.toBeNull();
  });

  it('prefers the case custom rate (custom_rates keyed senior_consultant_rate)', async () => {
    const res = await put(superAdmin, newId(), timeBody(p.projectId, { jobType: 'Senior Consultant', hours: 2 }));
    expect(res.json().entry).toMatchObject({ rate: 175, cost: 350 });
  });

  it('keeps the stored rate when the rate changes later; a new job title re-resolves it', async () => {
    const id = newId();
    await put(superAdmin, id, timeBody(p.projectId));
    await t.database.db.updateTable('rate_code_items').set({ rate: 999 })
      .where('rate_code_id', '=', p.rateCodeId).where('job_type', '=', 'Consultant').execute();
    const hoursOnly = await put(superAdmin, id, timeBody(p.projectId, { hours: 2, version: 1 }));
    expect(hoursOnly.json().entry).toMatchObject({ rate: 100, cost: 200, version: 2 });
    const retitled = await put(superAdmin, id, timeBody(p.projectId, { jobType: 'Senior Consultant', hours: 2, version: 2 }));
    expect(retitled.json().entry).toMatchObject({ rate: 175, cost: 350, version: 3 });
    await t.database.db.updateTable('rate_code_items').set({ rate: 100 })
      .where('rate_code_id', '=', p.rateCodeId).where('job_type', '=', 'Consultant').execute();
  });

  it('a retried create never duplicates', async () => {
    const id = newId();
    const first = await put(admin, id, timeBody(p.projectId));
    const again = await put(admin, id, timeBody(p.projectId));
    expect(again.statusCode).toBe(200);
    expect(again.json().entry.version).toBe(first.json().entry.version);
    // The answer to the first create was lost and the user kept typing: still one row, updated.
    const edited = await put(admin, id, timeBody(p.projectId, { hours: 3 }));
    expect(edited.json().entry).toMatchObject({ hours: 3, version: 2 });
    const count = await t.database.db.selectFrom('time_entries').select((eb) => eb.fn.countAll().as('n'))
      .where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('a stale version gets 409 EDIT_CONFLICT with the current row', async () => {
    const id = newId();
    await put(admin, id, timeBody(p.projectId));
    expect((await put(admin, id, timeBody(p.projectId, { hours: 2, version: 1 }))).statusCode).toBe(200);
    const stale = await put(superAdmin, id, timeBody(p.projectId, { hours: 5, version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'EDIT_CONFLICT', details: { current: { id, hours: 2, version: 2 } } });
  });

  it('the conflict body carries no money for admin or limited user', async () => {
    const id = newId();
    await put(limited, id, timeBody(p.projectId));
    await put(limited, id, timeBody(p.projectId, { hours: 2, version: 1 }));
    for (const agent of [admin, limited]) {
      const stale = await put(agent, id, timeBody(p.projectId, { hours: 4, version: 1 }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.details.current).toMatchObject({ id, version: 2 });
      expectNoMoney(stale.json());
    }
  });

  it.each([
    ['no job title', { jobType: '' }],
    ['negative hours', { hours: -1 }],
    ['hours as text', { hours: 'abc' }],
    ['four initials', { initials: 'ABCD' }],
    ['a US date', { entryDate: '03/15/2026' }],
    ['a bad project id', { projectId: 'nope' }],
  ])('rejects %s with VALIDATION_ERROR', async (_label, over) => {
    const res = await put(admin, newId(), timeBody(p.projectId, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('rejects an id that is not a UUID, and an unknown project', async () => {
    expect((await put(admin, 'row-1', timeBody(p.projectId))).statusCode).toBe(400);
    expect((await put(admin, newId(), timeBody(newId()))).statusCode).toBe(404);
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId), headers: { 'x-csrf-token': 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('limited users change only their own entries; admins change anyone\'s', async () => {
    const id = newId();
    await put(admin, id, timeBody(p.projectId));
    const denied = await put(limited, id, timeBody(p.projectId, { hours: 9, version: 1 }));
    expect(denied.statusCode).toBe(403);
    expect((await limited.request({ method: 'DELETE', url: `/api/time-entries/${id}` })).statusCode).toBe(403);
    const own = newId();
    await put(limited, own, timeBody(p.projectId));
    expect((await put(admin, own, timeBody(p.projectId, { hours: 2, version: 1 }))).statusCode).toBe(200);
  });
});

describe('saves in one statement (time/entries/write.ts, expense-writes.ts) or the careful way', () => {
  const auditOf = (id: string) => t.database.db.selectFrom('audit_log').select(['actor_id', 'action'])
    .where('row_id', '=', id).orderBy('id').execute();

  it('audits every save under its author, and leaves no actor behind on the connection', async () => {
    const id = newId();
    await put(limited, id, timeBody(p.projectId));
    await put(admin, id, timeBody(p.projectId, { hours: 3, version: 1 }));
    await put(admin, id, timeBody(p.projectId, { jobType: 'Senior Consultant', version: 2 }));
    const expense = newId();
    await put(limited, expense, expenseBody(p.projectId), 'expense-entries');
    await put(admin, expense, expenseBody(p.projectId, { amount: 7, version: 1 }), 'expense-entries');
    expect(await auditOf(id)).toEqual([
      { actor_id: limitedId, action: 'insert' }, { actor_id: adminId, action: 'update' }, { actor_id: adminId, action: 'update' },
    ]);
    expect(await auditOf(expense)).toEqual([{ actor_id: limitedId, action: 'insert' }, { actor_id: adminId, action: 'update' }]);
    const left = await sql<{ actor: string | null }>`select current_setting('casebook.actor', true) actor`.execute(t.database.db);
    expect(left.rows[0]?.actor ?? '').toBe('');
  });

  it('an entry never moves to another project, and a deleted one says so', async () => {
    const other = await trackedProject(t.database.db, limitedId, { clientName: 'Other Client LLC', projectName: 'Other job' });
    for (const kind of ['time-entries', 'expense-entries']) {
      const body = kind === 'time-entries' ? timeBody : expenseBody;
      const id = newId();
      await put(admin, id, body(p.projectId), kind);
      const moved = await put(admin, id, body(other.projectId, { version: 1 }), kind);
      expect(moved.statusCode).toBe(400);
      await admin.request({ method: 'DELETE', url: `/api/${kind}/${id}` });
      const gone = await put(admin, id, body(p.projectId, { version: 1 }), kind);
      expect(gone.statusCode).toBe(404);
    }
  });
});

describe('DELETE /api/time-entries/:id', () => {
  it('deletes, and a retried delete still succeeds', async () => {
    const id = newId();
    await put(admin, id, timeBody(p.projectId));
    expect((await admin.request({ method: 'DELETE', url: `/api/time-entries/${id}?version=1` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/time-entries/${id}` })).statusCode).toBe(204);
  });
  it('a stale version is a conflict', async () => {
    const id = newId();
    await put(admin, id, timeBody(p.projectId));
    await put(admin, id, timeBody(p.projectId, { hours: 2, version: 1 }));
    const res = await limited.request({ method: 'DELETE', url: `/api/time-entries/${id}?version=1` });
    expect(res.statusCode).toBe(403);
    const stale = await superAdmin.request({ method: 'DELETE', url: `/api/time-entries/${id}?version=1` });
    expect(stale.statusCode).toBe(409);
  });
});

describe('expense entries', () => {
  it('create, idempotent retry, update with version, conflict, delete', async () => {
    const id = newId();
    const created = await put(limited, id, expenseBody(p.projectId, { expenseType: 'Tolls' }), 'expense-entries');
    expect(created.json().entry).toMatchObject({ id, expenseType: 'Tolls', amount: 42.1, version: 1 });
    expect((await put(limited, id, expenseBody(p.projectId, { expenseType: 'Tolls' }), 'expense-entries')).json().entry.version).toBe(1);
    const updated = await put(limited, id, expenseBody(p.projectId, { amount: 50, version: 1 }), 'expense-entries');
    expect(updated.json().entry).toMatchObject({ amount: 50, version: 2, expenseType: 'Fuel' });
    const stale = await put(admin, id, expenseBody(p.projectId, { amount: 60, version: 1 }), 'expense-entries');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current).toMatchObject({ amount: 50, version: 2 });
    expect((await limited.request({ method: 'DELETE', url: `/api/expense-entries/${id}` })).statusCode).toBe(204);
  });
  it.each([
    ['no type', { expenseType: ' ' }],
    ['negative amount', { amount: -5 }],
    ['no date', { entryDate: '' }],
  ])('rejects %s', async (_label, over) => {
    expect((await put(admin, newId(), expenseBody(p.projectId, over), 'expense-entries')).statusCode).toBe(400);
  });
});

describe('GET /api/time-tracking/projects/:projectId', () => {
  it('super admin gets rate and cost on every time entry; job titles are the active ones', async () => {
    const res = await superAdmin.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.money).toBe(true);
    expect(body.jobTitles).toEqual(['Consultant', 'Senior Consultant']);
    expect(body.project).toMatchObject({ label: `${p.projectNumber} - Harbor roof survey`, clientName: 'Brightwater Holdings' });
    expect(body.timeEntries.length).toBeGreaterThan(3);
    // cost is the totals view's total_amount: hours × the rate stored on the entry.
    for (const entry of body.timeEntries) expect(entry.cost).toBeCloseTo(entry.hours * entry.rate, 2);
    expect(body.expenseEntries.length).toBeGreaterThanOrEqual(0);
  });

  it.each([['admin'], ['limited_user']])('%s gets no money field in any record', async (role) => {
    const agent = role === 'admin' ? admin : limited;
    const res = await agent.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().money).toBe(false);
    expect(res.json().timeEntries.length).toBeGreaterThan(3);
    for (const entry of res.json().timeEntries) expectNoMoney(entry);
    expectNoMoney(res.json());
  });

  it.each([['admin'], ['limited_user']])('%s: PUT responses carry no money', async (role) => {
    const agent = role === 'admin' ? admin : limited;
    const id = newId();
    const created = await put(agent, id, timeBody(p.projectId));
    expect(created.json().money).toBe(false);
    expectNoMoney(created.json());
    expectNoMoney((await put(agent, id, timeBody(p.projectId))).json());
    expectNoMoney((await put(agent, id, timeBody(p.projectId, { hours: 2, version: 1 }))).json());
  });

  it('404 for an unknown project, 401 signed out', async () => {
    expect((await admin.request({ method: 'GET', url: `/api/time-tracking/projects/${newId()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` })).statusCode).toBe(401);
  });
});

describe('GET /api/projects/search', () => {
  it('finds by partial client name, project number, file number and project name', async () => {
    for (const q of ['brightwater', 'water hold', p.projectNumber, p.fileNumber.toLowerCase(), 'harbor roof']) {
      const res = await limited.request({ method: 'GET', url: `/api/projects/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().projects.map((x: { id: string }) => x.id)).toContain(p.projectId);
    }
  });

  it('ranks project names starting with the text first and returns at most 10', async () => {
    const db = t.database.db;
    const sa = await t.user('super_admin');
    for (let i = 0; i < 12; i += 1) await trackedProject(db, sa.id, { clientName: 'Zephyr Many', projectName: `Zephyr bay ${i}` });
    await trackedProject(db, sa.id, { clientName: 'Other', projectName: 'Quillfeather annex' });
    const many = await limited.request({ method: 'GET', url: '/api/projects/search?q=zephyr' });
    expect(many.json().projects).toHaveLength(10);
    const one = await limited.request({ method: 'GET', url: '/api/projects/search?q=quill' });
    expect(one.json().projects[0]).toMatchObject({ projectName: 'Quillfeather annex' });
  });

  it('skips clients below 100 % and treats wildcards literally', async () => {
    await trackedProject(t.database.db, limitedId, { clientName: 'Draftly Incomplete', completion: 60 });
    expect((await limited.request({ method: 'GET', url: '/api/projects/search?q=draftly' })).json().projects).toEqual([]);
    expect((await limited.request({ method: 'GET', url: '/api/projects/search?q=%25%25' })).json().projects).toEqual([]);
  });

  it('needs 2 characters and a session', async () => {
    expect((await limited.request({ method: 'GET', url: '/api/projects/search?q=a' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/search?q=abc' })).statusCode).toBe(401);
  });
});
