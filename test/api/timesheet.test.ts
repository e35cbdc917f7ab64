import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { enter, weekAction } from '../helpers/timesheet-fixtures.ts';
import { newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { firmTodayIso, weekStartOf } from '../../src/core/dates/iso-date.ts';

// GET /api/timesheet, its rows, copy last week, job titles, and whose week may be opened (issue 25).

const TZ = 'America/New_York';
let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let other: Agent;
let limitedId: string;
let otherId: string;
let p: TrackedProjectFixture;
let q: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp({ TZ });
  const sa = await t.user('super_admin');
  const ad = await t.user('admin');
  const lu = await t.user('limited_user');
  const ot = await t.user('limited_user');
  limitedId = lu.id;
  otherId = ot.id;
  [superAdmin, admin, limited, other] = await Promise.all([t.signIn(sa.email), t.signIn(ad.email), t.signIn(lu.email), t.signIn(ot.email)]);
  p = await trackedProject(t.database.db, sa.id, { projectName: 'Alpha survey' });
  q = await trackedProject(t.database.db, sa.id, { projectName: 'Beta survey' });
});
afterAll(async () => t?.close());

const sheet = (agent: Agent, query: string) => agent.request({ method: 'GET', url: `/api/timesheet?${query}` });

describe('GET /api/timesheet', () => {
  it('answers rows of project × job title with seven cells from the entries and the kept rows', async () => {
    await enter(limited, p.projectId, { entryDate: '2026-03-02', hours: 2 });
    await enter(limited, p.projectId, { entryDate: '2026-03-02', hours: 1 });
    await enter(limited, p.projectId, { entryDate: '2026-03-04', jobType: 'Senior Consultant', hours: 1.5 });
    await enter(limited, p.projectId, { entryDate: '2026-03-09', hours: 4 }); // next week
    const kept = await limited.request({
      method: 'POST', url: '/api/timesheet/rows', payload: { weekStart: '2026-03-02', projectId: q.projectId, jobType: 'Consultant' },
    });
    expect(kept.statusCode).toBe(204);

    const res = await sheet(limited, 'week=2026-03-05');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      weekStart: '2026-03-02', weekStartsOn: 1, mayApprove: false, mayDecide: false, person: { id: limitedId, initials: 'TL' },
      week: { status: 'open', lockMessage: null, version: 0 },
    });
    expect(body.days).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(body.rows.map((r: { jobType: string; kept: boolean }) => [r.jobType, r.kept])).toEqual([
      ['Consultant', false], ['Senior Consultant', false], ['Consultant', true],
    ]);
    const [first] = body.rows;
    expect(first.projectLabel).toBe(`${p.projectNumber} - Alpha survey`);
    expect(first.cells).toHaveLength(7);
    expect(first.cells[0].entries.map((e: { hours: number }) => e.hours)).toEqual([2, 1]);
    expect(first.cells[0].entries[0].week).toBeUndefined();
    expect(body.rows[2].cells.every((c: { entries: unknown[] }) => c.entries.length === 0)).toBe(true);
  });

  it('never carries money, not even for a super admin; the firm today is the default week', async () => {
    const today = firmTodayIso(TZ);
    await enter(superAdmin, p.projectId, { entryDate: today });
    const res = await sheet(superAdmin, '');
    expect(res.statusCode).toBe(200);
    expect(res.json().weekStart).toBe(weekStartOf(today, 1));
    expect(res.json().rows[0].cells.flatMap((c: { entries: unknown[] }) => c.entries)).toHaveLength(1);
    expect(res.body).not.toMatch(/"rate"|"cost"/);
    expect(res.json().mayApprove).toBe(true);
  });

  it('opens another person\'s week for approvers only', async () => {
    expect((await sheet(limited, `userId=${otherId}`)).statusCode).toBe(403);
    const res = await sheet(admin, `userId=${limitedId}&week=2026-03-02`);
    expect(res.statusCode).toBe(200);
    expect(res.json().person.id).toBe(limitedId);
    expect(res.json().rows).toHaveLength(3);
  });
});

describe('rows, copy last week and job titles', () => {
  it('removes a kept row; adding one twice keeps one', async () => {
    const row = { weekStart: '2026-02-23', projectId: q.projectId, jobType: 'Consultant' };
    await other.request({ method: 'POST', url: '/api/timesheet/rows', payload: row });
    await other.request({ method: 'POST', url: '/api/timesheet/rows', payload: row });
    expect((await sheet(other, 'week=2026-02-23')).json().rows).toHaveLength(1);
    expect((await other.request({ method: 'DELETE', url: '/api/timesheet/rows', payload: row })).statusCode).toBe(204);
    expect((await sheet(other, 'week=2026-02-23')).json().rows).toHaveLength(0);
  });

  it('copies the rows of the week before (entries and kept rows), not the hours, once', async () => {
    const copy = () => limited.request({ method: 'POST', url: '/api/timesheet/copy-last-week', payload: { weekStart: '2026-03-09' } });
    const res = await copy();
    expect(res.statusCode).toBe(200);
    // Alpha × Consultant already holds an entry on 03/09: only the two other rows are new.
    expect(res.json()).toEqual({ added: 2 });
    expect((await copy()).json()).toEqual({ added: 0 });
    const rows = (await sheet(limited, 'week=2026-03-09')).json().rows;
    expect(rows).toHaveLength(3);
    const hours = rows.flatMap((r: { cells: { entries: { hours: number }[] }[] }) => r.cells.flatMap((c) => c.entries.map((e) => e.hours)));
    expect(hours).toEqual([4]);
  });

  it('lists the job titles of a project; a limited user may not copy into someone else\'s week', async () => {
    const res = await limited.request({ method: 'GET', url: `/api/timesheet/job-titles?projectId=${p.projectId}` });
    expect(res.json()).toEqual({ jobTitles: ['Consultant', 'Senior Consultant'] });
    const copy = await limited.request({ method: 'POST', url: '/api/timesheet/copy-last-week', payload: { weekStart: '2026-03-09', userId: otherId } });
    expect(copy.statusCode).toBe(403);
    const bad = await limited.request({ method: 'POST', url: '/api/timesheet/rows', payload: { weekStart: '2026-03-09', projectId: 'nope', jobType: '' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('entries for another person and the week on entry answers', () => {
  it('lets an admin enter time for another person; a limited user naming someone else gets 403', async () => {
    const made = await admin.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId, { userId: otherId, entryDate: '2026-01-05' }) });
    expect(made.statusCode).toBe(200);
    expect(made.json().entry.userId).toBe(otherId);
    const refused = await limited.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId, { userId: otherId }) });
    expect(refused.statusCode).toBe(403);
  });

  it('tells the week on the project page and in save answers', async () => {
    const entry = await enter(other, p.projectId, { entryDate: '2026-01-13' });
    expect((await weekAction(other, 'submit', { weekStart: '2026-01-12' })).statusCode).toBe(200);
    expect((await weekAction(admin, 'reject', { weekStart: '2026-01-12', userId: otherId, note: 'Missing Friday' })).statusCode).toBe(200);
    const saved = await other.request({ method: 'PUT', url: `/api/time-entries/${entry.id}`, payload: timeBody(p.projectId, { entryDate: '2026-01-13', hours: 2, version: 1 }) });
    expect(saved.json().entry.week).toEqual({ status: 'rejected', lockMessage: null });
    await weekAction(other, 'submit', { weekStart: '2026-01-12' });
    await weekAction(admin, 'approve', { weekStart: '2026-01-12', userId: otherId });
    const page = await limited.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    const listed = page.json().timeEntries.find((e: { id: string }) => e.id === entry.id);
    const today = firmTodayIso(TZ);
    expect(listed.week).toEqual({
      status: 'approved', lockMessage: `This week was approved on ${today.slice(5, 7)}/${today.slice(8)}/${today.slice(0, 4)} and can no longer be changed.`,
    });
    const costed = await superAdmin.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(costed.json().timeEntries.find((e: { id: string }) => e.id === entry.id).week.status).toBe('approved');
  });
});
