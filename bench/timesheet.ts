// Timesheet benchmark (issue 25) on the reports bench's data set (bench/million.ts: 1,000,000 time
// entries over 900 days, 50 staff). Every staff member's past weeks are approved except the last
// four, which wait for approval. The generator gives a person 1,111 entries on every 50th day and
// none between, so one person (staff7) also gets a full week as a timesheet holds it: 40 rows
// (projects × job titles), Monday to Friday, 200 entries, last week. Measures, server-side through
// app.inject (session, validation, JSON):
//  - GET /api/timesheet/approvals for 50 staff (the chosen week and every week waiting): p95 ≤ 50 ms,
//  - GET /api/timesheet: that week (another person's, as an approver opens it): p95 ≤ 50 ms,
//  - and, for information, a week holding one of the generator's 1,111-entry days, the dashboard
//    (with its reminders), a time entry's save in an open week, and the unbilled list with
//    billing requiring approved time off and on.
// Run: node --import tsx bench/timesheet.ts (BENCH_KEEP=1 keeps the database and reuses it next time).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { admin, databaseUrl, fmt, pct } from './lib.ts';
import { ENTRIES, generateMillion } from './million.ts';
import { addDays, firmTodayIso, weekStartOf } from '../src/core/dates/iso-date.ts';

const DB_NAME = 'casebook_bench_timesheet';
const RUNS = 50;
const KEEP = process.env.BENCH_KEEP === '1';

process.on('uncaughtException', (e: Error & { code?: string }) => {
  if (e.code !== '57P01') throw e;
});

const exists = await admin(`CREATE DATABASE ${DB_NAME}`).then(() => false, () => true);
if (exists && !KEEP) {
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
}
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(DB_NAME) });
const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(DB_NAME), poolSize: 10, timeZone: env.TZ });
const db = handle.db;
const thisWeek = weekStartOf(firmTodayIso(env.TZ), 1);
try {
  await migrate(db);
  if (!(exists && KEEP)) {
    await generateMillion(db);
    await weeks();
  }
  await measure();
} finally {
  await handle.close();
  if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}

/** staff7's full week, then 128 past weeks per person: approved, but the last four submitted (waiting). */
async function weeks() {
  const t0 = performance.now();
  await sql`
    insert into time_entries (id, project_id, user_id, created_by, entry_date, job_type, hours, rate, description, initials)
    select gen_random_uuid(), p.id, u.id, u.id, ${thisWeek}::date - 7 + d, j.title, 0.25 * (1 + (p.r + d) % 12), 100,
           'Inspection notes', 'S7'
    from users u
      cross join (select id, row_number() over (order by project_number) r from projects order by project_number limit 20) p
      cross join (values ('Consultant'), ('Principal')) j(title)
      cross join generate_series(0, 4) d
    where u.email = 'staff7@firm.test'`.execute(db);
  await sql`
    insert into timesheet_weeks (user_id, week_start, status, submitted_at, submitted_by, decided_at, approved_on)
    select u.id, w.start, case when w.n <= 4 then 'submitted' else 'approved' end, w.start + 7, u.id,
           case when w.n <= 4 then null else w.start + 8 end, case when w.n <= 4 then null else w.start + 8 end
    from users u, (select ${thisWeek}::date - 7 * n as start, n from generate_series(1, 128) n) w`.execute(db);
  await sql`vacuum analyze timesheet_weeks`.execute(db);
  console.log(`marked 128 weeks of each person (the last four waiting) in ${(performance.now() - t0).toFixed(0)} ms`);
}

async function measure() {
  const app = await buildApp({ database: handle, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x') });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bench.super@firm.test', password: 'bench-password-1' } });
  const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  const headers = { 'x-csrf-token': cookies['csrf-token'] ?? '' };
  const call = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({ method, url, cookies, headers, ...(payload && { payload }) });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const timed = async (make: () => Promise<unknown>) => {
    await make();
    const xs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await make();
      xs.push(performance.now() - t);
    }
    return { p50: pct(xs, 50), p95: pct(xs, 95) };
  };
  const lastWeek = addDays(thisWeek, -7);
  const staff = await db.selectFrom('users').select('id').where('email', '=', 'staff7@firm.test').executeTakeFirstOrThrow();
  const project = await db.selectFrom('time_entries').select('project_id').where('user_id', '=', staff.id)
    .orderBy('entry_date', 'desc').limit(1).executeTakeFirstOrThrow();

  const boss = await db.selectFrom('users').select('id').where('email', '=', 'bench.super@firm.test').executeTakeFirstOrThrow();
  const { day } = await db.selectFrom('time_entries').select(sql<string>`max(entry_date)::text`.as('day'))
    .where('user_id', '=', boss.id).executeTakeFirstOrThrow();
  const queue = await timed(() => call('GET', `/api/timesheet/approvals?week=${lastWeek}`));
  const sheet = await timed(() => call('GET', `/api/timesheet?userId=${staff.id}&week=${lastWeek}`));
  const heavy = await timed(() => call('GET', `/api/timesheet?week=${day}`));
  const dashboard = await timed(() => call('GET', '/api/dashboard'));
  const save = await timed(() => call('PUT', `/api/time-entries/${randomUUID()}`, {
    projectId: project.project_id, entryDate: thisWeek, jobType: 'Consultant', hours: 0.5, userId: staff.id,
  }));
  const unbilled = async (on: boolean) => {
    const current = (await call('GET', '/api/settings/timesheets')).json() as object;
    await call('PUT', '/api/settings/timesheets', { ...current, billingRequiresApproval: on });
    const xs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await call('GET', '/api/accounting/unbilled');
      xs.push(performance.now() - t);
    }
    return { p50: pct(xs, 50), p95: pct(xs, 95) };
  };
  const unbilledOff = await unbilled(false);
  const unbilledOn = await unbilled(true);
  await unbilled(false);
  const sample = (await call('GET', `/api/timesheet/approvals?week=${lastWeek}`)).json() as { people: unknown[]; waiting: unknown[] };
  const rows = (await call('GET', `/api/timesheet?userId=${staff.id}&week=${lastWeek}`)).json() as { rows: unknown[] };
  await app.close();

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const line = (name: string, s: { p50: number; p95: number }, target?: number) =>
    console.log(`${name.padEnd(52)} p50 ${fmt(s.p50).padStart(9)}  p95 ${fmt(s.p95).padStart(9)}${
      target ? `  target p95 ≤ ${target} ms  ${verdict(s.p95 <= target)}` : ''}`);
  console.log(`\ntimesheets over ${ENTRIES.toLocaleString()} time entries (app.inject, server-side, ${RUNS} runs each)`);
  line(`approver queue: ${sample.people.length} staff, ${sample.waiting.length} weeks waiting`, queue, 50);
  line(`one person's week (${rows.rows.length} rows), opened by an approver`, sheet, 50);
  line('own week holding a day of 1,111 entries (worst case)', heavy);
  line('GET /api/dashboard (with the week reminders)', dashboard);
  line('PUT /api/time-entries/:id (a new entry, with its week)', save);
  line('GET /api/accounting/unbilled (5 runs)', unbilledOff);
  line('  same, billing requires approved time', unbilledOn);
}
