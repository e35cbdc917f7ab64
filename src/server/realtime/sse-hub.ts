import type { ServerResponse } from 'node:http';

/** SPEC §9: realtime heartbeat every 30 s (also keeps proxies from closing an idle stream). */
const HEARTBEAT_MS = 30_000;
/** What EventSource waits before reconnecting after the server went away. */
const RECONNECT_MS = 1_000;

interface Subscriber {
  res: ServerResponse;
  /** The topic a browser asked for; null receives everything. */
  topic: string | null;
  /** Re-checked at each heartbeat: a stream ends with the session that opened it. */
  stillAllowed?: () => Promise<boolean>;
}

/**
 * Server-Sent Events fan-out inside one app process. The process's single database LISTEN
 * feeds `publish`; each browser stream is one subscriber, filtered by topic (a project id).
 */
export class SseHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = HEARTBEAT_MS) {
    this.heartbeat = setInterval(() => {
      this.broadcast(': heartbeat\n\n');
      void this.dropRevoked();
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Starts an event stream on a raw response; it ends when the browser goes away. */
  open(
    res: ServerResponse,
    topic: string | null,
    headers: Record<string, string> = {},
    stillAllowed?: () => Promise<boolean>,
  ): void {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    const subscriber: Subscriber = { res, topic, stillAllowed };
    this.subscribers.add(subscriber);
    res.on('close', () => this.subscribers.delete(subscriber));
  }

  publish(topic: string, event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const s of this.subscribers) {
      if (s.topic === null || s.topic === topic) s.res.write(frame);
    }
  }

  /** To every stream, whatever its topic. */
  publishAll(event: string, data: unknown): void {
    this.broadcast(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** To every stream, each its own data by its topic (null: the streams of every topic), computed once per topic. */
  publishEach(event: string, dataFor: (topic: string | null) => unknown): void {
    const frames = new Map<string | null, string>();
    for (const s of this.subscribers) {
      let frame = frames.get(s.topic);
      if (frame === undefined) {
        frame = `event: ${event}\ndata: ${JSON.stringify(dataFor(s.topic))}\n\n`;
        frames.set(s.topic, frame);
      }
      s.res.write(frame);
    }
  }

  private async dropRevoked(): Promise<void> {
    for (const s of [...this.subscribers]) {
      if (s.stillAllowed && !(await s.stillAllowed().catch(() => false))) {
        this.subscribers.delete(s);
        s.res.end();
      }
    }
  }

  private broadcast(frame: string): void {
    for (const s of this.subscribers) s.res.write(frame);
  }

  /**
   * Ends every stream and its connection (server shutdown: called as the drain begins, so no stream
   * holds the close up); browsers reconnect to another or the restarted process.
   */
  close(): void {
    clearInterval(this.heartbeat);
    for (const s of this.subscribers) {
      const socket = s.res.socket;
      s.res.end(() => socket?.end());
    }
    this.subscribers.clear();
  }
}
