import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsDate } from '../../src/core/smart-date.ts';
import { WEEK_MESSAGES } from '../../src/core/time/weeks.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { enter, weekAction } from '../helpers/timesheet-fixtures.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { addDays, firmTodayIso, weekStartOf } from '../../src/core/dates/iso-date.ts';

// Submit → approve → lock (issue 25): who may do what, in which order, at which version; the
// approvers' queue, the firm's settings and the dashboard's reminders.

const TZ = 'America/New_York';
let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let limitedId: string;
let adminId: string;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp({ TZ });
  const sa = await t.user('super_admin');
  const ad = await t.user('admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  adminId = ad.id;
  [superAdmin, admin, limited] = await Promise.all([t.signIn(sa.email), t.signIn(ad.email), t.signIn(lu.email)]);
  p = await trackedProject(t.database.db, sa.id);
});
afterAll(async () => t?.close());

const mine = (weekStart: string, over: Record<string, unknown> = {}) => ({ weekStart, ...over });
const theirs = (weekStart: string, over: Record<string, unknown> = {}) => ({ weekStart, userId: limitedId, ...over });

describe('the week\'s statuses', () => {
  it('submit → withdraw → submit → reject (note required) → submit → approve → reopen (reason required)', async () => {
    await enter(limited, p.projectId, { entryDate: '2026-02-03' });
    const submitted = await weekAction(limited, 'submit', mine('2026-02-02'));
    expect(submitted.statusCode).toBe(200);
    const day = firmTodayIso(TZ);
    expect(submitted.json()).toMatchObject({ status: 'submitted', version: 1, lockMessage: WEEK_MESSAGES.submitted(day) });
    expect((await weekAction(limited, 'submit', mine('2026-02-02'))).json().error.message).toBe(WEEK_MESSAGES.alreadySubmitted);
    expect((await weekAction(admin, 'withdraw', theirs('2026-02-02'))).statusCode).toBe(403);
    expect((await weekAction(limited, 'withdraw', mine('2026-02-02'))).json()).toMatchObject({ status: 'open', lockMessage: null });
    await weekAction(limited, 'submit', mine('2026-02-02'));

    expect((await weekAction(limited, 'approve', mine('2026-02-02'))).statusCode).toBe(403);
    const noNote = await weekAction(admin, 'reject', theirs('2026-02-02', { note: '  ' }));
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toBe(WEEK_MESSAGES.rejectNoteRequired);
    const rejected = await weekAction(admin, 'reject', theirs('2026-02-02', { note: 'Friday is missing' }));
    expect(rejected.json()).toMatchObject({ status: 'rejected', note: 'Friday is missing', decidedByName: 'Test admin', lockMessage: null });
    expect((await weekAction(admin, 'approve', theirs('2026-02-02'))).json().error.message).toBe(WEEK_MESSAGES.notSubmittedYet);

    await weekAction(limited, 'submit', mine('2026-02-02'));
    const approved = await weekAction(superAdmin, 'approve', theirs('2026-02-02'));
    expect(approved.json()).toMatchObject({ status: 'approved', approvedOn: day, lockMessage: WEEK_MESSAGES.locked(day) });
    expect((await weekAction(limited, 'submit', mine('2026-02-02'))).json().error.message).toBe(WEEK_MESSAGES.locked(day));
    expect((await weekAction(limited, 'withdraw', mine('2026-02-02'))).json().error.message).toBe(WEEK_MESSAGES.notWithdrawable);

    expect((await weekAction(limited, 'reopen', mine('2026-02-02', { note: 'mine' }))).statusCode).toBe(403);
    expect((await weekAction(admin, 'reopen', theirs('2026-02-02'))).json().error.message).toBe(WEEK_MESSAGES.reopenReasonRequired);
    const reopened = await weekAction(admin, 'reopen', theirs('2026-02-02', { note: 'Client asked for a correction' }));
    expect(reopened.json()).toMatchObject({ status: 'open', approvedOn: null, note: 'Client asked for a correction', lockMessage: null });
    expect((await weekAction(admin, 'reopen', theirs('2026-02-02', { note: 'again' }))).json().error.message).toBe(WEEK_MESSAGES.notApproved);
  });

  it('refuses a stale version and lets only one of two racing approvers decide', async () => {
    await weekAction(limited, 'submit', mine('2026-02-09'));
    const stale = await weekAction(admin, 'approve', theirs('2026-02-09', { version: 7 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current).toMatchObject({ status: 'submitted', version: 1 });
    const [a, b] = await Promise.all([
      weekAction(admin, 'approve', theirs('2026-02-09', { version: 1 })),
      weekAction(superAdmin, 'reject', theirs('2026-02-09', { version: 1, note: 'No' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('leaves an approver\'s own week to another approver (issue 38; docs/decisions/116) and refuses a day that starts no week', async () => {
    const waiting = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/dashboard' })).json().approvalsWaiting ?? 0;
    const [adminSees, superAdminSees] = [await waiting(admin), await waiting(superAdmin)];
    await weekAction(admin, 'submit', mine('2026-02-16'));
    // The dashboard does not count it for its owner, and the queue says who decides.
    expect([await waiting(admin), await waiting(superAdmin)]).toEqual([adminSees, superAdminSees + 1]);
    expect((await admin.request({ method: 'GET', url: '/api/timesheet/approvals' })).json().mayDecideOwn).toBe(false);
    expect((await admin.request({ method: 'GET', url: '/api/timesheet?week=2026-02-16' })).json()).toMatchObject({ mayApprove: true, mayDecide: false });
    for (const action of ['approve', 'reject'] as const) {
      const own = await weekAction(admin, action, mine('2026-02-16', { note: 'mine' }));
      expect([own.statusCode, own.json().error.message]).toEqual([403, WEEK_MESSAGES.ownWeek]);
    }
    const approved = await superAdmin.request({ method: 'POST', url: '/api/timesheet/weeks/approve', payload: { userId: adminId, weekStart: '2026-02-16' } });
    expect(approved.json().status).toBe('approved');
    const off = await weekAction(limited, 'submit', mine('2026-02-18'));
    expect(off.statusCode).toBe(400);
  });
});

describe('GET /api/timesheet/approvals', () => {
  it('lists every active person\'s week with hours per day, and every submitted week oldest first', async () => {
    await enter(limited, p.projectId, { entryDate: '2026-02-24', hours: 2 });
    await enter(limited, p.projectId, { entryDate: '2026-02-24', hours: 0.5 });
    await enter(limited, p.projectId, { entryDate: '2026-02-27', hours: 1 });
    await weekAction(limited, 'submit', mine('2026-02-23'));
    await weekAction(limited, 'submit', mine('2026-01-26'));
    const res = await admin.request({ method: 'GET', url: '/api/timesheet/approvals?week=2026-02-25' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weekStart).toBe('2026-02-23');
    expect(body.people).toHaveLength(3);
    expect(body.people.find((x: { userId: string }) => x.userId === limitedId)).toMatchObject({
      status: 'submitted', hoursByDay: [0, 2.5, 0, 0, 1, 0, 0], total: 3.5,
    });
    expect(body.people.find((x: { userId: string }) => x.userId === adminId)).toMatchObject({ status: 'open', total: 0 });
    expect(body.waiting.map((w: { weekStart: string }) => w.weekStart)).toEqual(['2026-01-26', '2026-02-23']);
    expect(body.waiting[1]).toMatchObject({ userId: limitedId, name: 'Test limited_user', total: 3.5 });
    expect((await limited.request({ method: 'GET', url: '/api/timesheet/approvals' })).statusCode).toBe(403);
  });
});

describe('settings and the dashboard', () => {
  it('reads the timesheet settings for everyone; admins change them at the version they saw', async () => {
    const read = await limited.request({ method: 'GET', url: '/api/settings/timesheets' });
    expect(read.json()).toEqual({ weekStartsOn: 1, billingRequiresApproval: false, timerRounding: 'up_0_1', version: 1 });
    const body = { weekStartsOn: 7, billingRequiresApproval: false, timerRounding: 'up_0_25', version: 1 };
    expect((await limited.request({ method: 'PUT', url: '/api/settings/timesheets', payload: body })).statusCode).toBe(403);
    expect((await admin.request({ method: 'PUT', url: '/api/settings/timesheets', payload: body })).json()).toMatchObject({ weekStartsOn: 7, version: 2 });
    const stale = await admin.request({ method: 'PUT', url: '/api/settings/timesheets', payload: body });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current.version).toBe(2);
    expect((await limited.request({ method: 'GET', url: '/api/timesheet?week=2026-02-25' })).json().weekStart).toBe('2026-02-22');
    await admin.request({ method: 'PUT', url: '/api/settings/timesheets', payload: { ...body, weekStartsOn: 1, timerRounding: 'up_0_1', version: 2 } });
  });

  it('reminds of last week until it is submitted, and tells approvers how many weeks wait', async () => {
    const lastWeek = addDays(weekStartOf(firmTodayIso(TZ), 1), -7);
    const before = (await limited.request({ method: 'GET', url: '/api/dashboard' })).json();
    expect(before).toMatchObject({ unsubmittedWeek: lastWeek, approvalsWaiting: null });
    const waiting = (await admin.request({ method: 'GET', url: '/api/dashboard' })).json().approvalsWaiting;
    await weekAction(limited, 'submit', mine(lastWeek));
    expect((await limited.request({ method: 'GET', url: '/api/dashboard' })).json().unsubmittedWeek).toBeNull();
    expect((await admin.request({ method: 'GET', url: '/api/dashboard' })).json().approvalsWaiting).toBe(waiting + 1);
    expect(WEEK_MESSAGES.notSubmitted(lastWeek)).toBe(`Your week of ${formatUsDate(lastWeek)} is not submitted`);
  });
});
