import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { BACKUP_MESSAGES } from '../../core/backups.ts';
import type { Db, DatabaseHandle } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';

const CHANNEL = 'casebook_maintenance';
// The restore's advisory lock (migrations use 727_001). Held by the restoring instance's own
// session for the whole restore: every instance sharing the database reads it from pg_locks.
const LOCK_KEY = 727_002;
const DRAIN_TIMEOUT_MS = 30_000;
// NOTIFY tells the other instances at once; this re-read is the safety net for a missed one.
const POLL_MS = 2_000;

/**
 * Whether some instance is restoring a backup into this PostgreSQL database right now: its
 * session holds the restore lock. Reading pg_locks takes no lock, so this answers at once even
 * while the restore has every table locked. (Always false on PGlite: one process.)
 */
export async function restoreUnderWay(database: DatabaseHandle): Promise<boolean> {
  if (database.kind !== 'postgres') return false;
  return lockHeld(database.db);
}

async function lockHeld(db: Db): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and granted and classid = 0 and objid = ${LOCK_KEY} and objsubid = 1
        and database = (select oid from pg_database where datname = current_database())) as held`.execute(db);
  return rows[0]!.held;
}

/**
 * Maintenance mode during a restore: every other API request answers 503 with the maintenance
 * message (the web app shows its maintenance page), so nothing is half-written.
 * On PostgreSQL the state lives in the database, as the restore lock: an instance started in the
 * middle of a restore sees it too, and a restoring process that dies takes it with it (its
 * transaction rolled back, the old data whole). docs/decisions/190.
 */
export class Maintenance {
  active = false;
  private inFlight = 0;
  private idle: Array<() => void> = [];
  /** PostgreSQL: this instance's session holding the restore lock while it restores. */
  private holder: pg.Client | undefined;

  constructor(private readonly database: DatabaseHandle) {}

  register(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      // Read from the route that matched (docs/decisions/109); the web app's files still load, to show the maintenance page.
      const route = request.routeOptions.config;
      if (!route.access || route.web) return;
      if (this.active && !route.duringMaintenance) {
        throw new AppError('SERVICE_UNAVAILABLE', BACKUP_MESSAGES.maintenance, { maintenance: true });
      }
      // Writes are waited for; reads (and live-update streams) simply wait for the new data.
      if (request.method === 'GET' || request.method === 'HEAD') return;
      this.inFlight++;
      (request as { countedInFlight?: boolean }).countedInFlight = true;
    });
    app.addHook('onResponse', async (request) => {
      if (!(request as { countedInFlight?: boolean }).countedInFlight) return;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idle.splice(0)) wake();
    });
    // Only PostgreSQL has other instances to hear from (PGlite is one process).
    if (this.database.kind !== 'postgres') return;
    let stop: (() => Promise<void>) | undefined;
    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await this.refresh();
      stop = await this.database.listen(CHANNEL, () => void this.refresh().catch(() => undefined));
      poll = setInterval(() => void this.refresh().catch(() => undefined), POLL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      await stop?.();
      await this.release();
    });
  }

  /** Reads the state from the database (another instance may be restoring). */
  async refresh() {
    if (this.holder) return; // this instance is the one restoring
    this.active = await lockHeld(this.database.db);
  }

  /** Refuses new requests here and on every instance, and waits for this instance's writes in flight. */
  async begin() {
    if (this.database.kind === 'postgres') {
      const holder = new pg.Client({ connectionString: this.database.url });
      await holder.connect();
      const { rows } = await holder.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [LOCK_KEY]);
      if (!rows[0]!.got) {
        await holder.end();
        throw new AppError('CONSTRAINT_VIOLATION', BACKUP_MESSAGES.busy);
      }
      this.holder = holder;
    }
    this.active = true;
    await this.announce();
    if (this.inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => this.idle.push(resolve)),
        new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS)),
      ]);
    }
  }

  async end() {
    await this.release();
    this.active = false;
    await this.announce();
  }

  /** Ending the lock's session releases it. */
  private async release() {
    const holder = this.holder;
    this.holder = undefined;
    await holder?.end().catch(() => undefined);
  }

  /** Wakes the other instances to read the state now rather than at their next poll. */
  private async announce() {
    if (this.database.kind !== 'postgres') return;
    await sql`select pg_notify(${CHANNEL}, 'changed')`.execute(this.database.db).catch(() => undefined);
  }
}
