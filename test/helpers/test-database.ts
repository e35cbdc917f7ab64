import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrate.ts';

const CACHE = path.resolve(import.meta.dirname, '../../.cache');
const PGLITE_TEMPLATE = path.join(CACHE, 'pglite-template.tar.gz');
const PG_TEMPLATE_DB = 'casebook_test_template';

/** Which database the API suite runs on: PGlite by default, PostgreSQL in the api-pg project. */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Run once per test run: a migrated template that every test file copies. */
export async function prepareTemplate(kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    await adminQuery(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, PG_TEMPLATE_DB), poolSize: 1 });
    await migrate(handle.db);
    await handle.close();
    return;
  }
  const handle = await openDatabase({ kind: 'pglite' });
  await migrate(handle.db);
  await mkdir(CACHE, { recursive: true });
  await writeFile(PGLITE_TEMPLATE, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  await handle.close();
}

/** A fresh, migrated database for one test file. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (testDbKind() === 'postgres') {
    const name = `casebook_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    return {
      ...handle,
      async close() {
        await handle.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const blob = new Blob([await readFile(PGLITE_TEMPLATE)]);
  return openDatabase({ kind: 'pglite', loadDataDir: blob });
}
