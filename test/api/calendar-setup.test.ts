import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES as M } from '../../src/core/calendar/calendar.ts';
import { googleEnv, startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { connectCalendar } from '../helpers/calendar-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

// Calendar setup from the screen (issue 28, docs/decisions/099): the client id and secret saved in
// Settings, no restart, Test connection in words against a fake Google that answers as Google does.

let fake: FakeGoogle;
let t: TestApp;
let admin: Agent;
let limited: Agent;

// Only Google's addresses from the environment: the client id and secret come from the screen.
const addressesOnly = (f: FakeGoogle) => {
  const { GOOGLE_CLIENT_ID: _id, GOOGLE_CLIENT_SECRET: _secret, ...rest } = googleEnv(f);
  return rest;
};

beforeAll(async () => {
  fake = await startFakeGoogle();
  t = await createTestApp(addressesOnly(fake));
  admin = await t.signIn((await t.user('admin')).email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.control({ reset: true }));

const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url });
const post = (agent: Agent, url: string) => agent.request({ method: 'POST', url, payload: {} });
const put = (agent: Agent, url: string, payload: Record<string, string>) => agent.request({ method: 'PUT', url, payload });
const saveId = (clientId: string) => put(admin, '/api/calendar/client-id', { clientId });
const saveSecret = (clientSecret: string, agent = admin) => put(agent, '/api/calendar/client-secret', { clientSecret });
const testConnection = async () => (await post(admin, '/api/calendar/test')).json();

describe('the client secret saved in Settings', () => {
  it('is taken from admins only, stored sealed, never answered, and audited without the secret', async () => {
    await saveId(fake.clientId);
    expect((await saveSecret(fake.clientSecret, limited)).statusCode).toBe(403);
    expect((await saveSecret('two words')).statusCode).toBe(400);
    const saved = await saveSecret(` ${fake.clientSecret} `);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, missing: [], clientSecretSet: true, clientSecretFromEnvironment: false });
    for (const url of ['/api/calendar/connection', '/api/calendar/status', '/api/settings/address-lookup']) {
      expect((await get(admin, url)).body).not.toContain(fake.clientSecret);
    }
    expect(saved.body).not.toContain(fake.clientSecret);
    const { rows } = await sql<{ client_secret: string }>`select client_secret from calendar_connection`.execute(t.database.db);
    expect(rows[0]!.client_secret).toMatch(/^v1\./);
    expect(rows[0]!.client_secret).not.toContain(fake.clientSecret);
    const audit = await sql<{ table_name: string; actor_id: string; before: unknown; after: unknown }>`
      select table_name, actor_id, before, after from audit_log where table_name in ('calendar_connection', 'integration_settings') order by id`.execute(t.database.db);
    const text = JSON.stringify(audit.rows);
    expect(text).not.toContain(fake.clientSecret);
    expect(text).not.toContain(rows[0]!.client_secret);
    expect(audit.rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ table_name: 'integration_settings', after: { google_client_id: fake.clientId } }),
      expect.objectContaining({ table_name: 'calendar_connection', before: { client_secret: 'not set' }, after: { client_secret: 'set' } }),
    ]));
    expect(new Set(audit.rows.map((r) => r.actor_id)).size).toBe(1);
    // Replacing and clearing are audited in the same words.
    await saveSecret('another-secret');
    expect((await saveSecret('')).json()).toMatchObject({ configured: false, missing: ['GOOGLE_CLIENT_SECRET'], clientSecretSet: false });
    const later = await sql<{ after: unknown }>`select after from audit_log where table_name = 'calendar_connection' order by id`.execute(t.database.db);
    expect(later.rows.map((r) => r.after)).toEqual([{ client_secret: 'set' }, { client_secret: 'replaced' }, { client_secret: 'not set' }]);
  });

  it('gives way to GOOGLE_CLIENT_SECRET: the field is refused and the environment is used', async () => {
    const app = await createTestApp(googleEnv(fake));
    try {
      const a = await app.signIn((await app.user('admin')).email);
      expect((await get(a, '/api/calendar/connection')).json()).toMatchObject({ clientSecretSet: true, clientSecretFromEnvironment: true, clientIdFromEnvironment: true });
      const refused = await put(a, '/api/calendar/client-secret', { clientSecret: 'something-else' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(M.clientSecretFromEnvironment);
      expect((await post(a, '/api/calendar/test')).json()).toMatchObject({ ok: true, problem: null, message: M.setupWorks });
    } finally {
      await app.close();
    }
  });
});

describe('Test connection, in words', () => {
  it('names a missing client id, then a missing secret', async () => {
    await saveSecret('');
    await saveId('');
    expect(await testConnection()).toMatchObject({ ok: false, problem: 'clientId', message: M.clientIdMissing });
    await saveId(fake.clientId);
    expect(await testConnection()).toMatchObject({ ok: false, problem: 'clientSecret', message: M.clientSecretMissing });
  });

  it('says Google does not know the client id', async () => {
    await saveId('unknown-client.apps.googleusercontent.com');
    await saveSecret(fake.clientSecret);
    expect(await testConnection()).toEqual({ ok: false, problem: 'clientId', message: M.unknownClientId, calendarId: null, calendarSummary: null });
  });

  it('says the client secret is wrong', async () => {
    await saveId(fake.clientId);
    await saveSecret('not-the-secret');
    expect(await testConnection()).toMatchObject({ ok: false, problem: 'clientSecret', message: M.wrongClientSecret });
  });

  it('says Google does not accept the redirect URI, and names the exact one to register', async () => {
    await saveId(fake.clientId);
    await saveSecret(fake.clientSecret);
    const { redirectUri } = (await get(admin, '/api/calendar/connection')).json() as { redirectUri: string };
    expect(redirectUri).toMatch(/^http:\/\/.+\/settings$/);
    fake.control({ redirectUris: ['https://casebook.example.com/settings'] });
    const result = await testConnection();
    expect(result).toMatchObject({ ok: false, problem: 'redirectUri', message: M.redirectUriRefused(redirectUri) });
    expect(result.message).toContain(redirectUri);
    // Registered: all is well.
    fake.control({ redirectUris: [redirectUri] });
    expect(await testConnection()).toMatchObject({ ok: true, problem: null, message: M.setupWorks });
  });

  it('PUBLIC_URL decides the redirect URI it names', async () => {
    const app = await createTestApp({ ...addressesOnly(fake), PUBLIC_URL: 'https://casebook.firm.example/' });
    try {
      const a = await app.signIn((await app.user('admin')).email);
      expect((await get(a, '/api/calendar/connection')).json().redirectUri).toBe('https://casebook.firm.example/settings');
    } finally {
      await app.close();
    }
  });
});

describe('connecting with the saved secret', () => {
  it('works without a restart, and a wrong secret is named on the way back', async () => {
    await saveId(fake.clientId);
    await saveSecret('not-the-secret');
    const refused = await connectCalendar(admin);
    expect(refused.status).toBe(503);
    expect((refused.body as { error: { message: string } }).error.message).toBe(M.wrongClientSecret);
    await saveSecret(fake.clientSecret);
    const done = await connectCalendar(admin);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ connected: true, calendarSummary: 'Hale & Ortiz Engineering' });
    expect(fake.tokenRequests.at(-1)!.get('client_secret')).toBe(fake.clientSecret);
    expect(await testConnection()).toMatchObject({ ok: true, message: 'Connected to Hale & Ortiz Engineering' });
    await post(admin, '/api/calendar/disconnect');
  });
});
