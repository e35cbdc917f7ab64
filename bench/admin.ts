// Audit log browser and backups at scale (issue 12): 1M audit rows, then
//  - GET /api/audit filtered by record, p50/p95/p99 (target ≤ 100 ms p95),
//  - pg_dump backup and one-transaction restore of that database: time and size.
// Uses a throw-away database on BENCH_DATABASE_URL's server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { confirmationDate } from '../src/core/backups.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { browseAudit } from '../src/server/features/audit/service.ts';
import { BackupService } from '../src/server/features/backups/service.ts';
import { BackupStore } from '../src/server/features/backups/store.ts';
import { admin, databaseUrl, fmt, pct } from './lib.ts';

const NAME = `casebook_bench_admin_${process.pid}`;
const ROWS = Number(process.env.AUDIT_ROWS ?? 1_000_000);
await admin(`CREATE DATABASE ${NAME}`);
const database = await openDatabase({ kind: 'postgres', url: databaseUrl(NAME) });
try {
  await migrate(database.db);
  let t = Date.now();
  // 100k records with 10 changes each, spread over a year, by 20 actors.
  await sql`insert into audit_log (at, actor_id, table_name, row_id, action, before, after)
    select now() - (g % 365) * interval '1 day', md5((g % 20)::text)::uuid, 'action_items', md5((g % 100000)::text)::uuid::text,
      'update', jsonb_build_object('title', 'Visit ' || g, 'version', g), jsonb_build_object('title', 'Visit ' || (g + 1), 'version', g + 1)
    from generate_series(1, ${ROWS}) g`.execute(database.db);
  await sql`analyze audit_log`.execute(database.db);
  console.log(`${ROWS} audit rows in ${Date.now() - t} ms`);

  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const rowId = (await sql<{ id: string }>`select md5(${String(i * 37)})::uuid::text as id`.execute(database.db)).rows[0]!.id;
    const start = performance.now();
    await browseAudit(database.db, { rowId, limit: 25 }, { isSuperAdmin: false, timeZone: 'UTC' });
    times.push(performance.now() - start);
  }
  console.log(`audit by record: p50 ${fmt(pct(times, 50))}  p95 ${fmt(pct(times, 95))}  p99 ${fmt(pct(times, 99))}`);
  console.log(`target audit by record p95 ≤ 100 ms: ${pct(times, 95) <= 100 ? 'PASS' : 'FAIL'}`);

  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-bench-backups-'));
  const service = new BackupService({ database, store: new BackupStore(dir), timeZone: 'UTC', appVersion: 'bench' });
  t = Date.now();
  const backup = await service.backup('manual');
  console.log(`backup (pg_dump): ${Date.now() - t} ms, ${(backup.size / 1024 / 1024).toFixed(1)} MB`);
  t = Date.now();
  await (await service.restore(path.join(dir, backup.name!), confirmationDate(backup.createdAt, 'UTC'))).done;
  console.log(`restore (verify, pre-restore backup, replace, migrate): ${Date.now() - t} ms`);
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
