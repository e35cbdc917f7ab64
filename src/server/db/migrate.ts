import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './connection.ts';
import { APP_ROOT } from '../runtime.ts';

export const MIGRATIONS_DIR = path.join(APP_ROOT, 'src/server/db/migrations');
// Serialises migrations when several app instances start on one PostgreSQL.
const LOCK_KEY = 727_001;

/** A migration that landed in this database has been edited since: the start stops (docs/decisions/189). */
export class MigrationChangedError extends Error {
  constructor(readonly files: string[]) {
    super(
      `Migration ${files.join(', ')} was changed after it was applied to this database. Migrations are append-only: `
      + 'put the file back as it was and make the change in a new migration.',
    );
    this.name = 'MigrationChangedError';
  }
}

/** The checksum of a migration's text (line endings do not count: a checkout may turn them into CRLF). */
export const migrationChecksum = (text: string) => createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');

interface AppliedMigration {
  name: string;
  checksum: string | null;
}

/**
 * What the runner does with the migrations already applied: a row without a checksum (applied
 * before checksums were kept) adopts the file's current one; a row whose file now reads otherwise
 * is a changed migration. A row whose file is gone is left alone.
 */
export function checkApplied(applied: AppliedMigration[], current: Map<string, string>) {
  const adopt: Array<{ name: string; checksum: string }> = [];
  const changed: string[] = [];
  for (const row of applied) {
    const checksum = current.get(row.name);
    if (checksum === undefined) continue;
    if (row.checksum === null) adopt.push({ name: row.name, checksum });
    else if (row.checksum !== checksum) changed.push(row.name);
  }
  return { adopt, changed };
}

/**
 * Applies pending numbered .sql files in order, each in its own transaction, and keeps each one's
 * checksum. Refuses to go on (MigrationChangedError) when a file applied before has changed since.
 * Returns the names of the files it applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const texts = new Map(await Promise.all(names.map(async (f) => [f, await readFile(path.join(MIGRATIONS_DIR, f), 'utf8')] as const)));
  const checksums = new Map([...texts].map(([name, text]) => [name, migrationChecksum(text)]));
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      // Databases migrated before checksums were kept gain the column here, empty.
      await sql`alter table schema_migrations add column if not exists checksum text`.execute(conn);
      const applied = (await sql<AppliedMigration>`select name, checksum from schema_migrations`.execute(conn)).rows;
      const { adopt, changed } = checkApplied(applied, checksums);
      if (changed.length > 0) throw new MigrationChangedError(changed);
      for (const row of adopt) {
        await sql`update schema_migrations set checksum = ${row.checksum} where name = ${row.name}`.execute(conn);
      }
      const done = new Set(applied.map((r) => r.name));
      const pending = names.filter((f) => !done.has(f));
      for (const file of pending) {
        await conn.transaction().execute(async (tx) => {
          await sql.raw(texts.get(file)!).execute(tx);
          await sql`insert into schema_migrations (name, checksum) values (${file}, ${checksums.get(file)!})`.execute(tx);
        });
      }
      return pending;
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}
