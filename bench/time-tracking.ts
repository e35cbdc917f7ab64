// Time-tracking benchmark (issue 4) on PostgreSQL with 100,000 projects and 1,000,000 time entries:
//  - project search (GET /api/projects/search) p95 ≤ 30 ms,
//  - loading a 500-entry project (GET /api/time-tracking/projects/:id) ≤ 50 ms server-side,
//  - saving one entry (PUT /api/time-entries/:id) p99 ≤ 25 ms at 50 concurrent clients,
// each through app.inject (session, validation, serialisation; no network) next to the same SQL
// run directly through the same pool. Run: node --import tsx bench/time-tracking.ts
//
// Saves are measured twice (docs/decisions/033):
//  - 50 clients working, each signed in as a staff member of their own: each creates a row and
//    edits it (1 create, 3 updates), a save every THINK_MS on average (exponential gaps), five
//    times the pace the 1 s auto-save allows one person. The API and the two direct ways take
//    turns row by row, so all three meet the same machine. This is the target's measure.
//  - capacity: the same 50 clients with no pause at all, 50 saves always in flight. Latency there
//    is 50 ÷ throughput (Little's law), so it reports how many saves/s this machine carries.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
// The bench measures the time domain's own modules (not another feature: it may reach inside).
import { saveTimeEntry } from '../src/server/features/time/entries/write.ts';
import { projectEntries } from '../src/server/features/time/tracking/project-entries.ts';
import { searchProjects } from '../src/server/features/time/tracking/project-search.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { findSession } from '../src/server/features/auth/service.ts';
import type { TDataRole } from '../src/core/api/auth.ts';
import { admin, pct, fmt, ADMIN_URL } from './lib.ts';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'casebook_bench_time';
const CLIENTS = 20_000;
const CASES = 50_000;
const PROJECTS = 100_000;
const ENTRIES = 1_000_000;
const BIG_PROJECTS = 200; // each holds exactly 500 entries
const RUNS = 30;
const CONCURRENCY = 50;
const ROWS_PER_CLIENT = 10; // each row: 1 create + UPDATES_PER_ROW updates
const UPDATES_PER_ROW = 3;
const THINK_MS = 200;
// Capacity: each way alone, in turn, this many times (a run of one way is a few seconds: one is too few to read).
const CAPACITY_ROUNDS = 3;


type Stats = { p50: number; p95: number; p99: number; perSecond: number };
type Three = [Stats, Stats, Stats];
const stats = (xs: number[], seconds: number): Stats =>
  ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), perSecond: xs.length / seconds });

// The machine is shared, so the API and the direct SQL runs are interleaved (round by round):
// a burst of load from elsewhere hits both alike and the ratio stays meaningful.
async function timeEach(items: readonly string[], fns: ((item: string) => Promise<unknown>)[]): Promise<Three> {
  for (const fn of fns) for (const item of items) await fn(item); // warm-up
  const xs = fns.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const item of items) {
      for (const [k, fn] of fns.entries()) {
        const t0 = performance.now();
        await fn(item);
        xs[k]!.push(performance.now() - t0);
      }
    }
  }
  return xs.map((x) => stats(x, 1)) as Three;
}

type Save = (client: number, id: string, version?: number) => Promise<number>; // answers the saved version
type SaveStats = { all: Stats; create: Stats; update: Stats };

// CONCURRENCY clients each create ROWS_PER_CLIENT rows and update each UPDATES_PER_ROW times,
// pausing thinkMs on average (exponential gaps) before each save; 0 means no pause.
// mixed: the ways take turns row by row within one run, so at any moment about a third of the
// clients use each and every way meets the same machine (this one is shared); otherwise each way
// runs alone, in turn, and its saves/s is its capacity.
async function clients(ways: Save[], options: { thinkMs: number; rounds: number; mixed: boolean }): Promise<SaveStats[]> {
  const { thinkMs, rounds, mixed } = options;
  const xs = ways.map(() => ({ create: [] as number[], update: [] as number[], seconds: 0 }));
  const pause = () => (thinkMs ? new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * thinkMs)) : undefined);
  for (let round = 0; round < rounds; round++) {
    for (const only of mixed ? [null] : ways.map((_, k) => k)) {
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, async (_, client) => {
        for (let r = 0; r < ROWS_PER_CLIENT; r++) {
          const k = only ?? (client + r + round) % ways.length;
          const id = randomUUID();
          let version: number | undefined;
          for (let u = 0; u <= UPDATES_PER_ROW; u++) {
            await pause();
            const t0 = performance.now();
            const kind = version === undefined ? 'create' : 'update';
            version = await ways[k]!(client, id, version);
            xs[k]![kind].push(performance.now() - t0);
          }
        }
      }));
      for (const x of only === null ? xs : [xs[only]!]) x.seconds += (performance.now() - started) / 1000;
    }
  }
  return xs.map((x) => ({
    all: stats([...x.create, ...x.update], x.seconds), create: stats(x.create, x.seconds), update: stats(x.update, x.seconds),
  }));
}

// DROP DATABASE … WITH (FORCE) at the end ends idle pool connections; that is expected.
process.on('uncaughtException', (e: Error & { code?: string }) => {
  if (e.code !== '57P01') throw e;
});

const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
const db = handle.db;
try {
  await migrate(db);
  const superAdmin = await createUser(db, {
    email: 'bench.super@firm.test', password: 'bench-password-1', firstName: 'Bench', lastName: 'Super', role: 'super_admin',
  });
  const t0 = performance.now();
  // Bulk generation skips the audit and touch triggers (replica role); the app's own writes below keep them.
  await sql`set session_replication_role = replica`.execute(db);
  await sql.raw(`
    insert into rate_codes (name, code) values ('Standard', 'STD');
    insert into rate_code_items (rate_code_id, job_type, rate)
      select id, j, r from rate_codes, unnest(array['Consultant','Senior Consultant','Principal','Field Inspector','Administrative'],
        array[100,150,250,105,65]) as t(j, r);
    with parts as (select
      array['Harbor','Summit','Oak','Pine','River','Granite','Maple','Cedar','Lakeside','Northgate','Bayview','Ironbound'] b,
      array['Smith','Johnson','Williams','Brown','Garcia','Miller','Davis','Rodriguez','Martinez','Lopez','Wilson','Anderson','Taylor','Moore','Jackson','Martin','Lee','Perez','White','Harris'] l,
      array['LLC','Inc.','Partners','Holdings','Association'] s)
    insert into clients (name, is_business_client, completion_percentage)
      select b[1 + g % 12] || ' ' || l[1 + (g / 12) % 20] || ' ' || s[1 + g % 5] || ' ' || g, true,
             case when g % 10 = 0 then 50 else 100 end
      from parts, generate_series(1, ${CLIENTS}) g;
    with c as (select id, row_number() over (order by id) n from clients)
    insert into cases (client_id, file_number, case_name, rate_code_id)
      select c.id, lpad(((g % 9) + 18)::text, 2, '0') || '-' || lpad(g::text, 6, '0'), 'Case ' || g, (select id from rate_codes)
      from generate_series(1, ${CASES}) g join c on c.n = 1 + (g % ${CLIENTS});
    insert into case_rate_assignments (case_id, custom_rates)
      select id, '{"senior_consultant_rate": 175}'::jsonb from cases where file_number like '%7';
    with k as (select id, file_number, row_number() over (order by file_number) n from cases),
    parts as (select array['Oak St','Grove St','Main St','Harbor Rd','Ridge Ave','Park Pl','Lake Dr','Mill Rd'] st,
      array['Wind Damage','Water Loss','Fire Loss','Roof Collapse','Mold Claim','Foundation Crack'] kind)
    insert into projects (case_id, project_number, project_name, is_primary_project)
      select k.id, k.file_number || '-' || lpad((1 + g / ${CASES})::text, 2, '0'),
             (100 + g % 9800) || ' ' || st[1 + g % 8] || ' - ' || kind[1 + (g / 8) % 6], g < ${CASES}
      from parts, generate_series(0, ${PROJECTS - 1}) g join k on k.n = 1 + (g % ${CASES});
  `).execute(db);
  // 1,000,000 entries: 200 projects with exactly 500 each, the rest spread over every other project.
  await sql.raw(`
    create temporary table bench_projects as select id, row_number() over (order by project_number) n from projects;
    create index on bench_projects (n);
    insert into time_entries (id, project_id, user_id, created_by, entry_date, job_type, hours, rate, description, work_details, initials)
      select gen_random_uuid(),
             (select id from bench_projects where n = case when g < ${BIG_PROJECTS * 500} then 1 + g / 500
                                                        else ${BIG_PROJECTS + 1} + g % ${PROJECTS - BIG_PROJECTS} end),
             '${superAdmin.id}', '${superAdmin.id}', current_date - (g % 900), 'Consultant', 0.5 + (g % 12) / 4.0, 100,
             'Reviewed file and drafted notes', 'review', 'MH'
      from generate_series(0, ${ENTRIES - 1}) g;
  `).execute(db);
  await sql`set session_replication_role = origin`.execute(db);
  await sql.raw('vacuum analyze').execute(db);
  const generated = (performance.now() - t0) / 1000;
  const counts = await sql<{ p: string; t: string }>`select (select count(*) from projects) p, (select count(*) from time_entries) t`.execute(db);
  console.log(`generated ${counts.rows[0]!.p} projects, ${counts.rows[0]!.t} time entries in ${generated.toFixed(0)} s`);

  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url.toString() });
  const app = await buildApp({ database: handle, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x') });
  await app.ready();
  // The 50 clients are 50 staff members, each signed in (a session of their own); roles take turns.
  const signIn = async (user: { id: string; email: string }, role: TDataRole) => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'bench-password-1' } });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    return { cookies, headers: { 'x-csrf-token': cookies['csrf-token']! }, viewer: { id: user.id, role, isSuperAdmin: role === 'super_admin' } };
  };
  const staff = [await signIn(superAdmin, 'super_admin')];
  const ROLES = ['super_admin', 'admin', 'limited_user'] as const;
  for (let i = 1; i < CONCURRENCY; i++) {
    const role = ROLES[i % ROLES.length]!;
    const email = `bench.staff${i}@firm.test`;
    const user = await createUser(db, { email, password: 'bench-password-1', firstName: 'Staff', lastName: `No. ${i}`, role });
    staff.push(await signIn({ id: user.id, email }, role));
  }
  const { viewer } = staff[0]!;
  // Every API request also reads its session (foundation code): the same SQL, run directly.
  const sessionConfig = { secret: 'bench-secret-'.padEnd(40, 'x'), idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS };
  const session = (client = 0) => findSession(db, staff[client]!.cookies.casebook_session!, sessionConfig);
  const inject = async (method: 'GET' | 'PUT', path: string, payload?: object, client = 0) => {
    const { cookies, headers } = staff[client]!;
    const res = await app.inject({ method, url: path, cookies, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };

  // Search: a partial client name, a project-name prefix, a project number, a file number, a rare word, no hit.
  const queries = ['harbor smith', '4521 oak', '23-004512-01', '19-00317', 'ironbound lee', 'zzqx'];
  const [searchApi, searchSql, searchSess] = await timeEach(queries, [
    (q) => inject('GET', `/api/projects/search?q=${encodeURIComponent(q)}`),
    (q) => searchProjects(db, { q }),
    async (q) => { await session(); return searchProjects(db, { q }); },
  ]);

  const big = await sql<{ id: string }>`select project_id id from time_entries group by project_id having count(*) = 500 limit 20`.execute(db);
  const bigIds = big.rows.map((r) => r.id);
  const [loadApi, loadSql, loadSess] = await timeEach(bigIds, [
    (id) => inject('GET', `/api/time-tracking/projects/${id}`),
    (id) => projectEntries(db, { projectId: id, viewer }),
    async (id) => { await session(); return projectEntries(db, { projectId: id, viewer }); },
  ]);

  const projectIds = (await sql<{ id: string }>`select id from projects order by random() limit 500`.execute(db)).rows.map((r) => r.id);
  let n = 0;
  const rowProject = new Map<string, string>();
  const body = (id: string, version?: number) => {
    if (!rowProject.has(id)) rowProject.set(id, projectIds[n++ % projectIds.length]!);
    return {
      projectId: rowProject.get(id)!, entryDate: '2026-03-15', jobType: 'Senior Consultant', hours: 1.5 + (version ?? 0),
      initials: 'MH', workDetails: 'email', description: 'Bench entry', version,
    };
  };
  const direct = async (client: number, id: string, version?: number) =>
    (await saveTimeEntry(db, { id, body: body(id, version), viewer: staff[client]!.viewer })).entry.version;
  const ways: Save[] = [
    async (client, id, version) => (await inject('PUT', `/api/time-entries/${id}`, body(id, version), client)).json().entry.version,
    direct,
    async (client, id, version) => { await session(client); return direct(client, id, version); },
  ];
  await clients(ways, { thinkMs: 0, rounds: 1, mixed: true }); // warm-up
  const paced = await clients(ways, { thinkMs: THINK_MS, rounds: 3, mixed: true });
  const capacity = await clients(ways, { thinkMs: 0, rounds: CAPACITY_ROUNDS, mixed: false });
  await app.close();

  const row = (name: string, api: number, direct: number, withSession: number, target: string) =>
    console.log(`${name.padEnd(20)} api ${fmt(api).padStart(9)}  direct ${fmt(direct).padStart(9)} (ratio ${(api / direct).toFixed(2)})`
      + `  direct+session ${fmt(withSession).padStart(9)} (ratio ${(api / withSession).toFixed(2)})  ${target}`);
  console.log(`\nsearch (${queries.length} queries × ${RUNS}, each way)`);
  row('project search p50', searchApi.p50, searchSql.p50, searchSess.p50, '');
  row('project search p95', searchApi.p95, searchSql.p95, searchSess.p95, 'target ≤ 30 ms');
  console.log(`load a 500-entry project (${bigIds.length} projects × ${RUNS})`);
  row('load p50', loadApi.p50, loadSql.p50, loadSess.p50, '');
  row('load p95', loadApi.p95, loadSql.p95, loadSess.p95, 'target ≤ 50 ms');
  const saves = (label: string, [api, direct, withSession]: SaveStats[], footer: string) => {
    console.log(label);
    for (const kind of ['all', 'create', 'update'] as const) {
      row(`save ${kind} p50`, api![kind].p50, direct![kind].p50, withSession![kind].p50, '');
      row(`save ${kind} p99`, api![kind].p99, direct![kind].p99, withSession![kind].p99, kind === 'all' ? 'target ≤ 25 ms' : '');
    }
    console.log(footer);
  };
  const perClient = ROWS_PER_CLIENT * (UPDATES_PER_ROW + 1);
  const offered = paced.reduce((sum, x) => sum + x.all.perSecond, 0);
  saves(`save one entry: ${CONCURRENCY} clients × ${perClient} saves (1 create + ${UPDATES_PER_ROW} updates a row), a save every `
    + `${THINK_MS} ms on average each, × 3 rounds; the three ways take turns row by row`, paced, `saves/s from the 50 clients: ${offered.toFixed(0)}`);
  const [apiRate, directRate, sessionRate] = capacity.map((x) => x.all.perSecond.toFixed(0));
  saves(`capacity: the same ${CONCURRENCY} clients without pauses (${CONCURRENCY} saves always in flight), each way alone`, capacity,
    `saves/s: api ${apiRate}, direct ${directRate}, direct+session ${sessionRate}`);
} finally {
  await handle.close();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
