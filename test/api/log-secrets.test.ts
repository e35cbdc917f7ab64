// Issue 37: a token sent in a query string, a bearer header or a share link's address is never
// written to the server's log, whatever the request's answer.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadEnv } from '../../src/server/env.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { freshDatabase } from '../helpers/test-database.ts';

const TOKEN = 'cbk_SecretTokenText1234567890abcdef';
const SHARE = 'S'.repeat(43);
let database: DatabaseHandle;
let log = '';
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  database = await freshDatabase(env.TZ);
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  app = await buildApp({ database, env, sessionSecret: 'test-secret-'.padEnd(40, 'x'), logger: { stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it('blanks tokens and secrets in every logged address and never logs a header', async () => {
  const requests = [
    { url: `/api/bills?token=${TOKEN}` },
    { url: `/%61pi/bills?access_token=${TOKEN}&from=2026-01-01` },
    { url: `/api/clients?q=${TOKEN}` },
    { url: '/api/bills', headers: { authorization: `Bearer ${TOKEN}` } },
    { url: `/api/shared/${SHARE}` },
    { url: `/api/%73hared/${SHARE}/pdf` },
    { url: `/api/calendar/feed/${SHARE}` },
    { url: `/api/auth/oidc/google/callback?code=${TOKEN}&state=${SHARE}` },
  ];
  for (const request of requests) await app.inject({ method: 'GET', ...request });
  await new Promise((resolve) => setImmediate(resolve));
  expect(log).toContain('"url":"/api/bills?token=…"');
  expect(log).toContain('/api/shared/…');
  for (const secret of [TOKEN, SHARE, TOKEN.slice(4)]) expect(log).not.toContain(secret);
  expect(log.toLowerCase()).not.toContain('authorization');
});
