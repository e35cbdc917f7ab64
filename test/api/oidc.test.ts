import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProviderSettings } from '../../src/core/api/sign-in-providers.ts';
import { PROVIDER_SETTINGS_MESSAGES, PROVIDER_STARTS_PER_MINUTE } from '../../src/core/accounts/sign-in-providers.ts';
import { loadEnv } from '../../src/server/env.ts';
import { publicUrlProblemAtStart } from '../../src/server/features/sign-in-providers/settings.ts';
import { startFakeOidcProvider, type FakeOidcProvider, type FakePerson } from '../fakes/oidc-provider.ts';
import { cookiesOf, createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

// Sign in with Google or Microsoft (issue 27, docs/decisions/091): the whole redirect dance against a
// fake provider on 127.0.0.1 (test/fakes/oidc-provider.ts), reached through the issuer URL in Settings.

let t: TestApp;
let fake: FakeOidcProvider;
let superAdmin: Agent;

const providers = async (agent: Agent): Promise<TProviderSettings[]> =>
  (await agent.request({ method: 'GET', url: '/api/settings/sign-in-providers' })).json().providers;

async function setGoogle(agent: Agent, values: { issuerUrl?: string; clientId?: string; enabled?: boolean }) {
  const google = (await providers(superAdmin)).find((p) => p.provider === 'google')!;
  return agent.request({
    method: 'PUT', url: '/api/settings/sign-in-providers/google',
    payload: { issuerUrl: google.issuerUrl, clientId: google.clientId, enabled: google.enabled, version: google.version, ...values },
  });
}

/** Start → the provider's authorize endpoint → the callback, as a browser would follow them. */
async function signInWithGoogle(person: FakePerson, tamper?: (callback: URL) => void) {
  fake.signInAs(person);
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
  expect(start.statusCode).toBe(302);
  const pendingCookie = cookiesOf(start).casebook_oidc;
  const authorize = new URL(start.headers.location as string);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  tamper?.(callback);
  const back = await t.app.inject({
    method: 'GET', url: `${callback.pathname}${callback.search}`, cookies: pendingCookie ? { casebook_oidc: pendingCookie } : {},
  });
  return { start, authorize, callback, back, pendingCookie, location: back.headers.location as string };
}

beforeAll(async () => {
  fake = await startFakeOidcProvider();
  t = await createTestApp({ OIDC_GOOGLE_CLIENT_SECRET: fake.clientSecret });
  superAdmin = await t.signIn((await t.user('super_admin')).email);
  const saved = await setGoogle(superAdmin, { issuerUrl: fake.issuer, clientId: fake.clientId, enabled: true });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('settings', () => {
  it('lets a super admin only read and set the providers', async () => {
    for (const role of ['admin', 'limited_user'] as const) {
      const agent = await t.signIn((await t.user(role)).email);
      expect((await agent.request({ method: 'GET', url: '/api/settings/sign-in-providers' })).statusCode).toBe(403);
      expect((await setGoogle(agent, { enabled: false })).statusCode).toBe(403);
      const test = await agent.request({ method: 'POST', url: '/api/settings/sign-in-providers/google/test', payload: { issuerUrl: fake.issuer, clientId: 'x' } });
      expect(test.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/sign-in-providers' })).statusCode).toBe(401);
  });

  it('says whether the secret is set, never the secret; the audit log holds no secret', async () => {
    const list = await superAdmin.request({ method: 'GET', url: '/api/settings/sign-in-providers' });
    expect(list.body).not.toContain(fake.clientSecret);
    const [google, microsoft] = list.json().providers as TProviderSettings[];
    expect(google).toMatchObject({ provider: 'google', issuerUrl: fake.issuer, clientId: fake.clientId, enabled: true, secretSet: true, secretVariable: 'OIDC_GOOGLE_CLIENT_SECRET' });
    expect(google!.redirectUri).toMatch(/\/api\/auth\/oidc\/google\/callback$/);
    expect(microsoft).toMatchObject({ provider: 'microsoft', enabled: false, secretSet: false, secretVariable: 'OIDC_MICROSOFT_CLIENT_SECRET' });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('table_name', '=', 'sign_in_providers').execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.at(-1)!.after).toMatchObject({ id: 'google', issuer_url: fake.issuer, enabled: true });
    expect(JSON.stringify(audit)).not.toContain(fake.clientSecret);
  });

  it('refuses an issuer that is not https (http only on this computer) and turning on without a client id', async () => {
    const http = await setGoogle(superAdmin, { issuerUrl: 'http://login.example.com' });
    expect(http.statusCode).toBe(400);
    expect(http.json().error.message).toBe(PROVIDER_SETTINGS_MESSAGES.issuerNotHttps);
    const noClient = await setGoogle(superAdmin, { clientId: '' });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().error.message).toBe(PROVIDER_SETTINGS_MESSAGES.missingForEnabled);
    expect((await setGoogle(superAdmin, { enabled: true, clientId: 'x', version: 1 } as never)).statusCode).toBe(409);
  });

  it("offers on /api/config only providers that are on and whose secret is set", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().signInProviders).toEqual(['google']);
    const microsoft = (await providers(superAdmin)).find((p) => p.provider === 'microsoft')!;
    const on = await superAdmin.request({
      method: 'PUT', url: '/api/settings/sign-in-providers/microsoft',
      payload: { issuerUrl: fake.issuer, clientId: fake.clientId, enabled: true, version: microsoft.version },
    });
    expect(on.statusCode).toBe(200);
    // On, but OIDC_MICROSOFT_CLIENT_SECRET is not set: not offered, and starting it says so.
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().signInProviders).toEqual(['google']);
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/microsoft/start' });
    expect(start.headers.location).toBe('/login?error=not_offered&provider=microsoft');
  });

  it("tests a provider: reads the discovery document and says what is wrong in words", async () => {
    const test = (issuerUrl: string) => superAdmin.request({
      method: 'POST', url: '/api/settings/sign-in-providers/google/test', payload: { issuerUrl, clientId: fake.clientId },
    }).then((r) => r.json());
    expect(await test(fake.issuer)).toEqual({ ok: true, message: `The discovery document was read: people sign in at ${fake.issuer}/authorize.` });
    const elsewhere = await test(`${fake.issuer}/tenant`);
    expect(elsewhere.ok).toBe(false);
    expect(elsewhere.message).toBe(`${fake.issuer}/tenant/.well-known/openid-configuration answered HTTP 404 instead of a discovery document. Is the issuer URL right?`);
    const closed = await startFakeOidcProvider();
    await closed.close();
    const nobody = await test(closed.issuer);
    expect(nobody).toEqual({ ok: false, message: `Casebook could not reach ${closed.issuer}/.well-known/openid-configuration: the connection was refused.` });
    expect((await test('ftp://x')).message).toBe(PROVIDER_SETTINGS_MESSAGES.issuerNotHttps);
  });
});

describe('signing in', () => {
  it('signs in an active user whose verified e-mail matches (any case), with PKCE, state and nonce', async () => {
    const { email } = await t.user('admin');
    const { authorize, back, location } = await signInWithGoogle({ email: email.toUpperCase(), emailVerified: true });
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/oidc\/google\/callback$/);
    expect(location).toBe('/dashboard');
    expect(fake.refusals).toEqual([]);
    const cookies = cookiesOf(back);
    expect(cookies.casebook_session).toBeTruthy();
    expect(back.cookies.find((c) => c.name === 'casebook_oidc')?.value).toBe('');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { casebook_session: cookies.casebook_session! } });
    expect(session.json().user.email).toBe(email);
  });

  it('keeps the pending sign-in server-side, behind an httpOnly cookie, and uses it once', async () => {
    const { email } = await t.user('limited_user');
    const first = await signInWithGoogle({ email, emailVerified: true });
    const cookie = first.start.cookies.find((c) => c.name === 'casebook_oidc')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
    expect(first.location).toBe('/dashboard');
    const again = await t.app.inject({
      method: 'GET', url: `${first.callback.pathname}${first.callback.search}`, cookies: { casebook_oidc: first.pendingCookie! },
    });
    expect(again.headers.location).toBe('/login?error=expired&provider=google');
    expect(cookiesOf(again).casebook_session).toBeUndefined();
  });

  it('refuses an e-mail no account uses; nobody is created', async () => {
    const before = await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const { back, location } = await signInWithGoogle({ email: 'stranger@elsewhere.test', emailVerified: true });
    expect(location).toBe('/login?error=no_account&provider=google');
    expect(cookiesOf(back).casebook_session).toBeUndefined();
    const after = await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { email } = await t.user('admin');
    const { back, location } = await signInWithGoogle({ email, emailVerified: false });
    expect(location).toBe('/login?error=email_unverified&provider=google');
    expect(cookiesOf(back).casebook_session).toBeUndefined();
  });

  it('refuses a disabled user', async () => {
    const { id, email } = await t.user('admin');
    await t.database.db.updateTable('users').set({ disabled: true }).where('id', '=', id).execute();
    const { back, location } = await signInWithGoogle({ email, emailVerified: true });
    expect(location).toBe('/login?error=disabled&provider=google');
    expect(cookiesOf(back).casebook_session).toBeUndefined();
  });

  it('refuses an answer whose state is not the one this browser was sent with', async () => {
    const { email } = await t.user('admin');
    const { back, location } = await signInWithGoogle({ email, emailVerified: true }, (callback) => callback.searchParams.set('state', 'forged-state'));
    expect(location).toBe('/login?error=state_mismatch&provider=google');
    expect(cookiesOf(back).casebook_session).toBeUndefined();
  });

  it('refuses a callback without the pending cookie (another browser) and a forged code', async () => {
    const { email } = await t.user('admin');
    const { email: other } = await t.user('admin');
    const stolen = await signInWithGoogle({ email, emailVerified: true }, () => undefined);
    expect(stolen.location).toBe('/dashboard');
    const noCookie = await t.app.inject({ method: 'GET', url: `${stolen.callback.pathname}${stolen.callback.search}` });
    expect(noCookie.headers.location).toBe('/login?error=expired&provider=google');
    const forged = await signInWithGoogle({ email: other, emailVerified: true }, (callback) => callback.searchParams.set('code', 'made-up'));
    expect(forged.location).toBe('/login?error=failed&provider=google');
    expect(fake.refusals.at(-1)).toBe('unknown or reused code');
  });

  it('says so when the person cancels at the provider', async () => {
    fake.refuseNext();
    const { location } = await signInWithGoogle({ email: 'x@firm.test', emailVerified: true });
    expect(location).toBe('/login?error=denied&provider=google');
  });

  it('still asks a user with a second factor for their code (ADR 090): no session until the code', async () => {
    const { email } = await t.user('admin');
    const agent = await t.signIn(email);
    const setup = (await agent.request({ method: 'POST', url: '/api/account/two-factor/setup' })).json() as { secret: string };
    const codeFor = (steps: number) =>
      generateSync({ secret: setup.secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const confirm = await agent.request({ method: 'POST', url: '/api/account/two-factor/confirm', payload: { code: codeFor(0) } });
    expect(confirm.statusCode).toBe(200);

    const { back, location } = await signInWithGoogle({ email, emailVerified: true });
    expect(location).toBe('/login?secondStep=code');
    const cookies = cookiesOf(back);
    expect(cookies.casebook_session).toBeUndefined();
    expect(cookies.casebook_second_step).toBeTruthy();
    const code = await t.app.inject({
      method: 'POST', url: '/api/auth/second-step/code', payload: { code: codeFor(1) },
      cookies: { casebook_second_step: cookies.casebook_second_step! },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(cookiesOf(code).casebook_session).toBeTruthy();
  });

  it('answers a flood of starts from one address with a redirect that says so, while other addresses go on', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start', remoteAddress });
    for (let i = 0; i < PROVIDER_STARTS_PER_MINUTE; i++) expect((await from('203.0.113.9')).headers.location).toContain(fake.issuer);
    expect((await from('203.0.113.9')).headers.location).toBe('/login?error=busy&provider=google');
    expect((await from('203.0.113.10')).headers.location).toContain(fake.issuer);
  });
});

// Issue 37 (docs/decisions/168): the address a provider sends people back to is PUBLIC_URL whenever it
// is set, never the Host header; in production a provider cannot be on without it.
describe('the return address', () => {
  const PUBLIC = 'https://casebook.firm.example';
  const callback = `${PUBLIC}/api/auth/oidc/google/callback`;
  const SECRET = { SESSION_SECRET: 's'.repeat(40) };
  const turnOn = (agent: Agent, version: number, issuerUrl: string) => agent.request({
    method: 'PUT', url: '/api/settings/sign-in-providers/google', headers: { host: 'evil.example' },
    payload: { issuerUrl, clientId: fake.clientId, enabled: true, version },
  });
  const listed = async (agent: Agent) => (await agent.request({
    method: 'GET', url: '/api/settings/sign-in-providers', headers: { host: 'evil.example' },
  })).json().providers as TProviderSettings[];

  it('outside production without PUBLIC_URL: the request\'s own origin (a demo on one computer)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start', headers: { host: 'casebook.local:3000' } });
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe('http://casebook.local:3000/api/auth/oidc/google/callback');
  });

  it('with PUBLIC_URL set: built from it only, whatever Host the request names, and the sign-in goes through', async () => {
    const app = await createTestApp({ OIDC_GOOGLE_CLIENT_SECRET: fake.clientSecret, PUBLIC_URL: PUBLIC });
    try {
      const admin = await app.signIn((await app.user('super_admin')).email);
      const google = (await listed(admin)).find((p) => p.provider === 'google')!;
      expect(google.redirectUri).toBe(callback);
      expect((await turnOn(admin, google.version, fake.issuer)).statusCode).toBe(200);
      const { email } = await app.user('admin');
      fake.signInAs({ email, emailVerified: true });
      const start = await app.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start', headers: { host: 'evil.example' } });
      const authorize = new URL(start.headers.location as string);
      expect(authorize.searchParams.get('redirect_uri')).toBe(callback);
      const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
      expect(back.origin).toBe(PUBLIC);
      const done = await app.app.inject({
        method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: 'evil.example' }, cookies: { casebook_oidc: cookiesOf(start).casebook_oidc! },
      });
      expect(done.headers.location).toBe('/dashboard');
    } finally {
      await app.close();
    }
  });

  it('in production without PUBLIC_URL: turning a provider on is refused naming PUBLIC_URL, no address is shown or sent', async () => {
    const app = await createTestApp({ NODE_ENV: 'production', ...SECRET, OIDC_GOOGLE_CLIENT_SECRET: fake.clientSecret });
    try {
      const admin = await app.signIn((await app.user('super_admin')).email);
      const google = (await listed(admin)).find((p) => p.provider === 'google')!;
      expect(google.redirectUri).toBeNull();
      const on = await turnOn(admin, google.version, 'https://accounts.google.com');
      expect(on.statusCode).toBe(400);
      expect(on.json().error.message).toBe(PROVIDER_SETTINGS_MESSAGES.publicUrlNeeded);
      expect(on.json().error.message).toContain('PUBLIC_URL');
      const env = loadEnv({ NODE_ENV: 'production', ...SECRET });
      expect(await publicUrlProblemAtStart(app.database.db, env)).toBeNull();
      // Saved off, it may be set up beforehand.
      const off = await admin.request({
        method: 'PUT', url: '/api/settings/sign-in-providers/google',
        payload: { issuerUrl: 'https://accounts.google.com', clientId: 'casebook', enabled: false, version: google.version },
      });
      expect(off.statusCode, off.body).toBe(200);
      // On in the data (a database from before, a restore): the start stops naming PUBLIC_URL, and no sign-in starts.
      await app.database.db.updateTable('sign_in_providers').set({ enabled: true }).where('id', '=', 'google').execute();
      expect(await publicUrlProblemAtStart(app.database.db, env)).toMatch(/^Invalid configuration:\n {2}PUBLIC_URL: is required in production while sign-in with Google is on/);
      expect(await publicUrlProblemAtStart(app.database.db, loadEnv({ NODE_ENV: 'production', ...SECRET, PUBLIC_URL: PUBLIC }))).toBeNull();
      expect(await publicUrlProblemAtStart(app.database.db, loadEnv({ NODE_ENV: 'development' }))).toBeNull();
      const start = await app.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start', headers: { host: 'evil.example' } });
      expect(start.headers.location).toBe('/login?error=not_offered&provider=google');
    } finally {
      await app.close();
    }
  });

  it('in production with PUBLIC_URL: a provider turns on, its address built from PUBLIC_URL', async () => {
    const app = await createTestApp({ NODE_ENV: 'production', ...SECRET, PUBLIC_URL: PUBLIC, OIDC_GOOGLE_CLIENT_SECRET: fake.clientSecret });
    try {
      const admin = await app.signIn((await app.user('super_admin')).email);
      const google = (await listed(admin)).find((p) => p.provider === 'google')!;
      const on = await turnOn(admin, google.version, 'https://accounts.google.com');
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().providers[0]).toMatchObject({ enabled: true, redirectUri: callback });
    } finally {
      await app.close();
    }
  });
});
