// Issue 14: every route of the app, read from the app itself, against bad input. A route added
// later is probed without anyone editing this file.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '../helpers/route-recorder.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const fill = (url: string, value = ANY_ID) => url.replace(/:[A-Za-z]+/g, value);
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BIG = { text: 'x'.repeat(5 * 1024 * 1024) };
// Tables a probe must leave as they were: sessions and counters move with any request.
const DATA_TABLES = [
  'users', 'profiles', 'user_roles', 'integration_settings', 'law_firms', 'attorneys', 'clients', 'rate_codes',
  'rate_code_items', 'cases', 'case_rate_assignments', 'projects', 'time_entries', 'expense_entries',
  'action_items', 'error_logs',
];

vi.mock('fastify', async (real) => (await import('../helpers/route-recorder.ts')).recordingFastify(await real()));

let t: TestApp;
let admin: Agent;

const counts = async () => Object.fromEntries(await Promise.all(DATA_TABLES.map(async (table) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.database.db);
  return [table, rows[0]!.n] as const;
})));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn((await t.user('super_admin')).email);
});
afterAll(() => t.close());

describe('every route of the app', () => {
  const routes = apiRoutes;

  it('is found in the app (the probe is not a hand list)', () => {
    expect(routes().length).toBeGreaterThan(40);
    expect(routes().filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/auth/oidc/:provider/callback', 'GET /api/auth/oidc/:provider/start',
      'GET /api/auth/session', 'GET /api/calendar/feed/:token', 'GET /api/config', 'GET /api/health', 'GET /api/maintenance',
      // A client's shared report (docs/decisions/105): read-only, by its link's token.
      'GET /api/shared/:token', 'GET /api/shared/:token/pdf', 'GET /api/shared/:token/photos/:imageId',
      'GET /api/shared/:token/photos/:imageId/thumbnail',
      'POST /api/auth/login', 'POST /api/auth/logout',
      'POST /api/auth/second-step/code', 'POST /api/auth/second-step/confirm', 'POST /api/auth/second-step/setup',
      'POST /api/auth/test-account',
      // The first super admin from the printed setup address (docs/decisions/117): refused once anyone exists.
      'POST /api/setup-address/check', 'POST /api/setup-address/first-super-admin',
    ]);
  });

  it('answers 401 without a session before it reads the body, whatever the body', async () => {
    for (const route of routes().filter((r) => r.access !== 'public')) {
      for (const payload of [{ junk: true }, BIG]) {
        const res = await t.app.inject({
          method: route.method as 'GET', url: fill(route.url), headers: { 'x-csrf-token': 'x' },
          ...(WRITE.has(route.method) ? { payload } : {}),
        });
        expect([route.url, res.statusCode, res.json().error.code]).toEqual([route.url, 401, 'AUTH_REQUIRED']);
      }
    }
  });

  it('refuses a NUL character in the query, the path and the body with 400, storing nothing', async () => {
    const before = await counts();
    for (const route of routes()) {
      const attempts = [
        { url: `${fill(route.url)}?q=a%00b&projectId=${ANY_ID}` },
        ...(route.url.includes(':') ? [{ url: fill(route.url, 'a%00b') }] : []),
        ...(WRITE.has(route.method) ? [{ url: fill(route.url), payload: { anything: 'x', nested: [{ name: 'a\u0000b' }] } }] : []),
      ];
      for (const attempt of attempts) {
        const res = await admin.request({ method: route.method as 'GET', ...attempt });
        const error = res.json().error;
        // A route whose body is a file, not JSON, refuses the JSON body itself (415).
        if (attempt.payload && res.statusCode === 415) {
          expect(error.code).toBe('INVALID_FORMAT');
          continue;
        }
        expect([route.method, attempt.url, res.statusCode, error.code]).toEqual([route.method, attempt.url, 400, 'INVALID_FORMAT']);
        expect(error.details[0].message).toBe('Text cannot contain the NUL character (\\u0000)');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 413 to a 5 MB body and 415 to a body that is not JSON', async () => {
    for (const route of routes().filter((r) => WRITE.has(r.method) && r.access !== 'public')) {
      const big = await admin.request({ method: route.method as 'POST', url: fill(route.url), payload: BIG });
      // 413 where JSON is taken; a file upload route refuses JSON of any size with 415.
      expect([[route.url, 413, 'VALIDATION_ERROR'], [route.url, 415, 'INVALID_FORMAT']])
        .toContainEqual([route.url, big.statusCode, big.json().error.code]);
      const text = await admin.request({
        method: route.method as 'POST', url: fill(route.url), payload: 'hello', headers: { 'content-type': 'text/plain' },
      });
      expect([route.url, text.statusCode, text.json().error]).toMatchObject([route.url, 415, {
        code: 'INVALID_FORMAT', message: 'Please check the format of your input.',
      }]);
    }
  });

  it('never answered with a 500 or wrote an error log during the probe', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from error_logs`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
  });
});
