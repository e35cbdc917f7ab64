// Backups of the bench data set (issue 12, Performance): 100k cases, 1M time entries (BENCH_SCALE
// scales both; 0.05 for a quick check), on PostgreSQL (pg_dump, a fresh database of its own on
// BENCH_DATABASE_URL's server) and on PGlite in a data folder (the online backup of
// docs/decisions/073). For each: 5 writers save one audited row every 20 ms for BASELINE_MS
// without a backup, then while a backup runs ("backing up never blocks a save for more than
// 100 ms": save p99, PASS/FAIL); then the backup's time and size, and a restore's time.
//   node --import tsx bench/backup-saves.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, withActor, type DatabaseHandle } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { BackupService } from '../src/server/features/backups/service.ts';
import { BackupStore } from '../src/server/features/backups/store.ts';
import { ADMIN_URL, admin, databaseUrl, fmt, pct } from './lib.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CASES = Math.round(100_000 * SCALE);
const ENTRIES = Math.round(1_000_000 * SCALE);
const BASELINE_MS = 3_000;
const TARGET_P99_MS = 100;
let failed = false;

/** Runs the writers until `phase` resolves; returns each save's latency. */
async function savesDuring(database: DatabaseHandle, actorId: string, phase: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let running = true;
  const writers = Array.from({ length: 5 }, async (_, w) => {
    for (let i = 0; running; i++) {
      const start = performance.now();
      await withActor(database.db, actorId, (tx) => tx.insertInto('clients').values({ name: `w${w}-${i}`, completion_percentage: 100 }).execute());
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  await phase;
  running = false;
  await Promise.all(writers);
  return latencies;
}

const line = (xs: number[]) => `${xs.length} saves, p50 ${fmt(pct(xs, 50))} p99 ${fmt(pct(xs, 99))} max ${fmt(Math.max(...xs))}`;

async function measure(label: string, database: DatabaseHandle) {
  await migrate(database.db);
  let t = Date.now();
  await generate(database);
  console.log(`${label}: ${CASES} cases, ${ENTRIES} time entries generated in ${Date.now() - t} ms`);
  const actor = await database.db.insertInto('users').values({ email: `bench-${Date.now()}@x.test`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-bench-backups-'));
  const service = new BackupService({ database, store: new BackupStore(dir), timeZone: 'UTC', appVersion: 'bench', pgliteDir: database.dataDir });
  try {
    const baseline = await savesDuring(database, actor.id, new Promise((r) => setTimeout(r, BASELINE_MS)));
    t = Date.now();
    let backup: Awaited<ReturnType<BackupService['backup']>> | undefined;
    const during = await savesDuring(database, actor.id, service.backup('manual').then((b) => { backup = b; }));
    const took = Date.now() - t;
    const p99 = pct(during, 99);
    const ok = p99 <= TARGET_P99_MS;
    failed ||= !ok;
    console.log(`${label}: backup ${took} ms, ${(backup!.size / 1024 / 1024).toFixed(1)} MB`);
    console.log(`${label}: without a backup: ${line(baseline)}`);
    console.log(`${label}: during the backup: ${line(during)}`);
    console.log(`${label}: target save p99 during a backup ≤ ${TARGET_P99_MS} ms: ${fmt(p99)} ${ok ? 'PASS' : 'FAIL'}`);
    t = Date.now();
    await (await service.restore(path.join(dir, backup!.name!), null)).done;
    console.log(`${label}: restore (verify, pre-restore backup, replace, migrate) ${Date.now() - t} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench data set, written with triggers off (no audit rows for it). */
async function generate(database: DatabaseHandle) {
  await database.db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    await sql.raw(`
      insert into users (email, password_hash, first_name, last_name, role)
        select 'staff' || g || '@firm.test', 'not-a-login', 'Staff', 'No. ' || g, 'limited_user' from generate_series(1, 50) g;
      insert into clients (name, is_business_client, completion_percentage)
        select 'Client ' || g, true, 100 from generate_series(1, ${Math.ceil(CASES / 5)}) g;
      with c as (select id, row_number() over (order by id) n from clients)
      insert into cases (client_id, file_number, case_name)
        select c.id, 'B-' || lpad(g::text, 7, '0'), 'Case ' || g from generate_series(1, ${CASES}) g join c on c.n = 1 + (g % ${Math.ceil(CASES / 5)});
      insert into projects (case_id, project_number, project_name, is_primary_project)
        select id, file_number || '-01', 'Project of ' || case_name, true from cases;
      create temporary table bench_projects as select id, row_number() over (order by id) n from projects;
      create index on bench_projects (n);
      create temporary table bench_users as select id, row_number() over (order by email) n from users;
      insert into time_entries (id, project_id, user_id, created_by, entry_date, job_type, hours, rate, description, work_details, initials)
        select gen_random_uuid(), (select id from bench_projects where n = 1 + g % ${CASES}), u.id, u.id, current_date - (g % 900),
               'Consultant', 0.5 + (g % 12) / 4.0, 100, 'Reviewed file and drafted notes', 'review', 'MH'
        from generate_series(0, ${ENTRIES - 1}) g join bench_users u on u.n = 1 + g % 50;
      drop table bench_projects;
      drop table bench_users;
    `).execute(conn);
    await sql`set session_replication_role = origin`.execute(conn);
  });
}

async function connectionsTo(name: string): Promise<number> {
  const probe = new pg.Client({ connectionString: ADMIN_URL });
  await probe.connect();
  try {
    return (await probe.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0]!.n;
  } finally {
    await probe.end();
  }
}

const NAME = `casebook_bench_saves_${process.pid}`;
await admin(`CREATE DATABASE ${NAME}`);
const pgDb = await openDatabase({ kind: 'postgres', url: databaseUrl(NAME) });
try {
  await measure('PostgreSQL', pgDb);
} finally {
  await pgDb.close();
  // pg-pool's end() resolves before its sockets close: wait for them, or FORCE kills live ones.
  for (let i = 0; i < 50 && (await connectionsTo(NAME)) > 0; i++) await new Promise((r) => setTimeout(r, 100));
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
const liteDir = mkdtempSync(path.join(tmpdir(), 'casebook-bench-pglite-'));
const lite = await openDatabase({ kind: 'pglite', dataDir: path.join(liteDir, 'pglite') });
try {
  await measure('PGlite', lite);
} finally {
  await lite.close();
  rmSync(liteDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
