// Issue 25: keystroke-to-paint in the weekly timesheet with 40 rows (project × job title), in
// headless Chromium against the real server with demo data, timed by bench/lib.ts's RECORDER: from
// the key's own timestamp until its DOM update is laid out, and until the end of the frame that
// paints it (the verdict, p95 ≤ 16 ms). Three kinds of key: typing in a cell, arrows moving
// between cells (the side panel follows), and Enter committing a cell (totals, auto-save).
// The 40 rows are seeded through the real API (POST /api/timesheet/rows, then a time entry per
// weekday through PUT /api/time-entries/:id) in a week the demo data leaves open (eight back).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { todayUs, toIsoDate } from '../src/core/smart-date.ts';
import { weekDays } from '../src/core/time/weeks.ts';
import { benchApi, signedInBenchPage, startDemoServer, takeTimings, timedKeys, timingLine, type Timings } from './lib.ts';
import { addDays, weekStartOf } from '../src/core/dates/iso-date.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = 40;
const KEYS = 200;
// Eight weeks back: src/server/seed/demo-weeks.ts submits and approves one to four weeks back.
const WEEK = addDays(weekStartOf(toIsoDate(todayUs(new Date()))!, 1), -56);

/** 40 rows of 5 weekdays' hours: projects of the demo data × their job titles, through the timesheet's own API. */
async function seed(page: Page) {
  const { cases } = await benchApi(page, 'GET', '/api/cases');
  const rows: { projectId: string; label: string; client: string; jobType: string }[] = [];
  for (const c of cases) {
    const projects = c.projects ?? (await benchApi(page, 'GET', `/api/cases/${c.id}`)).projects;
    for (const p of projects) {
      const data = await benchApi(page, 'GET', `/api/time-tracking/projects/${p.id}`);
      for (const jobType of data.jobTitles.slice(0, 4)) rows.push({ projectId: p.id, label: data.project.label, client: data.project.clientName, jobType });
      if (rows.length >= ROWS) break;
    }
    if (rows.length >= ROWS) break;
  }
  const days = weekDays(WEEK);
  for (const row of rows.slice(0, ROWS)) {
    await benchApi(page, 'POST', '/api/timesheet/rows', { weekStart: WEEK, projectId: row.projectId, jobType: row.jobType });
    await Promise.all(days.slice(0, 5).map((entryDate, d) => benchApi(page, 'PUT', `/api/time-entries/${randomUUID()}`, {
      projectId: row.projectId, entryDate, jobType: row.jobType, hours: 1 + d / 4, description: `Row ${row.label}`,
    })));
  }
  const sheet = await benchApi(page, 'GET', `/api/timesheet?week=${WEEK}`);
  if (sheet.rows.length < ROWS) throw new Error(`the week has ${sheet.rows.length} rows, not ${ROWS}`);
}

const line = (name: string, t: Timings) => timingLine(name, t, 16, 44);

const server = await startDemoServer(PORT);
const { browser, page } = await signedInBenchPage(BASE).catch((error: unknown) => {
  server.kill('SIGTERM');
  throw error;
});
try {
  await seed(page);
  await page.goto(`${BASE}/timesheet?week=${WEEK}`);
  await page.locator('tr[data-row]').nth(ROWS - 1).waitFor({ timeout: 60_000 });
  const cell = (r: number, d: number) => page.locator(`input[data-cell="${r}:${d}"]`);

  const trace = async (phase: string) => process.env.TRACE && process.env.TRACE_PHASE === phase
    && browser.startTracing(page, { path: process.env.TRACE, categories: process.env.TRACE_CATEGORIES?.split(',') ?? ['devtools.timeline', 'blink', 'cc'] });
  const untrace = async (phase: string) => process.env.TRACE && process.env.TRACE_PHASE === phase && browser.stopTracing();
  // Typing in a cell of row 20 (Saturday: empty), after Enter opened it.
  await cell(20, 5).focus();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  await trace('typing');
  const typing = await timedKeys(page, KEYS, (i) => (i % 2 ? 'Backspace' : '5'));
  await untrace('typing');
  line(`${ROWS} rows, typing in a cell`, typing);
  await page.keyboard.press('Escape');

  await trace('arrows');
  // Arrows moving through the grid: the side panel follows the focus.
  await cell(0, 0).focus();
  await page.waitForTimeout(300);
  const moves = ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown'];
  line(`${ROWS} rows, arrows between cells`, await timedKeys(page, KEYS, (i) => moves[i % moves.length]!));
  await untrace('arrows');

  // Enter commits a typed value (row, day and week totals; the save follows), Enter opens it again.
  await cell(20, 6).focus();
  await trace('commit');
  const commits: Timings = { latencies: [], frames: [] };
  for (let i = 0; i < KEYS / 4; i++) {
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+a');
    await page.keyboard.press(String(1 + (i % 8)));
    await page.waitForTimeout(40);
    await takeTimings(page); // only the committing Enter counts
    await page.keyboard.press('Enter');
    await page.waitForTimeout(60);
    const m = await takeTimings(page);
    commits.latencies.push(...m.latencies);
    commits.frames.push(...m.frames);
  }
  await untrace('commit');
  line(`${ROWS} rows, Enter committing a cell`, commits);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
