// Calendar sync benchmark (issue 15), on PostgreSQL, against the fake Google on 127.0.0.1:
//  1. saving an action item (POST /api/action-items through app.inject) with the calendar
//     connected and sync on (the save queues a job; the runner drains the queue meanwhile)
//     versus without a calendar — target: p99 within 10 % of the p99 without;
//  2. 1,000 queued changes drained by one app instance — target ≤ 10 s, one request per change
//     (no duplicate creates), and the sync indicator (GET /api/calendar/status, what the SSE
//     stream pushes) counting down while it drains.
// The fake Google runs as its own process on BENCH_FAKE_PORT (default 3312), as Google would.
// Run: node --import tsx bench/calendar.ts   (BENCH_DATABASE_URL to use another server;
//      BENCH_DRAIN=100 for a quick check)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, type Db } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { makeProject } from '../test/helpers/action-items-fixtures.ts';
import { admin, databaseUrl, fmt, pct } from './lib.ts';

const DB_NAME = 'casebook_bench_calendar';
const ROUNDS = 20;
const SAVES_PER_ROUND = 60;
const CLIENTS = 5;
const DRAIN = Number(process.env.BENCH_DRAIN ?? 1000);
/** The fake Google runs in its own process, as Google would: its work does not slow the app's. */
const FAKE_PORT = Number(process.env.BENCH_FAKE_PORT ?? 3312);
const FAKE = `http://127.0.0.1:${FAKE_PORT}`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const fakeProcess = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/google-server.ts', String(FAKE_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
await once(fakeProcess.stdout!, 'data');
const fakeState = async () => (await (await fetch(`${FAKE}/__state`)).json()) as { events: unknown[]; calls: number };
const resetFake = () => fetch(`${FAKE}/__control`, { method: 'POST', body: JSON.stringify({ reset: true }) });

await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const database = await openDatabase({ kind: 'postgres', url: databaseUrl(DB_NAME) });
const key = randomBytes(32);
const env = loadEnv({
  NODE_ENV: 'test', LOG_LEVEL: 'silent', GOOGLE_CLIENT_ID: 'fake-client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'fake-client-secret',
  GOOGLE_AUTH_URL: `${FAKE}/o/oauth2/v2/auth`, GOOGLE_TOKEN_URL: `${FAKE}/token`, GOOGLE_CALENDAR_URL: `${FAKE}/calendar/v3`,
});

/** `count` items with sync on, queued and due now. */
async function queueItems(db: Db, userId: string, projectId: string, count: number) {
  await sql`
    insert into action_items (project_id, created_by, assigned_to, title, due_date, start_time, synced_to_calendar)
    select ${projectId}, ${userId}, ${userId}, 'Queued item ' || n, current_date + n % 30, '09:00', true
    from generate_series(1, ${count}) as n`.execute(db);
  await sql`update jobs set run_at = now() where queue = 'calendar-sync'`.execute(db);
}

try {
  await migrate(database.db);
  const email = 'bench.calendar@firm.test';
  const user = await createUser(database.db, { email, password: 'correct horse battery', firstName: 'Bench', lastName: 'Owner', role: 'admin' });
  const { projectId } = await makeProject(database.db, user.id);
  const owner = { id: user.id, project_id: projectId };
  const app = await buildApp({ database, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x'), tokenKey: key });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'correct horse battery' } });
  const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  const headers = { 'x-csrf-token': cookies['csrf-token']! };
  // Connect as an admin would: Connect, the provider's consent, the code posted back.
  const start = await app.inject({ method: 'POST', url: '/api/calendar/connect', cookies, headers, payload: {} });
  const back = new URL((await fetch((start.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
  const connected = await app.inject({ method: 'POST', url: '/api/calendar/oauth/callback', cookies, headers,
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
  if (connected.statusCode !== 200) throw new Error(`connect failed: ${connected.body}`);
  await app.jobs.start();

  const tokens = (await sql<{ a: string; r: string }>`select access_token as a, refresh_token as r from calendar_connection`.execute(database.db)).rows[0]!;
  const setConnected = async (on: boolean) => sql`update calendar_connection set access_token = ${on ? tokens.a : null},
    refresh_token = ${on ? tokens.r : null}`.execute(database.db);

  const save = async (sync: boolean) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/action-items', cookies, headers, payload: {
      id: randomUUID(), projectId: owner!.project_id, assignee: owner!.id, shortDescription: 'Bench visit', dueDate: '2027-05-01',
      startTime: '14:00', calendarSync: sync,
    } });
    if (res.statusCode !== 201) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  const round = async (sync: boolean) => {
    const times: number[] = [];
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < SAVES_PER_ROUND / CLIENTS; i++) times.push(await save(sync));
    }));
    return times;
  };
  await round(false); // warm-up
  const without: number[] = [];
  const withCal: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await setConnected(false);
    without.push(...await round(false));
    await setConnected(true);
    withCal.push(...await round(true));
  }
  await app.jobs.stop();
  console.log(`1. save (${CLIENTS} clients, ${without.length} saves each way, rounds alternating)`);
  console.log(`   without calendar   p50 ${fmt(pct(without, 50))}  p95 ${fmt(pct(without, 95))}  p99 ${fmt(pct(without, 99))}`);
  console.log(`   connected, sync on p50 ${fmt(pct(withCal, 50))}  p95 ${fmt(pct(withCal, 95))}  p99 ${fmt(pct(withCal, 99))}`);
  const ratio = pct(withCal, 99) / pct(without, 99);
  console.log(`${verdict(ratio <= 1.1)} save p99 connected / without = ${ratio.toFixed(2)} (target ≤ 1.10)`);

  // 2. Drain 1,000 queued changes.
  // Items first: deleting a synced item queues its event's deletion, which must not count here.
  await sql`delete from action_items`.execute(database.db);
  await sql`delete from jobs`.execute(database.db);
  await resetFake();
  await queueItems(database.db, owner.id, owner.project_id, DRAIN);
  const drainApp = await buildApp({ database, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x'), tokenKey: key });
  const status = async () => {
    const res = await drainApp.inject({ method: 'GET', url: '/api/calendar/status', cookies, headers });
    return (res.json() as { pending: number }).pending;
  };
  const seen = [await status()];
  const t0 = performance.now();
  await drainApp.jobs.start();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const pending = await status();
    seen.push(pending);
    if (pending === 0) break;
  }
  const ms = performance.now() - t0;
  await drainApp.jobs.stop();
  const { calls: requests, events } = await fakeState();
  const countsDown = seen.every((n, i) => i === 0 || n <= seen[i - 1]!) && new Set(seen).size >= Math.min(4, seen.length);
  console.log(`2. drain ${DRAIN} queued creates: ${(ms / 1000).toFixed(2)} s, ${requests} calendar requests, ${events.length} events`);
  console.log(`   indicator: ${seen.join(' → ')}`);
  console.log(`${verdict(ms <= DRAIN * 10)} drain ${DRAIN} in ${(ms / 1000).toFixed(2)} s (target ≤ ${DRAIN / 100} s)`);
  console.log(`${verdict(requests === DRAIN && events.length === DRAIN)} one request per change: ${requests} requests for ${DRAIN} changes`);
  console.log(`${verdict(countsDown)} the indicator counts down live (${seen.length} readings)`);
  await drainApp.close();
  await app.close();
} finally {
  await database.close();
  fakeProcess.kill();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
