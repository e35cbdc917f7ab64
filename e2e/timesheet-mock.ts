import type { Page, Route } from '@playwright/test';
import type { TTimeEntry } from '../src/core/api/time-tracking.ts';
import type { TApprovals, TTimesheet, TWeekState } from '../src/core/api/timesheet.ts';
import { addDays } from '../src/core/reports.ts';
import { WEEK_MESSAGES, weekDays, weekLockMessage, weekStartOf } from '../src/core/weeks.ts';

/**
 * A stand-in for the timesheet routes (helper A's server, issue 25) while they are not merged:
 * the screens are checked against the contract. Cells still save through the REAL PUT and DELETE
 * /api/time-entries/:id; the stand-in only notes what they answered, and refuses changes to a
 * submitted or approved week with the server's sentence, as the lock trigger will.
 */
export interface MockRow { projectId: string; projectLabel: string; clientName: string; jobType: string; weekStart: string }

export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export async function mockTimesheet(page: Page, person: { id: string; name: string }, mayApprove: boolean) {
  const rows: MockRow[] = [];
  const entries = new Map<string, TTimeEntry>();
  const weeks = new Map<string, TWeekState>();
  const labels = new Map<string, { label: string; client: string }>();
  const open = (): TWeekState => ({ status: 'open', submittedAt: null, decidedAt: null, decidedByName: null, approvedOn: null, note: '', lockMessage: null, version: 1 });
  const weekOf = (start: string) => weeks.get(start) ?? open();
  const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

  const sheet = (week: string): TTimesheet => {
    const start = weekStartOf(week, 1);
    const days = weekDays(start);
    const inWeek = [...entries.values()].filter((e) => days.includes(e.entryDate));
    const keys = new Map<string, MockRow>();
    for (const r of rows.filter((r) => r.weekStart === start)) keys.set(`${r.projectId}|${r.jobType}`, r);
    for (const e of inWeek) {
      const key = `${e.projectId}|${e.jobType}`;
      const l = labels.get(e.projectId);
      if (!keys.has(key)) keys.set(key, { projectId: e.projectId, projectLabel: l?.label ?? e.projectId, clientName: l?.client ?? '', jobType: e.jobType, weekStart: start });
    }
    const kept = new Set(rows.filter((r) => r.weekStart === start).map((r) => `${r.projectId}|${r.jobType}`));
    return {
      person: { ...person, initials: 'XX' }, weekStart: start, days, weekStartsOn: 1, week: weekOf(start), mayApprove,
      rows: [...keys.entries()].map(([key, r]) => ({
        projectId: r.projectId, projectLabel: r.projectLabel, clientName: r.clientName, jobType: r.jobType, kept: kept.has(key),
        cells: days.map((date) => ({ date, entries: inWeek.filter((e) => e.entryDate === date && `${e.projectId}|${e.jobType}` === key) })),
      })),
    };
  };
  const refuseLocked = (route: Route, date: string) => {
    const w = weekOf(weekStartOf(date, 1));
    if (!w.lockMessage) return false;
    void json(route, { error: { code: 'CONSTRAINT_VIOLATION', message: w.lockMessage, details: { week: { status: w.status } } } }, 409);
    return true;
  };

  await page.route('**/api/time-entries/*', async (route) => {
    const id = new URL(route.request().url()).pathname.split('/').pop()!;
    const method = route.request().method();
    const date = method === 'PUT' ? route.request().postDataJSON().entryDate : entries.get(id)?.entryDate;
    if (date && refuseLocked(route, date)) return;
    const response = await route.fetch();
    if (response.ok() && method === 'PUT') entries.set(id, (await response.json()).entry);
    if (response.ok() && method === 'DELETE') entries.delete(id);
    await route.fulfill({ response });
  });
  await page.route('**/api/timesheet**', async (route) => {
    const url = new URL(route.request().url());
    const method = route.request().method();
    const body = method === 'GET' ? {} : route.request().postDataJSON();
    const path = url.pathname;
    if (path === '/api/timesheet') return json(route, sheet(url.searchParams.get('week') ?? todayIso()));
    if (path === '/api/timesheet/job-titles') {
      const res = await page.request.get(`/api/time-tracking/projects/${url.searchParams.get('projectId')}`);
      const data = await res.json();
      labels.set(data.project.id, { label: data.project.label, client: data.project.clientName });
      return json(route, { jobTitles: data.jobTitles });
    }
    if (path === '/api/timesheet/rows') {
      const i = rows.findIndex((r) => r.projectId === body.projectId && r.jobType === body.jobType && r.weekStart === body.weekStart);
      if (method === 'DELETE' && i >= 0) rows.splice(i, 1);
      if (method === 'POST' && i < 0) {
        const l = labels.get(body.projectId);
        rows.push({ projectId: body.projectId, projectLabel: l?.label ?? '', clientName: l?.client ?? '', jobType: body.jobType, weekStart: body.weekStart });
      }
      return route.fulfill({ status: 204 });
    }
    if (path === '/api/timesheet/copy-last-week') {
      const last = sheet(addDays(body.weekStart, -7)).rows;
      const mine = sheet(body.weekStart).rows;
      const added = last.filter((r) => !mine.some((m) => m.projectId === r.projectId && m.jobType === r.jobType));
      for (const r of added) rows.push({ ...r, weekStart: body.weekStart });
      return json(route, { added: added.length });
    }
    if (path === '/api/timesheet/approvals') {
      const start = weekStartOf(url.searchParams.get('week') ?? todayIso(), 1);
      const s = sheet(start);
      const hoursByDay = s.days.map((d, i) => s.rows.reduce((sum, r) => sum + r.cells[i]!.entries.reduce((a, e) => a + e.hours, 0), 0));
      const waiting = [...weeks.entries()].filter(([, w]) => w.status === 'submitted').map(([weekStart]) => ({ userId: person.id, name: person.name, weekStart, total: 0 }));
      const answer: TApprovals = {
        weekStart: start, days: s.days, waiting,
        people: [{ userId: person.id, name: person.name, status: s.week.status, submittedAt: s.week.submittedAt, hoursByDay, total: hoursByDay.reduce((a, b) => a + b, 0) }],
      };
      return json(route, answer);
    }
    const action = path.split('/').pop();
    const now = weekOf(body.weekStart);
    const today = todayIso();
    const next: Record<string, TWeekState> = {
      submit: { ...now, status: 'submitted', submittedAt: today, lockMessage: weekLockMessage({ status: 'submitted', day: today }) },
      withdraw: { ...now, status: 'open', submittedAt: null, lockMessage: null },
      approve: { ...now, status: 'approved', decidedAt: today, approvedOn: today, decidedByName: 'An Approver', lockMessage: WEEK_MESSAGES.locked(today) },
      reject: { ...now, status: 'rejected', decidedAt: today, decidedByName: 'An Approver', note: body.note, lockMessage: null },
      reopen: { ...now, status: 'open', decidedAt: today, decidedByName: 'An Approver', note: body.note, approvedOn: null, lockMessage: null },
    };
    const state = { ...next[action!]!, version: now.version + 1 };
    weeks.set(body.weekStart, state);
    return json(route, state);
  });
  /** An entry saved outside the page (page.request): the stand-in lists it from now on. */
  return (entry: TTimeEntry, label: string) => {
    entries.set(entry.id, entry);
    labels.set(entry.projectId, { label, client: '' });
  };
}
