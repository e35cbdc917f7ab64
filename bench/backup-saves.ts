// Saves during a backup (issue 12: "backing up never blocks a save for more than 100 ms"):
// 5 writers save one audited row every 20 ms while a backup runs, on PostgreSQL (pg_dump)
// and on PGlite (dumpDataDir), each holding AUDIT_ROWS audit rows of history.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, withActor, type DatabaseHandle } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { BackupService } from '../src/server/features/backups/service.ts';
import { BackupStore } from '../src/server/features/backups/store.ts';
import { admin, databaseUrl, fmt, pct } from './lib.ts';

const ROWS = Number(process.env.AUDIT_ROWS ?? 300_000);

async function measure(label: string, database: DatabaseHandle) {
  await migrate(database.db);
  await sql`insert into audit_log (actor_id, table_name, row_id, action, after)
    select null, 'clients', g::text, 'insert', jsonb_build_object('name', 'Client ' || g) from generate_series(1, ${ROWS}) g`.execute(database.db);
  const actor = await database.db.insertInto('users').values({ email: `bench-${Date.now()}@x.test`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  const service = new BackupService({ database, store: new BackupStore(mkdtempSync(path.join(tmpdir(), 'casebook-bench-'))), timeZone: 'UTC', appVersion: 'bench' });
  const latencies: number[] = [];
  let running = true;
  const writers = Array.from({ length: 5 }, async (_, w) => {
    for (let i = 0; running; i++) {
      const start = performance.now();
      await withActor(database.db, actor.id, (tx) => tx.insertInto('clients').values({ name: `w${w}-${i}`, completion_percentage: 100 }).execute());
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  const t = Date.now();
  const backup = await service.backup('manual');
  const took = Date.now() - t;
  running = false;
  await Promise.all(writers);
  console.log(`${label}: backup ${took} ms, ${(backup.size / 1024 / 1024).toFixed(1)} MB; ${latencies.length} saves meanwhile: ` +
    `p50 ${fmt(pct(latencies, 50))} p99 ${fmt(pct(latencies, 99))} max ${fmt(Math.max(...latencies))}`);
}

const NAME = `casebook_bench_saves_${process.pid}`;
await admin(`CREATE DATABASE ${NAME}`);
const pgDb = await openDatabase({ kind: 'postgres', url: databaseUrl(NAME) });
try {
  await measure('PostgreSQL', pgDb);
} finally {
  await pgDb.close();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
const lite = await openDatabase({ kind: 'pglite' });
try {
  await measure('PGlite', lite);
} finally {
  await lite.close();
}
