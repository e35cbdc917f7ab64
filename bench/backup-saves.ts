// Saves during a backup (issue 12: "backing up never blocks a save for more than 100 ms").
// 5 writers save one audited row every 20 ms, first for BASELINE_MS without a backup, then while
// a backup runs: on PostgreSQL (pg_dump, a fresh database of its own on BENCH_DATABASE_URL's
// server) and on PGlite in a data folder (the online backup of docs/decisions/073), each holding
// AUDIT_ROWS audit rows of history. Prints save p50/p99/max for both phases and PASS/FAIL.
//   node --import tsx bench/backup-saves.ts          (AUDIT_ROWS=20000 for a quick check)
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

const ROWS = Number(process.env.AUDIT_ROWS ?? 300_000);
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
  await sql`insert into audit_log (actor_id, table_name, row_id, action, after)
    select null, 'clients', g::text, 'insert', jsonb_build_object('name', 'Client ' || g, 'note', repeat('x', 200)) from generate_series(1, ${ROWS}) g`.execute(database.db);
  console.log(`${label}: ${ROWS} audit rows in ${Date.now() - t} ms`);
  const actor = await database.db.insertInto('users').values({ email: `bench-${Date.now()}@x.test`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-bench-backups-'));
  const service = new BackupService({ database, store: new BackupStore(dir), timeZone: 'UTC', appVersion: 'bench' });
  try {
    const baseline = await savesDuring(database, actor.id, new Promise((r) => setTimeout(r, BASELINE_MS)));
    t = Date.now();
    let size = 0;
    const during = await savesDuring(database, actor.id, service.backup('manual').then((b) => { size = b.size; }));
    const took = Date.now() - t;
    const p99 = pct(during, 99);
    const ok = p99 <= TARGET_P99_MS;
    failed ||= !ok;
    console.log(`${label}: backup ${took} ms, ${(size / 1024 / 1024).toFixed(1)} MB`);
    console.log(`${label}: without a backup: ${line(baseline)}`);
    console.log(`${label}: during the backup: ${line(during)}`);
    console.log(`${label}: target save p99 during a backup ≤ ${TARGET_P99_MS} ms: ${fmt(p99)} ${ok ? 'PASS' : 'FAIL'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
