import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

// The approval lock is held by the database (migration 018): every path to a week's entries.

let t: TestApp;
let limited: Agent;
let limitedId: string;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  limited = await t.signIn(lu.email);
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
