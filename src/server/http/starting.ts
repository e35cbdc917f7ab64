import type { FastifyInstance } from 'fastify';
import type { TApiError } from '../../core/api/errors.ts';
import { STARTING_MESSAGE } from '../../core/errors.ts';

/** What a refused client is told to wait: about as long as a first start's demo data takes. */
export const STARTING_RETRY_AFTER_SECONDS = 5;

const STARTING_BODY: TApiError = {
  error: { code: 'SERVICE_UNAVAILABLE', message: STARTING_MESSAGE, details: { starting: true } },
};

/**
 * The start's gate (docs/decisions/112): main.ts listens before the migrations (during a restore)
 * and the first start's demo data are done; until it calls `ready()`, every API route answers 503
 * with the starting message and Retry-After, never a half-made answer ('Invalid email or password'
 * from a users table still being filled). Routes declaring `duringStart` (/api/health, which says
 * 'starting') still run; the web app's files still load. Read from the matched route, never the URL.
 * Answered here, not thrown: the error log lives in the database that is not ready yet.
 */
export class Starting {
  constructor(private starting: boolean) {}

  get active(): boolean {
    return this.starting;
  }

  /** Migrations and demo data are done: requests run from now on. */
  ready(): void {
    this.starting = false;
  }

  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (!this.starting) return;
      const route = request.routeOptions.config;
      if (!route.access || route.web || route.duringStart) return;
      return reply.code(503).header('retry-after', String(STARTING_RETRY_AFTER_SECONDS)).send(STARTING_BODY);
    });
  }
}
