import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newItem } from '../helpers/action-items-fixtures.ts';
import { logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let superAdmin: Agent;
let limited: Agent;
let limitedId: string;
let p: TrackedProjectFixture;

// The server's calendar (current_date) decides today; the test process shares its clock and zone.
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const today = new Date();
const shift = (days: number) => iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
const monday = (today.getDay() + 6) % 7;

beforeAll(async () => {
  t = await createTestApp({ TZ: Intl.DateTimeFormat().resolvedOptions().timeZone });
  const sa = await t.user('super_admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  [superAdmin, limited] = await Promise.all([t.signIn(sa.email), t.signIn(lu.email)]);
  p = await trackedProject(t.database.db, sa.id, { projectName: 'Dock survey' });
});
afterAll(async () => t?.close());

describe('GET /api/dashboard', () => {
  it("lists the user's overdue, today's and this week's items, hours this and last week, recent projects", async () => {
    const create = (dueDate: string, shortDescription: string) => superAdmin.request({
      method: 'POST', url: '/api/action-items', payload: newItem(p.projectId, limitedId, { dueDate, shortDescription }),
    });
    expect((await create(shift(-3), 'Send the overdue report')).statusCode).toBe(201);
    expect((await create(shift(0), 'Call the adjuster')).statusCode).toBe(201);
    await logTime(limited, p.projectId, { entryDate: shift(-monday), hours: 2 });
    await logTime(limited, p.projectId, { entryDate: shift(-monday - 3), hours: 1.5 });
    const body = (await limited.request({ method: 'GET', url: '/api/dashboard' })).json();
    expect(body.overdueItems.map((i: { title: string }) => i.title)).toEqual(['Send the overdue report']);
    expect(body.todayItems.map((i: { title: string }) => i.title)).toEqual(['Call the adjuster']);
    expect(body.overdueItems[0].projectId).toBe(p.projectId);
    expect(body.myHoursThisWeek).toBe(2);
    expect(body.myHoursLastWeek).toBe(1.5);
    expect(body.recentProjects).toEqual([expect.objectContaining({ id: p.projectId, label: `${p.projectNumber} — Dock survey` })]);
    expect(JSON.stringify(body)).not.toMatch(/unbilled|receivable/i);
  });

  it("gives the firm's unbilled value and receivables to super admins only", async () => {
    expect((await limited.request({ method: 'GET', url: '/api/dashboard/money' })).statusCode).toBe(403);
    const money = (await superAdmin.request({ method: 'GET', url: '/api/dashboard/money' })).json();
    expect(money).toEqual({ unbilledValue: 350, receivables: 0, overdue: 0, overdueBills: 0 });
  });
});
