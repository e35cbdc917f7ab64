import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TApiError } from '../../core/api/errors.ts';
import { messageFor } from '../../core/errors.ts';

/** What a refused client is told to wait before trying again: about a restart's length. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;

/** Every request that arrives while the process drains: the catalogue's 503, `details.draining` set. */
export const DRAINING_BODY: TApiError = {
  error: { code: 'SERVICE_UNAVAILABLE', message: messageFor('SERVICE_UNAVAILABLE'), details: { draining: true } },
};

/**
 * Graceful shutdown's first half (docs/decisions/053). Once `begin` is called the process drains:
 * every new request, /api/health included, answers 503 with the error envelope, `Retry-After`
 * and `Connection: close` (a load balancer stops sending, a client comes back later), while the
 * requests accepted before keep running and answer, each also with `Connection: close`. The
 * `onBegin` actions (end live-update streams, stop claiming jobs) run at once. The listening
 * socket stays open meanwhile, so a late client hears a clean 503 rather than a reset; main.ts
 * closes the app (the listener, idle keep-alive sockets) once `begin` has resolved.
 */
export class Drain {
  private draining = false;
  /** Requests whose headers arrived before the drain began and whose answer has not ended yet. */
  private accepted = 0;
  private readonly acceptedRequests = new WeakSet<object>();
  private idle: Array<() => void> = [];
  private readonly actions: Array<() => unknown> = [];

  get active(): boolean {
    return this.draining;
  }

  /** Something to stop when the drain begins; awaited with the accepted requests. */
  onBegin(action: () => unknown): void {
    this.actions.push(action);
  }

  register(app: FastifyInstance): void {
    // Counted on the raw server: hijacked replies (event streams, downloads) count too.
    app.server.on('request', (req, res) => {
      if (this.draining) return;
      this.accepted++;
      this.acceptedRequests.add(req);
      res.once('close', () => {
        this.accepted--;
        if (this.accepted === 0) for (const wake of this.idle.splice(0)) wake();
      });
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!this.draining || this.acceptedRequests.has(request.raw)) return;
      return refuse(request, reply);
    });
    app.addHook('onSend', async (_request, reply) => {
      // An answer sent while draining ends its connection: the client will not reuse it.
      if (this.draining) reply.header('connection', 'close');
    });
  }

  /**
   * Starts draining; resolves once every accepted request has answered and `graceMs` more have
   * passed, and the `onBegin` actions have finished. The grace runs from the last answer: a busy
   * client sends its next request right after it, and must hear the 503 rather than find the
   * socket closing under it.
   */
  async begin(graceMs: number): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    const actions = this.actions.map(async (action) => action());
    const requests = (async () => {
      if (this.accepted > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
      await new Promise((resolve) => setTimeout(resolve, graceMs));
    })();
    await Promise.all([requests, ...actions]);
  }

  /** How many accepted requests are still running (logged when the drain begins). */
  get inFlight(): number {
    return this.accepted;
  }
}

async function refuse(request: FastifyRequest, reply: FastifyReply) {
  // Read the rest of the body first: closing a socket with unread bytes sends a reset, not our answer.
  if (!request.raw.complete) {
    request.raw.resume();
    await finished(request.raw).catch(() => undefined);
  }
  return reply
    .code(503)
    .header('connection', 'close')
    .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
    .send(DRAINING_BODY);
}
