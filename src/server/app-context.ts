import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle, Db } from './db/connection.ts';
import type { Env } from './env.ts';
import type { Maintenance } from './http/maintenance.ts';
import type { SessionConfig } from './http/session.ts';
import type { TokenCipher } from './integrations/google/token-cipher.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { DocumentPool } from './documents/pool.ts';
import type { SseHub } from './realtime/sse-hub.ts';

/**
 * What app.ts hands every feature's plugin: the app to add routes to and the shared services.
 * A module of its own so that features import it, never app.ts (docs/decisions/076).
 */
export interface AppContext {
  app: FastifyInstance<never, never, never, never, ZodTypeProvider> & FastifyInstance;
  db: Db;
  database: DatabaseHandle;
  env: Env;
  sessionConfig: SessionConfig;
  demoAdminEmail?: string;
  jobs: JobRunner;
  /** Restore's maintenance mode: refuses API requests while the data is being replaced. */
  maintenance: Maintenance;
  sessionSecret: string;
  tokenCipher: TokenCipher;
  /** The Server-Sent Events fan-out of this process (the action items stream). */
  liveUpdates: SseHub;
  /** The worker threads that render every PDF and XLSX (docs/decisions/065). */
  documents: DocumentPool;
}
