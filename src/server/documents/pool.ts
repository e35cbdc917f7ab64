import { MessageChannel } from 'node:worker_threads';
import { PassThrough } from 'node:stream';
import { Piscina } from 'piscina';
import { AppError } from '../errors/app-error.ts';
import { BUILT, builtServer } from '../runtime.ts';
import type { Letterhead } from './letterhead.ts';
import type { PdfData, PdfKind } from './renderers.ts';
import type { DocumentTask, FromWorker, StreamKind, ToWorker } from './worker-task.ts';

// The one pool of document workers (docs/decisions/065): every PDF and the XLSX export are laid
// out on these threads, so the event loop keeps answering (health, saves) whatever a document
// holds. The request thread reads the database and sends the bytes; a worker only renders.

/** A PDF that takes longer is stopped (its worker is replaced) and answered 504. */
const PDF_TIMEOUT_MS = 120_000;
/** Extra threads beyond the first leave after this long idle; the first stays. */
const IDLE_MS = 60_000;

/** A document being written as a stream: feed it pages, read `output`. */
export interface DocumentStream {
  output: PassThrough;
  /** Settles when the first bytes are ready, or with the reason it could not start. */
  started: Promise<void>;
  /** Hands over a page; resolves when the worker has taken it. */
  send(rows: unknown[]): Promise<void>;
  end(): void;
  fail(error: Error): void;
}

/** The catalogue's answer for the pool's own refusals; a renderer's error stays a 500 as it is. */
function toAnswer(error: unknown): unknown {
  const e = error as { name?: string; message?: string };
  if (e.name === 'AbortError') return new AppError('NETWORK_TIMEOUT');
  if (e.message === 'Task queue is at limit' || e.message === 'Terminating worker thread') return new AppError('SERVICE_UNAVAILABLE');
  return error;
}

export class DocumentPool {
  readonly #options: ConstructorParameters<typeof Piscina>[0];
  #pool: Piscina<DocumentTask, unknown> | null = null;
  #closed = false;

  constructor(threads: number) {
    this.#options = {
      filename: BUILT ? builtServer('documents/worker-task.ts') : new URL('./worker.mjs', import.meta.url).href,
      name: 'default',
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
      // A burst waits its turn; past this many waiting, the answer is 503 rather than unbounded memory.
      maxQueue: 16 * threads,
      // A runaway document ends its own thread (a 500), never the server.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    };
  }

  /** Threads start on first use (tests that print nothing start none), or here when the server listens. */
  get #threads(): Piscina<DocumentTask, unknown> {
    if (this.#closed) throw new AppError('SERVICE_UNAVAILABLE');
    this.#pool ??= new Piscina(this.#options);
    return this.#pool;
  }

  /** Loads a worker ahead of the first document (its modules take a second or two to load). */
  async warm(): Promise<void> {
    await this.#threads.run({ type: 'warm' });
  }

  async pdf<K extends PdfKind>(kind: K, data: PdfData<K>, letterhead: Letterhead): Promise<Buffer> {
    try {
      const bytes = await this.#threads.run({ type: 'pdf', kind, data, letterhead }, { signal: AbortSignal.timeout(PDF_TIMEOUT_MS) }) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      throw toAnswer(error);
    }
  }

  /**
   * Starts a streamed document. Back-pressure is the caller's: it sends the next page once the
   * worker has taken this one and the reader of `output` has caught up.
   */
  stream(kind: StreamKind, input: unknown): DocumentStream {
    const output = new PassThrough();
    const { port1: port, port2 } = new MessageChannel();
    let started = false;
    let onStart!: { resolve(): void; reject(error: unknown): void };
    const start = new Promise<void>((resolve, reject) => (onStart = { resolve, reject }));
    let onAck: { resolve(): void; reject(error: unknown): void } | null = null;
    let failure: unknown = null;
    const fail = (error: unknown) => {
      failure ??= error;
      onStart.reject(failure);
      onAck?.reject(failure);
      port.close();
      if (started) output.destroy(failure as Error);
    };
    port.on('message', (message: FromWorker) => {
      if ('chunk' in message) {
        started = true;
        onStart.resolve();
        if (!output.destroyed) output.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
      } else if ('ack' in message) {
        onAck?.resolve();
      } else {
        onStart.resolve();
        output.end();
        port.close();
      }
    });
    try {
      this.#threads.run({ type: 'stream', kind, input, port: port2 }, { transferList: [port2] }).catch((error: unknown) => fail(toAnswer(error)));
    } catch (error) {
      fail(error);
    }
    return {
      output,
      started: start,
      send: (rows) => {
        if (failure) return Promise.reject(failure);
        const taken = new Promise<void>((resolve, reject) => (onAck = { resolve, reject }));
        port.postMessage({ rows } satisfies ToWorker);
        return taken;
      },
      end: () => {
        if (!failure) port.postMessage({ end: true } satisfies ToWorker);
      },
      fail: (error) => fail(error),
    };
  }

  /** Stops the threads; a document still rendering is answered 503. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool?.destroy();
  }
}
