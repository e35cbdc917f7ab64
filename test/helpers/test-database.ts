import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrate.ts';

const CACHE = path.resolve(import.meta.dirname, '../../.cache');
// Named per test run (the main vitest process's pid, inherited by the workers through the
// environment), so concurrent runs on one machine never share a template.
const runId = () => process.env.CASEBOOK_TEST_RUN ?? String(process.pid);
// Kept as a plain tar (the backup's gzip taken off once per run): a file's copy skips the gunzip,
// about a quarter of PGlite's start (docs/decisions/125).
const pgliteTemplate = () => path.join(CACHE, `pglite-template-${runId()}.tar`);
const pgTemplateDb = () => `casebook_test_template_${runId()}`;

/** Which database the API suite runs on: PGlite by default, PostgreSQL in the api-pg project. */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Run once per test run: a migrated template that every test file copies. */
export async function prepareTemplate(kind: 'pglite' | 'postgres'): Promise<() => Promise<void>> {
  process.env.CASEBOOK_TEST_RUN = runId();
  if (kind === 'postgres') {
    const PG_TEMPLATE_DB = pgTemplateDb();
    const url = process.env.TEST_DATABASE_URL!;
    await adminQuery(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, PG_TEMPLATE_DB), poolSize: 1 });
    await migrate(handle.db);
    await handle.close();
    return () => adminQuery(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
  }
  const handle = await openDatabase({ kind: 'pglite' });
  await migrate(handle.db);
  // What a copy starts with is what it costs: each test file loads the whole folder into memory and
  // PostgreSQL clears its shared buffers at start. The two template databases (nothing here creates a
  // database on PGlite) were a third of the folder, and 128 MB of buffers half of a start; 16 MB holds a
  // test file's data many times over (docs/performance/test-suite.md, stop 55).
  for (const name of ['template0', 'template1']) {
    await sql.raw(`alter database ${name} is_template false`).execute(handle.db);
    await sql.raw(`drop database ${name}`).execute(handle.db);
  }
  await sql`alter system set shared_buffers = '16MB'`.execute(handle.db);
  // Each copy made itself a new 16 MB WAL segment and wrote it full of zeros, 8 kB at a time, into an
  // in-memory file grown 13 times (98 MB copied): without the zeros it is one write at its end (stop 56).
  await sql`alter system set wal_init_zero = off`.execute(handle.db);
  await mkdir(CACHE, { recursive: true });
  const chunks: Buffer[] = [];
  await handle.backup!((chunk) => chunks.push(chunk));
  await writeFile(pgliteTemplate(), gunzipSync(Buffer.concat(chunks)));
  await handle.close();
  return () => rm(pgliteTemplate(), { force: true });
}

/**
 * A fresh, migrated database for one test file; `timeZone` as a started app sets it from TZ, so
 * current_date and whole days are the firm's. On PGlite, `dataDir` puts it in that folder (for a
 * real process to open after it is closed) instead of memory.
 */
export async function freshDatabase(timeZone?: string, options: { dataDir?: string } = {}): Promise<DatabaseHandle> {
  if (testDbKind() === 'postgres') {
    const name = `casebook_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${pgTemplateDb()}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(process.env.TEST_DATABASE_URL!, name), timeZone });
    return {
      ...handle,
      async close() {
        await handle.close();
        // pg-pool's end() resolves before its sockets have closed; dropping WITH (FORCE) at that
        // moment kills those backends and the closing clients raise an unhandled 57P01.
        await waitForDisconnect(name);
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  return openDatabase({ kind: 'pglite', loadDataDir: await templateBlob(), timeZone, dataDir: options.dataDir });
}

// Read once per worker process: its files run one after another with this module kept (isolate:
// false in vitest.config.ts). PGlite only asks the Blob for its bytes, once per database: a copy of
// the bytes kept here, where Node's Blob.arrayBuffer() read them in small pieces and joined them
// (a sixth of a start).
class TemplateBlob extends Blob {
  readonly #tar: ArrayBuffer;
  constructor(tar: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
    this.#tar = tar;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#tar.slice(0));
  }
}
let template: Promise<Blob> | undefined;
function templateBlob(): Promise<Blob> {
  if (!template) {
    template = readFile(pgliteTemplate())
      .then((bytes): Blob => new TemplateBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    template.catch(() => (template = undefined)); // a failed read is tried again by the next file
  }
  return template;
}

/** Waits (up to 2 s) until no session is connected to the database. */
async function waitForDisconnect(name: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 40; i++) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
