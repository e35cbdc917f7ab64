import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '../../src/core/errors.ts';
import { SIGN_IN_MESSAGES } from '../../src/core/accounts/users.ts';
import { createTestApp, cookiesOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('sign-in', () => {
  it('signs in with good credentials and sets the three cookies', async () => {
    const { email } = await t.user('admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, role: 'admin', isAdmin: true, isSuperAdmin: false });
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName.casebook_session?.httpOnly).toBe(true);
    expect(byName.isAuthenticated?.value).toBe('true');
    expect(byName.isAuthenticated?.maxAge).toBe(7 * 86400);
    expect(byName['csrf-token']?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(byName['csrf-token']?.maxAge).toBe(86400);
    expect(byName['csrf-token']?.sameSite).toBe('Strict');
  });

  it.each([
    ['a wrong password', 'exists', 'nope-nope-nope'],
    ['an unknown account', 'missing', TEST_PASSWORD],
  ])('answers the same message for %s', async (_label, which, password) => {
    const { email } = await t.user('limited_user');
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login',
      payload: { email: which === 'exists' ? email : `nobody-${email}`, password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid email or password. Please try again.');
  });

  it('throttles after 5 failures in 5 minutes for an account and address', async () => {
    const { email } = await t.user('limited_user');
    const attempt = (password: string, ip = '10.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many requests. Please wait a moment and try again.');
    // Another address is not blocked by this one's failures.
    expect((await attempt(TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('tells a disabled account so after the right password only; a wrong one keeps the one message; the throttle counts both', async () => {
    const { id, email } = await t.user('admin');
    await t.database.db.updateTable('users').set({ disabled: true }).where('id', '=', id).execute();
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.0.3.1' });
    const right = await attempt(TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().error.message).toBe(SIGN_IN_MESSAGES.disabled);
    expect(SIGN_IN_MESSAGES.disabled).toBe('This account is disabled. Ask an administrator.');
    expect(right.cookies.find((c) => c.name === 'casebook_session')).toBeUndefined();
    const wrong = await attempt('nope-nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(SIGN_IN_FAILED);
    for (let i = 0; i < 3; i++) await attempt(TEST_PASSWORD);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('stores an argon2id hash with m>=19456 and t>=2', async () => {
    const { id } = await t.user('admin');
    const row = await t.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row.password_hash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
  });
});

describe('sessions', () => {
  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const { email } = await t.user('admin');
    const first = await t.signIn(email);
    const second = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD }, cookies: first.cookies,
    });
    expect(cookiesOf(second).casebook_session).not.toBe(first.cookies.casebook_session);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: first.cookies });
    expect(old.statusCode).toBe(401);
  });

  it('logout invalidates the session on the server', async () => {
    const { email } = await t.user('admin');
    const agent = await t.signIn(email);
    const cookie = { ...agent.cookies };
    expect((await agent.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('AUTH_EXPIRED');
  });

  it('refresh regenerates the CSRF token, and the old token stops working', async () => {
    const { email } = await t.user('admin');
    const agent = await t.signIn(email);
    const before = agent.csrf;
    const res = await agent.request({ method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(200);
    expect(agent.csrf).not.toBe(before);
    const stale = await agent.request({ method: 'POST', url: '/api/auth/refresh', headers: { 'x-csrf-token': before } });
    expect(stale.statusCode).toBe(403);
  });

  it('refresh without a live session answers 401 (the browser then signs out)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { 'x-csrf-token': 'x'.repeat(64) } });
    expect(res.statusCode).toBe(401);
  });

  it('ends an idle session', async () => {
    const { email } = await t.user('admin');
    const agent = await t.signIn(email);
    await t.database.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 3 * 3600_000) }).execute();
    expect((await agent.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'f'.repeat(64)],
  ])('refuses a state-changing request with %s', async (_label, token) => {
    const { email } = await t.user('admin');
    const agent = await t.signIn(email);
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/refresh', cookies: agent.cookies,
      headers: token ? { 'x-csrf-token': token } : {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PERMISSION_DENIED');
  });

  it("refuses another session's token", async () => {
    const a = await t.signIn((await t.user('admin')).email);
    const b = await t.signIn((await t.user('admin')).email);
    const res = await t.app.inject({
      method: 'POST', url: '/api/error-logs', cookies: a.cookies, headers: { 'x-csrf-token': b.csrf },
      payload: { code: 'SERVER_ERROR', message: 'x', severity: 'error' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the session token', async () => {
    const agent = await t.signIn((await t.user('limited_user')).email);
    const res = await agent.request({
      method: 'POST', url: '/api/error-logs', payload: { code: 'SERVER_ERROR', message: 'boom', severity: 'error' },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('roles and profiles', () => {
  it('reads the role from user_roles, then the stored role, else limited_user', async () => {
    const { id, email } = await t.user('admin');
    const db = t.database.db;
    const roleOf = async () => (await (await t.signIn(email)).request({ method: 'GET', url: '/api/auth/session' })).json().user.role;
    expect(await roleOf()).toBe('admin');
    await db.deleteFrom('user_roles').where('user_id', '=', id).execute();
    await db.updateTable('users').set({ role: 'super_admin' }).where('id', '=', id).execute();
    expect(await roleOf()).toBe('super_admin');
    await db.updateTable('users').set({ role: null }).where('id', '=', id).execute();
    expect(await roleOf()).toBe('limited_user');
  });

  it('creates a missing profile from the e-mail with the initials rule', async () => {
    const { id, email } = await t.user('limited_user');
    const db = t.database.db;
    await db.deleteFrom('profiles').where('id', '=', id).execute();
    await db.updateTable('users').set({ first_name: null, last_name: null }).where('id', '=', id).execute();
    const agent = await t.signIn(email);
    const user = (await agent.request({ method: 'GET', url: '/api/auth/session' })).json().user;
    expect(user).toMatchObject({ displayName: email, initials: email[0]!.toUpperCase(), displayRole: 'User' });
    expect(await db.selectFrom('profiles').select('id').where('id', '=', id).executeTakeFirst()).toBeTruthy();
  });
});

describe('test account', () => {
  it('does not exist outside demo mode', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/test-account' });
    expect(res.statusCode).toBe(404);
  });
});

describe('headers', () => {
  it('sends security headers on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('sign-in hardening', () => {
  it('refuses a cross-site sign-in (Origin of another site)', async () => {
    const { email } = await t.user('admin');
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD },
      headers: { origin: 'https://evil.example', host: 'casebook.firm.test' },
    });
    expect(res.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD },
      headers: { origin: 'https://casebook.firm.test', host: 'casebook.firm.test' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('throttles one account guessed from many addresses', async () => {
    const { email } = await t.user('limited_user');
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' }, remoteAddress: `10.1.0.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: '10.1.1.1' });
    expect(blocked.statusCode).toBe(429);
  });
});
