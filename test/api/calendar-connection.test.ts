import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/core/constants.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadEnv } from '../../src/server/env.ts';
import { googleEnv, startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { connectCalendar, until } from '../helpers/calendar-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let fake: FakeGoogle;
let t: TestApp;
let admin: Agent;
let otherAdmin: Agent;
let limited: Agent;

beforeAll(async () => {
  fake = await startFakeGoogle();
  t = await createTestApp(googleEnv(fake));
  admin = await t.signIn((await t.user('admin')).email);
  otherAdmin = await t.signIn((await t.user('super_admin')).email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url });
const post = (agent: Agent, url: string, payload: Record<string, unknown> = {}) => agent.request({ method: 'POST', url, payload });

describe('configuration', () => {
  it('says which variables are missing and refuses to connect without a client id', async () => {
    const bare = await createTestApp();
    try {
      const a = await bare.signIn((await bare.user('admin')).email);
      expect((await get(a, '/api/calendar/connection')).json()).toMatchObject({ configured: false, missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], connected: false });
      const res = await post(a, '/api/calendar/connect');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Google Client ID not configured. Please configure in admin settings.');
      expect((await get(a, '/api/calendar/status')).json()).toMatchObject({ available: false, configured: false });
    } finally {
      await bare.close();
    }
  });
});

describe("the settings' client id", () => {
  it('is saved by admins only (server-enforced), used when GOOGLE_CLIENT_ID is not set, and the secret never leaves the environment', async () => {
    const { GOOGLE_CLIENT_ID: _fromEnv, ...withoutId } = googleEnv(fake);
    const app = await createTestApp(withoutId);
    try {
      const a = await app.signIn((await app.user('admin')).email);
      const l = await app.signIn((await app.user('limited_user')).email);
      expect((await get(a, '/api/calendar/connection')).json()).toMatchObject({
        configured: false, missing: ['GOOGLE_CLIENT_ID'], clientId: null, clientIdFromEnvironment: false,
      });
      const put = (agent: Agent, clientId: string) => agent.request({ method: 'PUT', url: '/api/calendar/client-id', payload: { clientId } });
      expect((await put(l, fake.clientId)).statusCode).toBe(403);
      expect((await put(a, 'not a client id!')).statusCode).toBe(400);
      const saved = await put(a, ` ${fake.clientId} `);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ configured: true, missing: [], clientId: fake.clientId });
      // The connection works with it, end to end against the fake.
      expect((await connectCalendar(a)).status).toBe(200);
      expect(fake.lastAuthorization!.get('client_id')).toBe(fake.clientId);
      for (const url of ['/api/calendar/connection', '/api/calendar/status', '/api/settings/address-lookup']) {
        expect((await get(a, url)).body).not.toContain(fake.clientSecret);
      }
      const { rows } = await sql`select * from integration_settings`.execute(app.database.db);
      expect(JSON.stringify(rows)).not.toContain(fake.clientSecret);
      // Tokens belong to the client that obtained them: changing it waits for a disconnect.
      const refused = await put(a, 'another.apps.googleusercontent.com');
      expect(refused.json().error.message).toBe('Disconnect the calendar before changing the client ID.');
      await post(a, '/api/calendar/disconnect');
      expect((await put(a, '')).json()).toMatchObject({ configured: false, missing: ['GOOGLE_CLIENT_ID'], clientId: null });
    } finally {
      await app.close();
    }
  });

  it('sends the provider back to PUBLIC_URL/settings when PUBLIC_URL is set', async () => {
    const app = await createTestApp({ ...googleEnv(fake), PUBLIC_URL: 'https://casebook.example.com/' });
    try {
      const a = await app.signIn((await app.user('admin')).email);
      const { url } = (await post(a, '/api/calendar/connect')).json() as { url: string };
      expect(new URL(url).searchParams.get('redirect_uri')).toBe('https://casebook.example.com/settings');
    } finally {
      await app.close();
    }
  });

  it('is read-only when GOOGLE_CLIENT_ID is set', async () => {
    const res = await admin.request({ method: 'PUT', url: '/api/calendar/client-id', payload: { clientId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The client ID is set by GOOGLE_CLIENT_ID on the server.');
    expect((await get(admin, '/api/calendar/connection')).json()).toMatchObject({ clientId: fake.clientId, clientIdFromEnvironment: true });
  });
});

describe('connection (admins only)', () => {
  it('refuses a limited user everything but the sync status', async () => {
    for (const [method, url] of [['GET', '/api/calendar/connection'], ['POST', '/api/calendar/connect'], ['POST', '/api/calendar/disconnect'],
      ['POST', '/api/calendar/test'], ['POST', '/api/calendar/oauth/callback']] as const) {
      const res = await limited.request({ method, url, ...(method === 'POST' ? { payload: { code: 'x', state: 'y' } } : {}) });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await get(limited, '/api/calendar/status')).statusCode).toBe(200);
  });

  it('sends the browser to the provider with the spec parameters and a state bound to the session', async () => {
    const url = new URL((await post(admin, '/api/calendar/connect')).json().url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.authUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: fake.clientId, response_type: 'code', scope: 'https://www.googleapis.com/auth/calendar',
      access_type: 'offline', prompt: 'select_account consent', redirect_uri: 'http://localhost:80/settings',
    });
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(30);
  });

  it("rejects a missing or another session's state with 'Invalid OAuth state parameter'", async () => {
    const foreign = new URL((await post(otherAdmin, '/api/calendar/connect')).json().url).searchParams.get('state');
    for (const payload of [{ code: 'abc' }, { code: 'abc', state: foreign }, { code: 'abc', state: 'forged.state.value' }]) {
      const res = await post(admin, '/api/calendar/oauth/callback', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid OAuth state parameter');
    }
  });

  it("shows the provider's description when the code exchange fails", async () => {
    const state = new URL((await post(admin, '/api/calendar/connect')).json().url).searchParams.get('state');
    const res = await post(admin, '/api/calendar/oauth/callback', { code: 'not-a-code', state });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Token exchange failed: Malformed auth code.');
  });

  it('connects, shows the calendar, and keeps no clear-text token in the database', async () => {
    const { status, body } = await connectCalendar(admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      configured: true, connected: true, needsReconnect: false, calendarId: 'office@hale-ortiz.example',
      calendarSummary: 'Hale & Ortiz Engineering', scope: 'https://www.googleapis.com/auth/calendar',
    });
    expect(Date.parse(body.tokenExpiry as string) - Date.now()).toBeGreaterThan(3500_000);
    const exchange = fake.tokenRequests.at(-1)!;
    expect(exchange.get('grant_type')).toBe('authorization_code');
    const row = (await sql<Record<string, string>>`select * from calendar_connection`.execute(t.database.db)).rows[0]!;
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.refresh_token).toMatch(/^v1\./);
    const dump = JSON.stringify((await sql`select * from calendar_connection`.execute(t.database.db)).rows)
      + JSON.stringify((await sql`select * from integration_settings`.execute(t.database.db)).rows)
      + JSON.stringify((await sql`select * from audit_log`.execute(t.database.db)).rows);
    expect(dump).not.toMatch(/ya29\.|1\/\//);
    expect(dump).not.toContain(fake.clientSecret);
  });

  it("accepts a state once: a replayed callback is refused with 'Invalid OAuth state parameter', on any instance", async () => {
    await sql`insert into oauth_states_used (state_hash, used_at) values ('stale', now() - interval '1 hour')`.execute(t.database.db);
    const start = await post(admin, '/api/calendar/connect');
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    const payload = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await post(admin, '/api/calendar/oauth/callback', payload)).statusCode).toBe(200);
    const again = await post(admin, '/api/calendar/oauth/callback', payload);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Invalid OAuth state parameter');
    // A second app instance on the same database knows the state is spent.
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...googleEnv(fake) });
    const other = await buildApp({ database: t.database, env, sessionSecret: 'test-secret-'.padEnd(40, 'x') });
    try {
      await other.ready();
      const there = await other.inject({ method: 'POST', url: '/api/calendar/oauth/callback', payload, cookies: admin.cookies, headers: { [CSRF_HEADER]: admin.csrf } });
      expect(there.statusCode, there.body).toBe(400);
      expect(there.json().error.message).toBe('Invalid OAuth state parameter');
    } finally {
      await other.close();
    }
    // Spent states older than a state's 15 minutes are cleared; the recent one is kept.
    const { rows } = await sql<{ state_hash: string }>`select state_hash from oauth_states_used`.execute(t.database.db);
    expect(rows.map((r) => r.state_hash)).not.toContain('stale');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('tests the connection with GET /calendars/primary', async () => {
    expect((await post(admin, '/api/calendar/test')).json()).toEqual({
      ok: true, problem: null, message: 'Connected to Hale & Ortiz Engineering', calendarId: 'office@hale-ortiz.example', calendarSummary: 'Hale & Ortiz Engineering',
    });
    fake.control({ calendarStatus: 403 });
    expect((await post(admin, '/api/calendar/test')).json()).toMatchObject({ ok: false, message: 'Calendar permission denied. Please check your account permissions.' });
    fake.control({ calendarStatus: null });
  });

  it('refreshes a token close to expiry on demand, and in the background check', async () => {
    const before = fake.tokenRequests.length;
    await sql`update calendar_connection set token_expiry = now() + interval '4 minutes'`.execute(t.database.db);
    await post(admin, '/api/calendar/test');
    expect(fake.tokenRequests.length).toBe(before + 1);
    expect(fake.tokenRequests.at(-1)!.get('grant_type')).toBe('refresh_token');
    // Background: refreshes within 15 minutes of expiry, at start.
    await sql`update calendar_connection set token_expiry = now() + interval '10 minutes'`.execute(t.database.db);
    await t.app.jobs.start();
    await until(() => fake.tokenRequests.length === before + 2);
    await t.app.jobs.stop();
    const { rows: [row] } = await sql<{ mins: number }>`select (extract(epoch from token_expiry - now()) / 60)::float8 as mins from calendar_connection`.execute(t.database.db);
    expect(row!.mins).toBeGreaterThan(50);
  });

  it("marks a revoked grant as needing reconnect with the spec's message", async () => {
    fake.control({ revoked: true });
    await sql`update calendar_connection set token_expiry = now()`.execute(t.database.db);
    expect((await post(admin, '/api/calendar/test')).json()).toMatchObject({ ok: false, message: 'Calendar access expired. Please reconnect in Admin Settings.' });
    expect((await get(admin, '/api/calendar/connection')).json()).toMatchObject({
      connected: true, needsReconnect: true, message: 'Calendar access expired. Please reconnect in Admin Settings.',
    });
    expect((await get(limited, '/api/calendar/status')).json()).toMatchObject({ available: false, needsReconnect: true, message: 'Calendar access expired. Please reconnect in Admin Settings.' });
    expect((await connectCalendar(admin)).body).toMatchObject({ connected: true, needsReconnect: false });
  });

  it("says 'Failed to store tokens' and 'Failed to disconnect' when the database refuses, and keeps the connection", async () => {
    await sql`create function refuse_calendar_write() returns trigger language plpgsql as $$
      begin raise exception 'database is read-only'; end $$`.execute(t.database.db);
    await sql`create trigger refuse_calendar_write before update on calendar_connection
      for each row execute function refuse_calendar_write()`.execute(t.database.db);
    try {
      const stored = await connectCalendar(admin);
      expect(stored.body).toMatchObject({ error: { message: 'Failed to store tokens: database is read-only' } });
      const disconnected = await post(admin, '/api/calendar/disconnect');
      expect(disconnected.json().error.message).toBe('Failed to disconnect: database is read-only');
    } finally {
      await sql`drop trigger refuse_calendar_write on calendar_connection`.execute(t.database.db);
      await sql`drop function refuse_calendar_write`.execute(t.database.db);
    }
    expect((await get(admin, '/api/calendar/connection')).json()).toMatchObject({ connected: true, needsReconnect: false });
  });

  it('disconnects: tokens, expiry, calendar id and scope cleared', async () => {
    expect((await post(admin, '/api/calendar/disconnect')).json()).toMatchObject({
      connected: false, calendarId: null, scope: null, tokenExpiry: null, calendarSummary: null,
    });
    const row = (await sql<Record<string, unknown>>`select * from calendar_connection`.execute(t.database.db)).rows[0]!;
    expect(row).toMatchObject({ access_token: null, refresh_token: null, token_expiry: null, scope: null, calendar_id: null });
  });

  it('refuses to start with a key that did not seal the stored tokens', async () => {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...googleEnv(fake) });
    await expect(buildApp({ database: t.database, env, sessionSecret: 'another-secret-'.padEnd(40, 'y') }))
      .rejects.toThrow(/TOKEN_ENCRYPTION_KEY: is not the key/);
  });
});
