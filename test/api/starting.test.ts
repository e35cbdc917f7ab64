import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED, STARTING_MESSAGE } from '../../src/core/errors.ts';
import { buildApp } from '../../src/server/app.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { TEST_PASSWORD } from '../helpers/test-app.ts';
import { freshDatabase } from '../helpers/test-database.ts';

// Issue 37: starting is not 'wrong password' (docs/decisions/112). Until main.ts has finished the
// migrations and the demo data, every API route answers 503 'Casebook is starting…' with Retry-After;
// /api/health says 'starting' (503, so load balancers wait); the web app's files still load.

let app: FastifyInstance;
let database: DatabaseHandle;
const email = `starting.${Date.now()}@firm.test`;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'casebook-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Casebook</title>');
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIR: webDir });
  database = await freshDatabase(env.TZ);
  app = await buildApp({ database, env, sessionSecret: 'test-secret-'.padEnd(40, 'x'), starting: true });
  await app.ready();
  await createUser(database.db, { email, password: TEST_PASSWORD, firstName: 'Ana', lastName: 'Diaz', role: 'super_admin' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signIn = (password = TEST_PASSWORD) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('while starting', () => {
  it('answers every API route 503 with the message and Retry-After, a sign-in included (never "Invalid email or password")', async () => {
    for (const res of [
      await signIn(),
      await signIn('wrong password'),
      await app.inject({ method: 'GET', url: '/api/bills' }),
      await app.inject({ method: 'GET', url: '/%61pi/bills' }), // the matched route decides, however the path is spelt
      await app.inject({ method: 'GET', url: '/api/config' }),
      await app.inject({ method: 'GET', url: '/api/auth/session' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: STARTING_MESSAGE, details: { starting: true } } });
      expect(res.body).not.toContain(SIGN_IN_FAILED);
      expect(res.cookies).toEqual([]);
    }
    expect(STARTING_MESSAGE).toBe('Casebook is starting. Try again in a moment.');
  });

  it("/api/health keeps its shape and says 'starting', with 503 so load balancers wait", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 'starting', database: database.kind, time: expect.any(String) });
  });

  it("still serves the web app's files and pages, and an unknown API address is still a 404", async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Casebook</title>');
    expect((await app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });
});

describe('once ready', () => {
  it('signs in, answers the API and says ok', async () => {
    app.starting.ready();
    expect((await signIn('wrong password')).json().error.message).toBe(SIGN_IN_FAILED);
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/bills' })).statusCode).toBe(401);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['retry-after']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok', database: database.kind });
  });

  it('an app built without the option (every test app) is ready at once', async () => {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const other = await buildApp({ database, env, sessionSecret: 'test-secret-'.padEnd(40, 'x') });
    try {
      expect(other.starting.active).toBe(false);
      expect((await other.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
