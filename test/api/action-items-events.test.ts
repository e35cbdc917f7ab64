import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-database.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';

let t: TestApp;
let agent: Agent;
let userId: string;
let projectId: string;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await t.user('limited_user');
  userId = u.id;
  agent = await t.signIn(u.email);
  ({ projectId } = await makeProject(t.database.db, userId));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

const cookieHeader = (a: Agent) => Object.entries(a.cookies).map(([k, v]) => `${k}=${v}`).join('; ');

interface Stream {
  /** Resolves with the next `change` event's data. */
  next(timeoutMs?: number): Promise<{ op: string; id: string; project_id: string }>;
  close(): void;
}

/** Opens the event stream with fetch, as a browser's EventSource would. */
async function openStream(base: string, query = ''): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/action-items/events${query}`, {
    headers: { cookie: cookieHeader(agent), accept: 'text/event-stream' }, signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { op: string; id: string; project_id: string }[] = [];
  const waiting: ((e: (typeof events)[number]) => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (!frame.includes('event: change') || !data) continue;
          const event = JSON.parse(data.slice(6));
          const w = waiting.shift();
          if (w) w(event);
          else events.push(event);
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    next(timeoutMs = 5000) {
      const ready = events.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event arrived')), timeoutMs);
        waiting.push((e) => {
          clearTimeout(timer);
          resolve(e);
        });
      });
    },
    close: () => controller.abort(),
  };
}

describe('live updates over Server-Sent Events', () => {
  it('needs a signed-in user', async () => {
    const res = await fetch(`${baseUrl}/api/action-items/events`);
    expect(res.status).toBe(401);
  });

  it('sends insert, update and delete of the watched project, and nothing of other projects', async () => {
    const other = await makeProject(t.database.db, userId, 'Other');
    const stream = await openStream(baseUrl, `?projectId=${projectId}`);
    try {
      await agent.request({ method: 'POST', url: '/api/action-items', payload: newItem(other.projectId, userId) });
      const created = (await agent.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, userId) })).json();
      expect(await stream.next()).toEqual({ op: 'insert', id: created.id, project_id: projectId });
      await agent.request({ method: 'PATCH', url: `/api/action-items/${created.id}`, payload: { version: 1, status: 'completed' } });
      expect(await stream.next()).toEqual({ op: 'update', id: created.id, project_id: projectId });
      await agent.request({ method: 'DELETE', url: `/api/action-items/${created.id}` });
      expect(await stream.next()).toEqual({ op: 'delete', id: created.id, project_id: projectId });
    } finally {
      stream.close();
    }
  });

  it('sends every project to a stream without projectId', async () => {
    const other = await makeProject(t.database.db, userId, 'Another');
    const stream = await openStream(baseUrl);
    try {
      const created = (await agent.request({ method: 'POST', url: '/api/action-items', payload: newItem(other.projectId, userId) })).json();
      expect(await stream.next()).toMatchObject({ op: 'insert', id: created.id, project_id: other.projectId });
    } finally {
      stream.close();
    }
  });
});

// Two app processes sharing one PostgreSQL: each LISTENs on its own connection, so a change
// made through one reaches a browser streaming from the other.
describe.runIf(testDbKind() === 'postgres')('across two app instances on one PostgreSQL', () => {
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDb: DatabaseHandle;
  let secondUrl: string;

  beforeAll(async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    secondDb = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    second = await buildApp({
      database: secondDb, env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  it('each app LISTENs once, however many browsers stream', async () => {
    const streams = await Promise.all([openStream(secondUrl), openStream(secondUrl, `?projectId=${projectId}`), openStream(baseUrl)]);
    try {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%action_items%'`.execute(t.database.db);
      expect(Number(rows[0]!.n)).toBe(2);
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('an edit made through one app reaches a stream on the other', async () => {
    const stream = await openStream(secondUrl, `?projectId=${projectId}`);
    try {
      const created = (await agent.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, userId) })).json();
      expect(await stream.next()).toEqual({ op: 'insert', id: created.id, project_id: projectId });
      await agent.request({ method: 'PATCH', url: `/api/action-items/${created.id}`, payload: { version: 1, archived: true } });
      expect(await stream.next()).toEqual({ op: 'update', id: created.id, project_id: projectId });
    } finally {
      stream.close();
    }
  });
});
