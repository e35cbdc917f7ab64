import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';

const CHANNEL = 'casebook_maintenance';
// What still answers during a restore: the maintenance page's own questions.
const OPEN_DURING_MAINTENANCE = new Set(['/api/maintenance', '/api/config', '/api/health']);
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Maintenance mode during a restore: every other API request answers 503 with the maintenance
 * message (the web app shows its maintenance page), so nothing is half-written. Instances that
 * share PostgreSQL hear it by NOTIFY.
 */
export class Maintenance {
  active = false;
  private inFlight = 0;
  private idle: Array<() => void> = [];

  constructor(private readonly database: DatabaseHandle) {}

  register(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      if (this.active && !OPEN_DURING_MAINTENANCE.has(request.url.split('?')[0]!)) {
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
    app.addHook('onReady', async () => {
      stop = await this.database.listen(CHANNEL, (payload) => { this.active = payload === 'on'; });
    });
    app.addHook('onClose', async () => stop?.());
  }

  /** Refuses new requests, tells the other instances, and waits for writes in flight to finish. */
  async begin() {
    this.active = true;
    await this.announce('on');
    if (this.inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => this.idle.push(resolve)),
        new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS)),
      ]);
    }
  }

  async end() {
    await this.announce('off');
    this.active = false;
  }

  private async announce(state: 'on' | 'off') {
    if (this.database.kind !== 'postgres') return;
    await sql`select pg_notify(${CHANNEL}, ${state})`.execute(this.database.db).catch(() => undefined);
  }
}
