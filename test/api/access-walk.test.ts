// Issue 37: access is decided on the route that runs. Every route of the app, read from the app
// itself, is sent under encoded and odd spellings of its path by callers its rule refuses (signed
// out, a limited user, an administrator, a read-only token): each must be refused (401/403) or not
// found (404), never answered. A route added later is walked without anyone editing this file.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAccess } from '../../src/server/http/access.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { apiRoutes, recordedRoutes, type RecordedRoute } from '../helpers/route-recorder.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';

vi.mock('fastify', async (real) => (await import('../helpers/route-recorder.ts')).recordingFastify(await real()));

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RANK: Record<TAccess, number> = { public: 0, user: 1, admin: 2, super_admin: 3 };
const REFUSED = [401, 403, 404];

/** The route's path with its parameters filled, then spelt every way a router or proxy might read it. */
export function spellings(url: string): string[] {
  const filled = url.replace(/:[A-Za-z]+/g, ANY_ID);
  const rest = filled.slice('/api'.length);
  const letter = rest.charAt(1);
  return [
    filled,
    `/%61pi${rest}`,
    `/%2561pi${rest}`,
    `/api%2F${rest.slice(1)}`,
    `/api%2f${rest.slice(1)}`,
    `//api${rest}`,
    `/api/.${rest}`,
    `/api/x/..${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    `/api;param=1${rest}`,
    `${filled};param=1`,
    `${filled}%20`,
    `/api/%${letter.charCodeAt(0).toString(16)}${rest.slice(2)}`,
  ];
}

let t: TestApp;
let limited: Agent;
let admin: Agent;
let readToken: string;

beforeAll(async () => {
  // A built web app beside the API, so a wrongly spelt API address could fall through to the page.
  const web = mkdtempSync(path.join(tmpdir(), 'casebook-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Casebook</title>');
  writeFileSync(path.join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIR: web });
  limited = await t.signIn((await t.user('limited_user')).email);
  admin = await t.signIn((await t.user('admin')).email);
  const owner = await t.signIn((await t.user('super_admin')).email);
  const made = await owner.request({ method: 'POST', url: '/api/api-tokens', payload: { name: 'walk', scope: 'read', expiresOn: addDays(firmTodayIso(DEFAULT_TIME_ZONE), 300) } });
  expect(made.statusCode, made.body).toBe(201);
  readToken = made.json().secret;
});
afterAll(async () => t?.close());

type Caller = { name: string; send: (route: RecordedRoute, url: string) => Promise<{ statusCode: number; body: string }> };

const request = (route: RecordedRoute, url: string) => ({
  method: route.method as 'GET', url, ...(WRITE.has(route.method) ? { payload: {} } : {}),
});

function walk(caller: Caller, refuses: (route: RecordedRoute) => boolean) {
  it(`refuses ${caller.name} under every spelling of every route its rule does not allow`, async () => {
    const walked = apiRoutes().filter(refuses);
    expect(walked.length).toBeGreaterThan(0);
    const answered: string[] = [];
    for (const route of walked) {
      for (const url of spellings(route.url)) {
        const res = await caller.send(route, url);
        if (!REFUSED.includes(res.statusCode)) answered.push(`${route.method} ${url} (${route.access}): ${res.statusCode} ${res.body.slice(0, 80)}`);
        // A refusal is the API's own envelope, never the web app's page.
        else expect(res.body, `${route.method} ${url}`).toMatch(/^\{"error":/);
      }
    }
    expect(answered).toEqual([]);
  });
}

describe('every route declares who may call it', () => {
  it('is read from the app, each declaration is one of the four, and the rules are the reviewed list', async () => {
    expect(apiRoutes().length).toBeGreaterThan(150);
    for (const route of recordedRoutes) expect(['public', 'user', 'admin', 'super_admin'], `${route.method} ${route.url}`).toContain(route.access);
    // Every rule in one reviewed list: a route's rule changes only with a visible change to this file.
    const rules = apiRoutes().map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(64)} ${r.access}${r.sessionOnly ? ', browser session only' : ''}`);
    await expect([...new Set(rules)].sort().join('\n') + '\n').toMatchFileSnapshot('./access-rules.txt');
    // The web app's files are public, and only they are outside /api/.
    expect(recordedRoutes.filter((r) => !r.url.startsWith('/api/')).every((r) => r.access === 'public')).toBe(true);
  });

  it('stops the start when a route declares nothing', async () => {
    const { buildApp } = await import('../../src/server/app.ts');
    const { default: Fastify } = await import('fastify');
    const { requireAccessDeclarations } = await import('../../src/server/http/access.ts');
    expect(buildApp).toBeTypeOf('function');
    const app = Fastify();
    requireAccessDeclarations(app);
    expect(() => app.get('/api/forgotten', async () => ({ bills: [] }))).toThrow(/GET \/api\/forgotten declares no access/);
    expect(() => app.get('/api/typo', { config: { access: 'everyone' as TAccess } }, async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});

describe('the route that runs decides, however its address is spelt', () => {
  walk({ name: 'a signed-out caller', send: (route, url) => t.app.inject({ ...request(route, url), headers: { 'x-csrf-token': 'x' } }) },
    (route) => route.access !== 'public');
  walk({ name: 'a limited user', send: (route, url) => limited.request(request(route, url)) },
    (route) => RANK[route.access!] > RANK.user);
  walk({ name: 'an administrator', send: (route, url) => admin.request(request(route, url)) },
    (route) => RANK[route.access!] > RANK.admin);
  walk({ name: 'a read-only token', send: (route, url) => t.app.inject({ ...request(route, url), headers: { authorization: `Bearer ${readToken}` } }) },
    (route) => route.access !== 'public' && (WRITE.has(route.method) || route.sessionOnly));

  it('still answers the allowed caller under the decoded spelling, and the web app\'s pages and files', async () => {
    expect((await admin.request({ method: 'GET', url: '/%61pi/clients' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/bills' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/%61pi/bills' })).statusCode).toBe(401);
    expect((await limited.request({ method: 'HEAD', url: '/%61pi/accounting/export.iif?from=2026-01-01&to=2026-12-31' })).statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: '/clients' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    const file = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect([file.statusCode, file.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    for (const url of ['/API/bills', '/api;x/bills', '/%2561pi/bills', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 404, 'no-store']);
    }
  });
});
