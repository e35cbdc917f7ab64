// Migrations carry a checksum (docs/decisions/189): an applied migration edited since stops the
// start; a database migrated before checksums were kept adopts the current ones.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { migrate, migrationChecksum, MigrationChangedError } from '../../src/server/db/migrate.ts';
import { freshDatabase } from '../helpers/test-database.ts';

const DIR = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
let database: DatabaseHandle;

const stored = async () => Object.fromEntries(
  (await sql<{ name: string; checksum: string | null }>`select name, checksum from schema_migrations`.execute(database.db))
    .rows.map((r) => [r.name, r.checksum]),
);

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('migration checksums', () => {
  it('keeps the checksum of every migration it applied', async () => {
    const files = (await readdir(DIR)).filter((f) => f.endsWith('.sql')).sort();
    const expected = Object.fromEntries(await Promise.all(files.map(async (f) => [f, migrationChecksum(await readFile(path.join(DIR, f), 'utf8'))])));
    expect(await stored()).toEqual(expected);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('has a database migrated before checksums were kept adopt the current ones at its first start', async () => {
    const before = await stored();
    await sql`alter table schema_migrations drop column checksum`.execute(database.db);
    expect(await migrate(database.db)).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('refuses to start on a migration edited after it was applied, naming the file, and changes nothing', async () => {
    await sql`update schema_migrations set checksum = 'as first applied' where name = '014_report_speed.sql'`.execute(database.db);
    const refusal = await migrate(database.db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MigrationChangedError);
    expect((refusal as Error).message).toMatch(/^Migration 014_report_speed\.sql was changed after it was applied to this database\./);
    expect((await stored())['014_report_speed.sql']).toBe('as first applied');
  });
});
