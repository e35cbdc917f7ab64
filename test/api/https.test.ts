import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

// Behind a proxy that terminates https: HSTS on every response and Secure cookies.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => t?.close());

it('sends HSTS and Secure cookies over https', async () => {
  const { email } = await t.user('admin');
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD },
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['strict-transport-security']).toContain('max-age=');
  for (const cookie of res.cookies) expect(cookie.secure, cookie.name).toBe(true);
});

it('sends neither over plain http', async () => {
  const { email } = await t.user('admin');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
  expect(res.headers['strict-transport-security']).toBeUndefined();
  for (const cookie of res.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
});

it('creates users with profile and role, and resets an existing one (user:create)', async () => {
  const { createUser } = await import('../../src/server/features/users/service.ts');
  const db = t.database.db;
  const first = await createUser(db, { email: 'Owner@Firm.test', password: 'first-password-1', firstName: 'Ana', lastName: 'Diaz', role: 'super_admin' });
  const again = await createUser(db, { email: 'owner@firm.test', password: 'second-password-2', firstName: 'Ana', lastName: 'Diaz', role: 'admin' });
  expect(again.id).toBe(first.id);
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
  expect(profile).toMatchObject({ display_name: 'Ana Diaz', initials: 'AD', role: 'Administrator' });
  const signIn = await t.signIn('owner@firm.test', 'second-password-2');
  const session = (await signIn.request({ method: 'GET', url: '/api/auth/session' })).json();
  expect(session.user.role).toBe('admin');
});

it('believes X-Forwarded-For only from a listed proxy', async () => {
  const { email } = await t.user('limited_user');
  // From an address that is not a listed proxy, a forged X-Forwarded-For does not dodge the throttle.
  for (let i = 0; i < 5; i++) {
    await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' },
      remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': `198.51.100.${i}` },
    });
  }
  const blocked = await t.app.inject({
    method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD },
    remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '198.51.100.77' },
  });
  expect(blocked.statusCode).toBe(429);
});
