import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { onlineBackup } from './pglite-online-backup.ts';
import { preparingConnections } from './prepared.ts';

// DATE columns stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;

type Listener = (payload: string) => void;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite only: an online backup of the whole database (a gzip'd tar of the data folder that
   * PGlite's loadDataDir reads), taken while queries keep running (docs/decisions/073).
   */
  backup?(write: (chunk: Buffer) => void): Promise<void>;
  /**
   * PGlite only: closes the database, lets `load` put the new data in place (a data folder: it
   * swaps the folder and returns nothing; in memory: it returns the snapshot), and reopens.
   * The caller keeps every request away meanwhile (maintenance).
   */
  replaceData?(load: () => Promise<Blob | undefined>): Promise<void>;
  /** PostgreSQL only: the connection string (pg_dump and psql use it). */
  url?: string;
  /** PGlite only: the data folder, when not in memory. */
  dataDir?: string;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; timeZone?: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; timeZone?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function startPglite(options: { dataDir?: string; loadDataDir?: Blob; timeZone?: string }) {
  const lite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  // current_date and now()::date follow the firm's time zone (one connection: set once).
  if (options.timeZone) await lite.query(`SET TIME ZONE '${options.timeZone.replace(/'/g, "''")}'`);
  return { lite, pool: preparingConnections(new pg.Pool(createPgConfig(lite))) };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; timeZone?: string }): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = await acquireDataDirLock(options.dataDir);
  try {
    let { lite, pool } = await startPglite(options);
    // Kysely reaches the pool through this forwarder, so a restore can swap the database under it;
    // a query asked for during the swap waits for the new database instead of failing.
    let swapping: Promise<void> = Promise.resolve();
    const forwarder = { connect: async () => { await swapping; return pool.connect(); }, end: () => pool.end() } as unknown as pg.Pool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: forwarder }) });
    const listeners = new Set<{ channel: string; onMessage: Listener; stop: () => Promise<void> }>();
    return {
      db,
      kind: 'pglite',
      dataDir: options.dataDir,
      // LISTEN goes to PGlite directly: hold the pool's only connection meanwhile, so it never
      // lands between the parse/bind/execute messages of a query in flight.
      async listen(channel, onMessage) {
        const entry = { channel, onMessage, stop: await exclusive(pool, () => lite.listen(channel, onMessage)) };
        listeners.add(entry);
        return () => {
          listeners.delete(entry);
          return exclusive(pool, () => entry.stop());
        };
      },
      // Each step of the backup takes the pool's only connection in turn with the app's queries.
      backup: (write) => onlineBackup((fn) => exclusive(pool, async () => fn(lite)), write),
      async replaceData(load) {
        let swapped!: () => void;
        swapping = new Promise((resolve) => { swapped = resolve; });
        let failure: unknown;
        try {
          await pool.end();
          await lite.close();
          let snapshot: Blob | undefined;
          try {
            snapshot = await load();
          } catch (error) {
            failure = error; // the folder still holds the old data: reopen it, then report
          }
          ({ lite, pool } = await startPglite({ dataDir: options.dataDir, timeZone: options.timeZone, loadDataDir: snapshot }));
          for (const entry of listeners) entry.stop = await lite.listen(entry.channel, entry.onMessage);
        } finally {
          swapped();
        }
        if (failure) throw failure;
      },
      async close() {
        await db.destroy();
        await lite.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function exclusive<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn();
  } finally {
    client.release();
  }
}

async function openPostgres(options: { url: string; poolSize?: number; timeZone?: string }): Promise<DatabaseHandle> {
  const { url, poolSize = 10, timeZone } = options;
  const pool = preparingConnections(new pg.Pool({
    connectionString: url,
    max: poolSize,
    // current_date and now()::date follow the firm's time zone.
    ...(timeZone ? { options: `-c TimeZone=${timeZone}` } : {}),
  }));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    url,
    async listen(channel, onMessage) {
      const stop = await listenWithReconnect(url, channel, onMessage);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await db.destroy();
    },
  };
}

/** One dedicated connection per channel; reconnects after a dropped connection. */
async function listenWithReconnect(url: string, channel: string, onMessage: Listener) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
    c.on('error', () => schedule());
    c.on('end', () => schedule());
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const schedule = () => {
    if (stopped || retry) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => schedule());
    }, 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Runs fn in a transaction whose audit rows name the acting user
 * (the audit trigger reads casebook.actor).
 */
export function withActor<T>(db: DbOrTx, actorId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const run = async (tx: Tx) => {
    await sql`select set_config('casebook.actor', ${actorId}, true)`.execute(tx);
    return fn(tx);
  };
  return db.isTransaction ? run(db as Tx) : db.transaction().execute(run);
}

/**
 * Starts one statement that runs as actorId without a transaction of its own making: the `actor`
 * CTE sets casebook.actor for the statement's implicit transaction, so one round trip replaces
 * BEGIN, set_config, the write and COMMIT. The statement must read from `actor`
 * (PostgreSQL never evaluates a CTE nobody reads).
 */
export function asActor(db: DbOrTx, actorId: string) {
  return db.with('actor', (qb) => qb.selectNoFrom(sql<string>`set_config('casebook.actor', ${actorId}, true)`.as('actor_id')));
}
