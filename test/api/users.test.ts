import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '../../src/core/errors.ts';
import { PASSWORD_MESSAGES, SIGN_IN_MESSAGES, USER_RULE_MESSAGES } from '../../src/core/accounts/users.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superAdmin: { id: string; email: string };
let sa: Agent;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.user('super_admin');
  sa = await t.signIn(superAdmin.email);
});
afterAll(async () => t?.close());

let n = 0;
const newUserBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Lena', lastName: `Ortiz${++n}`, email: `lena.${n}.${Date.now()}@firm.test`,
  role: 'limited_user', displayRole: 'User', initials: 'LO', ...over,
});

async function createViaApi(agent: Agent, over: Record<string, unknown> = {}) {
  const res = await agent.request({ method: 'POST', url: '/api/users', payload: newUserBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { user: { id: string; email: string; version: number }; oneTimePassword: string };
}

describe('one-time passwords', () => {
  it('signs the new user in and forces a new password before anything else', async () => {
    const { user, oneTimePassword } = await createViaApi(sa);
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const lena = await t.signIn(user.email, oneTimePassword);
    const session = await lena.request({ method: 'GET', url: '/api/auth/session' });
    expect(session.json().user.mustChangePassword).toBe(true);

    const blocked = await lena.request({ method: 'GET', url: '/api/action-items/assignable-users' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.message).toBe(USER_RULE_MESSAGES.mustChangePassword);

    const weak = await lena.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: oneTimePassword, newPassword: 'password1234' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(PASSWORD_MESSAGES.common);
    const short = await lena.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: oneTimePassword, newPassword: 'tulip-11' } });
    expect(short.json().error.message).toBe(PASSWORD_MESSAGES.tooShort);

    const changed = await lena.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: oneTimePassword, newPassword: 'tulip-ledger-window' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    expect((await lena.request({ method: 'GET', url: '/api/action-items/assignable-users' })).statusCode).toBe(200);
    // The one-time password is spent: it never signs in again, the new password does, and it never expires.
    const spent = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: oneTimePassword } });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().error.message).toBe(SIGN_IN_FAILED);
    const row = await t.database.db.selectFrom('users').select('one_time_password_expires_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.one_time_password_expires_at).toBeNull();
    await t.signIn(user.email, 'tulip-ledger-window');
  });

  it('expires after ONE_TIME_PASSWORD_HOURS (72 by default): the right one-time password is then told so, a wrong one is not', async () => {
    const before = Date.now();
    const { user, oneTimePassword } = await createViaApi(sa);
    const expiry = async () => (await t.database.db.selectFrom('users').select('one_time_password_expires_at')
      .where('id', '=', user.id).executeTakeFirstOrThrow()).one_time_password_expires_at!.getTime();
    expect(await expiry()).toBeGreaterThanOrEqual(before + 72 * 3_600_000);
    expect(await expiry()).toBeLessThanOrEqual(Date.now() + 72 * 3_600_000);
    await t.database.db.updateTable('users').set({ one_time_password_expires_at: new Date(Date.now() - 1000) }).where('id', '=', user.id).execute();
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: '10.0.4.1' });
    const listed = async () => ((await sa.request({ method: 'GET', url: '/api/users' })).json().users as Array<{ id: string; oneTimePasswordExpired: boolean }>)
      .find((u) => u.id === user.id)!.oneTimePasswordExpired;
    expect(await listed()).toBe(true);
    const expired = await login(oneTimePassword);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(SIGN_IN_MESSAGES.oneTimePasswordExpired);
    expect((await login('not-the-password')).json().error.message).toBe(SIGN_IN_FAILED);
    // A reset gives a new one, with a new 72 hours.
    const reset = await sa.request({ method: 'POST', url: `/api/users/${user.id}/reset-password` });
    expect(await expiry()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(await listed()).toBe(false);
    await t.signIn(user.email, reset.json().oneTimePassword);
  });

  it('takes its lifetime from ONE_TIME_PASSWORD_HOURS, a whole number of hours from 1 to 8760', async () => {
    const { loadEnv } = await import('../../src/server/env.ts');
    expect(loadEnv({ NODE_ENV: 'test' }).ONE_TIME_PASSWORD_HOURS).toBe(72);
    expect(loadEnv({ NODE_ENV: 'test', ONE_TIME_PASSWORD_HOURS: '24' }).ONE_TIME_PASSWORD_HOURS).toBe(24);
    for (const bad of ['0', '1.5', 'abc', '9000']) expect(() => loadEnv({ NODE_ENV: 'test', ONE_TIME_PASSWORD_HOURS: bad }), bad).toThrow(/ONE_TIME_PASSWORD_HOURS/);
    const short = await createTestApp({ ONE_TIME_PASSWORD_HOURS: '2' });
    try {
      const admin = await short.signIn((await short.user('admin')).email);
      const made = (await admin.request({ method: 'POST', url: '/api/users', payload: newUserBody() })).json();
      const row = await short.database.db.selectFrom('users').select('one_time_password_expires_at').where('id', '=', made.user.id).executeTakeFirstOrThrow();
      expect(row.one_time_password_expires_at!.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
      expect(row.one_time_password_expires_at!.getTime() - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    } finally {
      await short.close();
    }
  });

  it('a reset gives a new one-time password and ends the sessions the user had', async () => {
    const { id, email } = await t.user('limited_user');
    const user = await t.signIn(email);
    const res = await sa.request({ method: 'POST', url: `/api/users/${id}/reset-password` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await user.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    const again = await t.signIn(email, res.json().oneTimePassword);
    expect((await again.request({ method: 'GET', url: '/api/auth/session' })).json().user.mustChangePassword).toBe(true);
  });
});

describe('user administration', () => {
  it('lists users with roles, status and last sign-in', async () => {
    const res = await sa.request({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const me = res.json().users.find((u: { id: string }) => u.id === superAdmin.id);
    expect(me).toMatchObject({ role: 'super_admin', status: 'active', isSelf: true, canDelete: false, displayRole: 'Administrator' });
    expect(Date.parse(me.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a duplicate e-mail', async () => {
    const { user } = await createViaApi(sa);
    const res = await sa.request({ method: 'POST', url: '/api/users', payload: newUserBody({ email: user.email.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
  });

  it('disabling a user ends their open session: the next request is 401', async () => {
    const { id, email } = await t.user('limited_user');
    const user = await t.signIn(email);
    const res = await sa.request({ method: 'POST', url: `/api/users/${id}/disable` });
    expect(res.json().status).toBe('disabled');
    expect((await user.request({ method: 'GET', url: '/api/action-items/assignable-users' })).statusCode).toBe(401);
    expect((await sa.request({ method: 'POST', url: `/api/users/${id}/enable` })).json().status).toBe('active');
    await t.signIn(email);
  });

  it('a role change ends the user\'s sessions; editing names keeps them', async () => {
    const { user } = await createViaApi(sa, { role: 'admin', displayRole: 'Admin Assistant' });
    const reset = (await sa.request({ method: 'POST', url: `/api/users/${user.id}/reset-password` })).json();
    const agent = await t.signIn(user.email, reset.oneTimePassword);
    const body = { firstName: 'Lena', lastName: 'Marsh', initials: 'LM', role: 'admin', displayRole: 'Admin Assistant', version: reset.user.version };
    const renamed = await sa.request({ method: 'PUT', url: `/api/users/${user.id}`, payload: body });
    expect(renamed.json()).toMatchObject({ lastName: 'Marsh', displayName: 'Lena Marsh', initials: 'LM' });
    expect((await agent.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    const stale = await sa.request({ method: 'PUT', url: `/api/users/${user.id}`, payload: body });
    expect(stale.statusCode).toBe(409);
    const demoted = await sa.request({ method: 'PUT', url: `/api/users/${user.id}`, payload: { ...body, role: 'limited_user', version: renamed.json().version } });
    expect(demoted.json().role).toBe('limited_user');
    expect((await agent.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
  });

  it('only a super admin grants or removes super_admin or touches a super admin account', async () => {
    const admin = await t.user('admin');
    const adminAgent = await t.signIn(admin.email);
    const grant = await adminAgent.request({ method: 'POST', url: '/api/users', payload: newUserBody({ role: 'super_admin' }) });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().error.message).toBe(USER_RULE_MESSAGES.superAdminOnly);
    const other = await t.user('super_admin');
    for (const url of [`/api/users/${other.id}/disable`, `/api/users/${other.id}/reset-password`]) {
      expect((await adminAgent.request({ method: 'POST', url })).statusCode).toBe(403);
    }
    const { user } = await createViaApi(adminAgent, { role: 'admin' });
    const promote = await adminAgent.request({ method: 'PUT', url: `/api/users/${user.id}`, payload: { firstName: 'A', lastName: 'B', initials: 'AB', role: 'super_admin', displayRole: 'Administrator', version: user.version } });
    expect(promote.statusCode).toBe(403);
    const bySuper = await sa.request({ method: 'PUT', url: `/api/users/${user.id}`, payload: { firstName: 'A', lastName: 'B', initials: 'AB', role: 'super_admin', displayRole: 'Administrator', version: user.version } });
    expect(bySuper.json().role).toBe('super_admin');
    await sa.request({ method: 'POST', url: `/api/users/${other.id}/disable` });
    await sa.request({ method: 'POST', url: `/api/users/${user.id}/disable` });
  });

  it('nobody disables or deletes themselves; the last active super admin cannot be demoted', async () => {
    for (const [method, url] of [['POST', `/api/users/${superAdmin.id}/disable`], ['DELETE', `/api/users/${superAdmin.id}`]] as const) {
      const res = await sa.request({ method, url });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(USER_RULE_MESSAGES.self);
    }
    const list = (await sa.request({ method: 'GET', url: '/api/users' })).json().users as Array<{ role: string; status: string; id: string; version: number }>;
    const others = list.filter((u) => u.role === 'super_admin' && u.status === 'active' && u.id !== superAdmin.id);
    for (const u of others) await sa.request({ method: 'POST', url: `/api/users/${u.id}/disable` });
    const me = list.find((u) => u.id === superAdmin.id)!;
    const res = await sa.request({ method: 'PUT', url: `/api/users/${superAdmin.id}`, payload: { firstName: 'Test', lastName: 'Super', initials: 'TS', role: 'admin', displayRole: 'Administrator', version: me.version } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(USER_RULE_MESSAGES.lastSuperAdmin);
    const kept = await sa.request({ method: 'PUT', url: `/api/users/${superAdmin.id}`, payload: { firstName: 'Test', lastName: 'Super', initials: 'TS', role: 'super_admin', displayRole: 'Administrator', version: me.version } });
    expect(kept.statusCode).toBe(200);
  });

  it('a user with records cannot be deleted (canDelete false); one without can', async () => {
    const busy = await t.user('limited_user');
    const { projectId } = await makeProject(t.database.db, superAdmin.id);
    expect((await sa.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, busy.id) })).statusCode).toBe(201);
    const list = (await sa.request({ method: 'GET', url: '/api/users' })).json().users as Array<{ id: string; canDelete: boolean }>;
    expect(list.find((u) => u.id === busy.id)?.canDelete).toBe(false);
    const refused = await sa.request({ method: 'DELETE', url: `/api/users/${busy.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(USER_RULE_MESSAGES.inUse);

    const { user } = await createViaApi(sa);
    expect((await sa.request({ method: 'GET', url: '/api/users' })).json().users.find((u: { id: string }) => u.id === user.id).canDelete).toBe(true);
    expect((await sa.request({ method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(204);
  });

  it('a limited user gets 403 on every users route', async () => {
    const limited = await t.signIn((await t.user('limited_user')).email);
    const id = superAdmin.id;
    const calls = [
      ['GET', '/api/users'], ['POST', '/api/users'], ['PUT', `/api/users/${id}`], ['POST', `/api/users/${id}/reset-password`],
      ['POST', `/api/users/${id}/disable`], ['POST', `/api/users/${id}/enable`], ['DELETE', `/api/users/${id}`],
    ] as const;
    for (const [method, url] of calls) expect((await limited.request({ method, url, payload: {} })).statusCode, url).toBe(403);
  });

  it('writes account changes to the audit log without the password hash', async () => {
    const { user } = await createViaApi(sa);
    await sa.request({ method: 'POST', url: `/api/users/${user.id}/reset-password` });
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('row_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((r) => `${r.table_name}:${r.action}`)).toEqual(expect.arrayContaining(['users:insert', 'user_roles:insert', 'profiles:insert', 'users:update']));
    expect(rows.every((r) => r.actor_id === superAdmin.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('argon2');
    expect(rows.find((r) => r.action === 'update')?.after).toMatchObject({ password: 'changed', must_change_password: true });
  });
});

describe('own account', () => {
  it('changes the own password with the current one; other sessions end, this one stays', async () => {
    const { email } = await t.user('limited_user');
    const here = await t.signIn(email);
    const elsewhere = await t.signIn(email);
    const wrong = await here.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'nope', newPassword: 'tulip-ledger-window' } });
    expect(wrong.json().error.message).toBe(PASSWORD_MESSAGES.wrongCurrent);
    const ok = await here.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'correct horse battery', newPassword: 'tulip-ledger-window' } });
    expect(ok.statusCode).toBe(200);
    expect((await here.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    expect((await elsewhere.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    await t.signIn(email, 'tulip-ledger-window');
  });

  it('changes the own display name and initials', async () => {
    const { email } = await t.user('limited_user');
    const me = await t.signIn(email);
    const res = await me.request({ method: 'PUT', url: '/api/account/profile', payload: { displayName: 'Jo Whit', initials: 'jw' } });
    expect(res.json().user).toMatchObject({ displayName: 'Jo Whit', initials: 'JW' });
    const bad = await me.request({ method: 'PUT', url: '/api/account/profile', payload: { displayName: 'Jo', initials: 'ABCD' } });
    expect(bad.statusCode).toBe(400);
  });
});
