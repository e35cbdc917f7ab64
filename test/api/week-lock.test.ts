import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_MESSAGES } from '../../src/core/time/weeks.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { enter, weekAction } from '../helpers/timesheet-fixtures.ts';
import { newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

// The approval lock is held by the database (migration 018): every path to a week's entries.

const TZ = 'America/New_York';
let t: TestApp;
let admin: Agent;
let limited: Agent;
let limitedId: string;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp({ TZ });
  const sa = await t.user('super_admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  limited = await t.signIn(lu.email);
  admin = await t.signIn((await t.user('admin')).email);
  p = await trackedProject(t.database.db, sa.id);
});
afterAll(async () => t?.close());

const APPROVED = 'This week was approved on 03/20/2026 and can no longer be changed.';

describe('an approved week', () => {
  it('refuses a change, a delete, a new entry and a move into it with the exact sentence', async () => {
    const id = newId();
    const made = await limited.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(p.projectId) });
    expect(made.statusCode).toBe(200);
    const outside = newId();
    await limited.request({ method: 'PUT', url: `/api/time-entries/${outside}`, payload: timeBody(p.projectId, { entryDate: '2026-03-23' }) });
    await t.database.db.insertInto('timesheet_weeks').values({
      user_id: limitedId, week_start: '2026-03-09', status: 'approved', approved_on: '2026-03-20', decided_at: new Date(),
    }).execute();

    const change = await limited.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(p.projectId, { hours: 3, version: 1 }) });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(APPROVED);

    const remove = await limited.request({ method: 'DELETE', url: `/api/time-entries/${id}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.message).toBe(APPROVED);

    const create = await limited.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId, { entryDate: '2026-03-10' }) });
    expect(create.statusCode).toBe(409);
    expect(create.json().error.message).toBe(APPROVED);

    const move = await limited.request({
      method: 'PUT', url: `/api/time-entries/${outside}`, payload: timeBody(p.projectId, { entryDate: '2026-03-11', version: 1 }),
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.message).toBe(APPROVED);
  });
});

const put = (agent: Agent, id: string, over: Record<string, unknown>) =>
  agent.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(p.projectId, over) });

describe('a week through the API: submitted, approved, reopened', () => {
  const week = { weekStart: '2026-04-06' };
  const theirs = () => ({ ...week, userId: limitedId });
  let a: { id: string; version: number };
  let b: { id: string; version: number };
  let outside: { id: string; version: number };

  it('refuses every change while the week is submitted, with the submitted sentence', async () => {
    a = await enter(limited, p.projectId, { entryDate: '2026-04-06', hours: 1 });
    b = await enter(limited, p.projectId, { entryDate: '2026-04-07', hours: 2 });
    outside = await enter(limited, p.projectId, { entryDate: '2026-04-14', hours: 3 });
    expect((await weekAction(limited, 'submit', week)).statusCode).toBe(200);
    const res = await put(limited, a.id, { entryDate: '2026-04-06', hours: 5, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(WEEK_MESSAGES.submitted(firmTodayIso(TZ)));
    expect(res.json().error.details.week).toMatchObject({ status: 'submitted', weekStart: '2026-04-06' });
  });

  it('once approved, answers every path with the exact sentence and changes nothing', async () => {
    expect((await weekAction(admin, 'approve', theirs())).statusCode).toBe(200);
    const sentence = WEEK_MESSAGES.locked(firmTodayIso(TZ));
    const refusals = [
      await put(limited, a.id, { entryDate: '2026-04-06', hours: 5, version: 1 }), // single save
      ...await Promise.all([ // bulk hours: several PUTs at once
        put(limited, a.id, { entryDate: '2026-04-06', hours: 4, version: 1 }),
        put(limited, b.id, { entryDate: '2026-04-07', hours: 4, version: 1 }),
      ]),
      await put(limited, newId(), { entryDate: '2026-04-08', hours: 1 }), // duplicate into the week
      await limited.request({ method: 'DELETE', url: `/api/time-entries/${b.id}?version=1` }), // delete
      await put(limited, outside.id, { entryDate: '2026-04-09', hours: 3, version: 1 }), // move in
      await put(admin, newId(), { entryDate: '2026-04-10', userId: limitedId }), // an approver entering for them
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'CONSTRAINT_VIOLATION', message: sentence });
    }
    const stored = await t.database.db.selectFrom('time_entries').select(['id', 'hours', 'entry_date', 'version'])
      .where('user_id', '=', limitedId).where('entry_date', '>=', '2026-04-06').where('entry_date', '<=', '2026-04-14').orderBy('entry_date').execute();
    expect(stored.map((r) => [r.entry_date, Number(r.hours), r.version])).toEqual([['2026-04-06', 1, 1], ['2026-04-07', 2, 1], ['2026-04-14', 3, 1]]);
    const sheet = (await limited.request({ method: 'GET', url: '/api/timesheet?week=2026-04-06' })).json();
    expect(sheet.week).toMatchObject({ status: 'approved', lockMessage: sentence });
    expect(sheet.rows[0].cells[0].entries[0].week).toEqual({ status: 'approved', lockMessage: sentence });
  });

  it('after a reopening with a reason the week changes again, and the audit log tells every step', async () => {
    expect((await weekAction(admin, 'reopen', { ...theirs(), note: 'Hours on 04/07 were wrong' })).statusCode).toBe(200);
    expect((await put(limited, b.id, { entryDate: '2026-04-07', hours: 2.5, version: 1 })).statusCode).toBe(200);
    expect((await put(limited, outside.id, { entryDate: '2026-04-09', hours: 3, version: 1 })).statusCode).toBe(200);
    await weekAction(limited, 'submit', week);
    await weekAction(admin, 'reject', { ...theirs(), note: 'Add the site visit' });
    const { id } = await t.database.db.selectFrom('timesheet_weeks').select('id')
      .where('user_id', '=', limitedId).where('week_start', '=', '2026-04-06').executeTakeFirstOrThrow();
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'after', 'actor_id'])
      .where('table_name', '=', 'timesheet_weeks').where('row_id', '=', id).orderBy('id').execute();
    const steps = audit.map((r) => [r.action, (r.after as { status: string }).status, (r.after as { note: string }).note]);
    expect(steps).toEqual([
      ['insert', 'submitted', ''], ['update', 'approved', ''], ['update', 'open', 'Hours on 04/07 were wrong'],
      ['update', 'submitted', ''], ['update', 'rejected', 'Add the site visit'],
    ]);
    expect(audit.every((r) => r.actor_id !== null)).toBe(true);
  });
});
