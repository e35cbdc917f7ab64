import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TApiError } from '../../core/api/errors.ts';
import { messageFor } from '../../core/errors.ts';

/** What a refused client is told to wait before trying again: about a restart's length. */
const DRAIN_RETRY_AFTER_SECONDS = 5;

/** Every request that arrives while the process drains: the catalogue's 503, `details.draining` set. */
const DRAINING_BODY: TApiError = {
  error: { code: 'SERVICE_UNAVAILABLE', message: messageFor('SERVICE_UNAVAILABLE'), details: { draining: true } },
};

/**
 * Graceful shutdown's first half (docs/decisions/053). Once `begin` is called the process drains:
 * every new request, /api/health included, answers 503 with the error envelope, `Retry-After`
 * and `Connection: close` (a load balancer stops sending, a client comes back later), while the
 * requests accepted before keep running and answer, each also with `Connection: close`. The
 * `onBegin` actions (end live-update streams, stop claiming jobs) run at once.
 *
 * The listening socket closes without resetting anyone. Connections the kernel has completed but
 * the process not yet accepted are reset when it closes, and a client answered 503 opens its next
 * connection at once; so, after the grace window that follows the last accepted answer, new
 * requests are held (up to another grace window) until every open connection has one waiting.
 * Then no client is connecting, the listener closes, and the held requests hear their 503: the
 * clients' next attempts are refused by the operating system (ECONNREFUSED), cleanly.
 * main.ts then closes the app, which closes the connections left idle.
 */
export class Drain {
  private draining = false;
  /** Between the grace window and the listener's close: new requests wait for their 503. */
  private holding = false;
  private server?: Server;
  /** Requests whose headers arrived before the drain began and whose answer has not ended yet. */
  private accepted = 0;
  private readonly acceptedRequests = new WeakSet<object>();
  private readonly sockets = new Set<Socket>();
  private readonly held = new Map<Socket, () => void>();
  private readonly waiters: Array<() => void> = [];
  private readonly actions: Array<() => unknown> = [];

  /** Something to stop when the drain begins; awaited with the accepted requests. */
  onBegin(action: () => unknown): void {
    this.actions.push(action);
  }

  /** How many accepted requests are still running (logged when the drain begins). */
  get inFlight(): number {
    return this.accepted;
  }

  register(app: FastifyInstance): void {
    this.server = app.server;
    app.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => {
        this.sockets.delete(socket);
        this.wake();
      });
    });
    // Counted on the raw server: hijacked replies (event streams, downloads) count too.
    app.server.on('request', (req, res) => {
      if (this.draining) return;
      this.accepted++;
      this.acceptedRequests.add(req);
      res.once('close', () => {
        this.accepted--;
        this.wake();
      });
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!this.draining || this.acceptedRequests.has(request.raw)) return;
      if (this.holding) await this.hold(request.raw.socket);
      return refuse(request, reply);
    });
    app.addHook('onSend', async (_request, reply) => {
      // An answer sent while draining ends its connection: the client will not reuse it.
      if (this.draining) reply.header('connection', 'close');
    });
  }

  /**
   * Drains: resolves once the accepted requests have answered, the grace window has passed after
   * the last answer, the listener has closed (see above) and the `onBegin` actions have finished.
   */
  async begin(graceMs: number): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    const actions = this.actions.map(async (action) => action());
    await this.until(() => this.accepted === 0);
    await sleep(graceMs);
    this.holding = true;
    await Promise.race([this.until(() => [...this.sockets].every((socket) => this.held.has(socket))), sleep(graceMs)]);
    // Only stop accepting: http's own close() would also close connections whose request is not
    // read yet (main.ts's app.close() closes the idle ones next).
    if (this.server?.listening) net.Server.prototype.close.call(this.server);
    this.holding = false;
    for (const release of this.held.values()) release();
    this.held.clear();
    await Promise.all(actions);
  }

  private hold(socket: Socket): Promise<void> {
    return new Promise((resolve) => {
      this.held.set(socket, resolve);
      this.wake();
    });
  }

  private until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (done() ? resolve() : this.waiters.push(check));
      check();
    });
  }

  private wake(): void {
    for (const check of this.waiters.splice(0)) check();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
