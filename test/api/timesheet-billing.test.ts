import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_MESSAGES } from '../../src/core/time/weeks.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { enter, weekAction } from '../helpers/timesheet-fixtures.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

// Billing requires approved time (issue 25): when the firm's setting is on, unbilled work lists
// approved time only and says how many hours wait; bills and drafts take approved time only.

let t: TestApp;
let boss: Agent;
let limited: Agent;
let limitedId: string;
let p: TrackedProjectFixture;
let approvedId: string;
let waitingId: string;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  [boss, limited] = await Promise.all([t.signIn(sa.email), t.signIn(lu.email)]);
  p = await trackedProject(t.database.db, sa.id);
  approvedId = (await enter(limited, p.projectId, { entryDate: '2026-05-05', hours: 2 })).id;
  waitingId = (await enter(limited, p.projectId, { entryDate: '2026-05-12', hours: 1.5 })).id;
  await weekAction(limited, 'submit', { weekStart: '2026-05-04' });
  await weekAction(boss, 'approve', { weekStart: '2026-05-04', userId: limitedId });
});
afterAll(async () => t?.close());

const setApproval = async (on: boolean) => {
  const current = (await boss.request({ method: 'GET', url: '/api/settings/timesheets' })).json();
  await boss.request({ method: 'PUT', url: '/api/settings/timesheets', payload: { ...current, billingRequiresApproval: on } });
};
const unbilled = async () => (await boss.request({ method: 'GET', url: '/api/accounting/unbilled' })).json();
const lines = async () => (await boss.request({ method: 'GET', url: `/api/accounting/unbilled/${p.caseId}?from=2026-05-01&to=2026-05-31` })).json().lines;
const bill = (timeEntryIds: string[]) => boss.request({
  method: 'POST', url: '/api/bills', payload: { id: randomUUID(), caseId: p.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', timeEntryIds },
});

describe('billing requires approved time', () => {
  it('is off by default: everything unbilled is listed and nothing waits', async () => {
    const list = await unbilled();
    expect(list.hoursAwaitingApproval).toBe(0);
    expect(list.cases.find((c: { caseId: string }) => c.caseId === p.caseId)).toMatchObject({ hours: 3.5, hoursAwaitingApproval: 0 });
    expect(await lines()).toHaveLength(2);
  });

  it('when on, lists approved time only and says how many hours wait', async () => {
    await setApproval(true);
    const list = await unbilled();
    expect(list.hoursAwaitingApproval).toBe(1.5);
    expect(list.cases.find((c: { caseId: string }) => c.caseId === p.caseId)).toMatchObject({ hours: 2, entries: 1, hoursAwaitingApproval: 1.5 });
    expect((await lines()).map((l: { id: string }) => l.id)).toEqual([approvedId]);
  });

  it('when on, a bill and a draft take approved time only', async () => {
    const refused = await bill([approvedId, waitingId]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(WEEK_MESSAGES.unapprovedTime);
    const made = await bill([approvedId]);
    expect(made.statusCode).toBe(201);
    const added = await boss.request({
      method: 'POST', url: `/api/bills/${made.json().id}/entries`, payload: { version: made.json().version, timeEntryIds: [waitingId], expenseEntryIds: [] },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().error.message).toBe(WEEK_MESSAGES.unapprovedTime);
    await setApproval(false);
  });
});
