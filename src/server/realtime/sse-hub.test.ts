import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SseHub } from './sse-hub.ts';

class FakeResponse extends EventEmitter {
  written = '';
  ended = false;
  status = 0;
  headers: Record<string, string> = {};
  writeHead(status: number, headers: Record<string, string>) {
    this.status = status;
    this.headers = headers;
  }
  write(chunk: string) {
    this.written += chunk;
    return true;
  }
  socketEnded = false;
  socket = { end: () => (this.socketEnded = true) };
  end(done?: () => void) {
    this.ended = true;
    done?.();
  }
}

const open = (hub: SseHub, topic: string | null) => {
  const res = new FakeResponse();
  hub.open(res as unknown as ServerResponse, topic);
  return res;
};

describe('SseHub', () => {
  afterEach(() => vi.useRealTimers());

  it('starts an event stream that tells the browser to reconnect after 1 s', () => {
    const hub = new SseHub();
    const res = open(hub, null);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.written).toContain('retry: 1000\n');
    hub.close();
  });

  it.each([
    ['the same project', 'p1', true],
    ['another project', 'p2', false],
    ['every project', null, true],
  ])('delivers a change of p1 to a stream of %s: %s', (_name, topic, delivered) => {
    const hub = new SseHub();
    const res = open(hub, topic);
    hub.publish('p1', 'change', { op: 'insert', id: 'i1', project_id: 'p1' });
    expect(res.written.includes('event: change\ndata: {"op":"insert","id":"i1","project_id":"p1"}\n\n')).toBe(delivered);
    hub.close();
  });

  it("gives each stream its own topic's data, computed once per topic (a project's sync indicator)", () => {
    const hub = new SseHub();
    const streams = [open(hub, 'p1'), open(hub, 'p1'), open(hub, 'p2'), open(hub, null)];
    const asked: (string | null)[] = [];
    hub.publishEach('sync', (topic) => {
      asked.push(topic);
      return { pending: topic === 'p1' ? 3 : topic === 'p2' ? 1 : 4 };
    });
    expect(asked).toEqual(['p1', 'p2', null]);
    expect(streams.map((r) => r.written.match(/data: \{"pending":(\d)\}/)?.[1])).toEqual(['3', '3', '1', '4']);
    hub.close();
  });

  it('sends a heartbeat every 30 s and forgets closed streams', () => {
    vi.useFakeTimers();
    const hub = new SseHub();
    const res = open(hub, 'p1');
    vi.advanceTimersByTime(30_000);
    expect(res.written.match(/: heartbeat/g)).toHaveLength(1);
    res.emit('close');
    expect(hub.size).toBe(0);
    hub.close();
  });

  it('ends every stream on close, and its connection (a shutdown waits for neither)', () => {
    const hub = new SseHub();
    const a = open(hub, 'p1');
    const b = open(hub, null);
    hub.close();
    expect([a.ended, b.ended, hub.size]).toEqual([true, true, 0]);
    expect([a.socketEnded, b.socketEnded]).toEqual([true, true]);
  });
});

describe('streams end with their session', () => {
  it('closes a stream at the heartbeat once its session is gone', async () => {
    vi.useFakeTimers();
    try {
      const hub = new SseHub(1000);
      const res = new FakeResponse();
      let allowed = true;
      hub.open(res as unknown as ServerResponse, 'p1', {}, async () => allowed);
      await vi.advanceTimersByTimeAsync(1000);
      expect(hub.size).toBe(1);
      allowed = false;
      await vi.advanceTimersByTimeAsync(1000);
      expect(hub.size).toBe(0);
      expect(res.ended).toBe(true);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
