import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '../../src/core/accounts/two-factor.ts';
import { CSRF_HEADER } from '../../src/core/constants.ts';
import { testAccountNeedsTwoFactor, USER_RULE_MESSAGES } from '../../src/core/accounts/users.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { cookiesOf, createTestApp, TEST_PASSWORD, type Agent, type TestApp } from '../helpers/test-app.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The code an authenticator app shows for the secret as Settings shows it, `steps` 30-second steps from now. */
const codeFor = (shownSecret: string, steps = 0) =>
  generateSync({ secret: shownSecret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const login = (email: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: ip });

/** A second step sent with the pending sign-in cookie of a login answer. */
const secondStep = (pendingFrom: { cookies: { name: string; value: string }[] }, path: string, code?: string, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST', url: `/api/auth/second-step/${path}`, remoteAddress: ip,
    cookies: cookiesOf(pendingFrom as never), ...(code === undefined ? {} : { payload: { code } }),
  });

/** Turns two-factor on from Settings; answers the shown secret and the recovery codes. */
async function turnOn(agent: Agent) {
  const setup = await agent.request({ method: 'POST', url: '/api/account/two-factor/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret, qrCode, otpauthUrl } = setup.json();
  expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret.replace(/\s/g, '')}`);
  const confirm = await agent.request({ method: 'POST', url: '/api/account/two-factor/confirm', payload: { code: codeFor(secret) } });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
  return { secret: secret as string, recoveryCodes };
}

describe('two-factor sign-in', () => {
  it('is turned on with a code from the shown secret; sign-in then asks for a code, refuses a replayed and a wrong one', async () => {
    const { email } = await t.user('limited_user');
    const agent = await t.signIn(email);
    const wrongFirst = await agent.request({ method: 'POST', url: '/api/account/two-factor/setup' });
    const refused = await agent.request({ method: 'POST', url: '/api/account/two-factor/confirm', payload: { code: codeFor(wrongFirst.json().secret, 5) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const { secret, recoveryCodes } = await turnOn(agent);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await agent.request({ method: 'GET', url: '/api/account/two-factor' })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    const first = await login(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondStep: 'code', firmName: expect.any(String) });
    const pending = first.cookies.find((c) => c.name === 'casebook_second_step');
    expect(pending?.httpOnly).toBe(true);
    expect(first.cookies.some((c) => c.name === 'casebook_session')).toBe(false);

    // The code that confirmed the set-up was used: it never signs in.
    const replayOfSetup = await secondStep(first, 'code', codeFor(secret));
    expect(replayOfSetup.statusCode).toBe(400);
    expect(replayOfSetup.json().error.message).toBe(TWO_FACTOR_MESSAGES.reusedCode);
    const wrong = await secondStep(first, 'code', codeFor(secret, 20));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);

    const next = codeFor(secret, 1);
    const ok = await secondStep(first, 'code', next);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);
    expect(cookiesOf(ok).casebook_session).toBeTruthy();
    // The pending sign-in is spent with its session started.
    expect((await secondStep(first, 'code', codeFor(secret, 1))).statusCode).toBe(401);

    const again = await login(email);
    const replay = await secondStep(again, 'code', next);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(TWO_FACTOR_MESSAGES.reusedCode);
  });

  it('takes a recovery code once', async () => {
    const { email } = await t.user('admin');
    const { recoveryCodes } = await turnOn(await t.signIn(email));
    const first = await login(email, '10.9.1.1');
    const ok = await secondStep(first, 'code', recoveryCodes[3]!, '10.9.1.1');
    expect(ok.statusCode).toBe(200);
    const second = await login(email, '10.9.1.1');
    const spent = await secondStep(second, 'code', recoveryCodes[3]!, '10.9.1.1');
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error.message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    // Typed without the dash and in capitals, another one works.
    expect((await secondStep(second, 'code', recoveryCodes[4]!.replace('-', '').toUpperCase(), '10.9.1.1')).statusCode).toBe(200);
  });

  it('throttles wrong codes like passwords', async () => {
    const { email } = await t.user('limited_user');
    const { secret } = await turnOn(await t.signIn(email));
    const first = await login(email, '10.9.2.1');
    for (let i = 0; i < 5; i++) expect((await secondStep(first, 'code', '000000', '10.9.2.1')).statusCode).toBe(400);
    const blocked = await secondStep(first, 'code', codeFor(secret, 1), '10.9.2.1');
    expect(blocked.statusCode).toBe(429);
    // The password is throttled by the same count.
    expect((await login(email, '10.9.2.1')).statusCode).toBe(429);
  });

  it('a right password does not wipe the count of wrong codes (no endless guessing by signing in again)', async () => {
    const { email } = await t.user('limited_user');
    const { secret } = await turnOn(await t.signIn(email));
    for (let round = 0; round < 2; round++) {
      const pending = await login(email, '10.9.2.9');
      expect(pending.json().secondStep).toBe('code');
      for (let i = 0; i < (round === 0 ? 4 : 1); i++) expect((await secondStep(pending, 'code', '000000', '10.9.2.9')).statusCode).toBe(400);
    }
    expect((await login(email, '10.9.2.9')).statusCode).toBe(429);
    await t.database.db.deleteFrom('login_failures').execute();
    const pending = await login(email, '10.9.2.9');
    expect((await secondStep(pending, 'code', codeFor(secret, 1), '10.9.2.9')).statusCode).toBe(200);
  });

  it('an admin cannot reset their own second factor from the users list (only turn it off with a code)', async () => {
    const admin = await t.user('admin');
    const agent = await t.signIn(admin.email);
    await turnOn(agent);
    const own = await agent.request({ method: 'POST', url: `/api/users/${admin.id}/reset-two-factor` });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(USER_RULE_MESSAGES.ownTwoFactor);
    await t.database.db.deleteFrom('user_two_factor').where('user_id', '=', admin.id).execute();
  });

  it('refuses a code step without a pending sign-in, and a set-up over an existing factor', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/second-step/code', payload: { code: '123456' } })).json().error.message)
      .toBe(TWO_FACTOR_MESSAGES.pendingExpired);
    const { email } = await t.user('limited_user');
    await turnOn(await t.signIn(email));
    const first = await login(email, '10.9.3.1');
    expect((await secondStep(first, 'setup', undefined, '10.9.3.1')).statusCode).toBe(409);
  });

  it('turns off with a current code only; the secret never reaches the audit log', async () => {
    const { id, email } = await t.user('limited_user');
    const agent = await t.signIn(email);
    const { secret } = await turnOn(agent);
    const wrong = await agent.request({ method: 'POST', url: '/api/account/two-factor/disable', payload: { code: '999999' } });
    expect(wrong.statusCode).toBe(400);
    const off = await agent.request({ method: 'POST', url: '/api/account/two-factor/disable', payload: { code: codeFor(secret, 1) } });
    expect(off.json()).toMatchObject({ enabled: false });
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('row_id', '=', id).where('table_name', '=', 'user_two_factor').orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([['insert', id], ['delete', id]]);
    const raw = JSON.stringify(await t.database.db.selectFrom('audit_log').selectAll().where('row_id', '=', id).execute());
    expect(raw).not.toContain(secret.replace(/\s/g, ''));
    expect(raw).not.toContain('secret');
    const stored = await t.database.db.selectFrom('user_two_factor').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secret.replace(/\s/g, ''));
  });
});

describe('two-factor required per role', () => {
  it('a limited user or admin cannot change the rule; a super admin can, audited; an admin is then led through set-up', async () => {
    const limited = await t.signIn((await t.user('limited_user')).email);
    const admin = await t.signIn((await t.user('admin')).email);
    const body = { requiredRoles: ['admin'], version: 1 };
    expect((await limited.request({ method: 'PUT', url: '/api/settings/two-factor', payload: body })).statusCode).toBe(403);
    expect((await admin.request({ method: 'PUT', url: '/api/settings/two-factor', payload: body })).statusCode).toBe(403);
    const superAdmin = await t.user('super_admin');
    const owner = await t.signIn(superAdmin.email);
    const current = (await owner.request({ method: 'GET', url: '/api/settings/two-factor' })).json();
    const saved = await owner.request({ method: 'PUT', url: '/api/settings/two-factor', payload: { requiredRoles: ['admin'], version: current.version } });
    expect(saved.json()).toEqual({ requiredRoles: ['admin'], version: current.version + 1 });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('table_name', '=', 'two_factor_policy').execute();
    expect(audit.at(-1)).toMatchObject({ actor_id: superAdmin.id, action: 'update', after: expect.objectContaining({ required_roles: ['admin'] }) });

    const { email } = await t.user('admin');
    const first = await login(email, '10.9.4.1');
    expect(first.json()).toEqual({ secondStep: 'setup', firmName: expect.any(String) });
    expect((await secondStep(first, 'code', '123456', '10.9.4.1')).statusCode).toBe(409);
    const setup = await secondStep(first, 'setup', undefined, '10.9.4.1');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const done = await secondStep(first, 'confirm', codeFor(secret), '10.9.4.1');
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(email);
    expect(done.json().recoveryCodes).toHaveLength(10);
    const session = cookiesOf(done);
    expect(session.casebook_session).toBeTruthy();
    // Required: it cannot be turned off.
    const agentStatus = await t.app.inject({ method: 'GET', url: '/api/account/two-factor', cookies: session });
    expect(agentStatus.json()).toMatchObject({ enabled: true, required: true });
    // A limited user is not required to.
    expect((await login((await t.user('limited_user')).email, '10.9.4.2')).json().user).toBeTruthy();
    await owner.request({ method: 'PUT', url: '/api/settings/two-factor', payload: { requiredRoles: [], version: current.version + 1 } });
  });
});

describe('admin reset', () => {
  it('an admin resets a user’s second factor (audited: who reset whose), not a super admin’s; a super admin can', async () => {
    const admin = await t.user('admin');
    const adminAgent = await t.signIn(admin.email);
    const user = await t.user('limited_user');
    await turnOn(await t.signIn(user.email));
    const listed = (await adminAgent.request({ method: 'GET', url: '/api/users' })).json().users.find((u: { id: string }) => u.id === user.id);
    expect(listed.twoFactor).toBe(true);
    const reset = await adminAgent.request({ method: 'POST', url: `/api/users/${user.id}/reset-two-factor` });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().twoFactor).toBe(false);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('table_name', '=', 'user_two_factor').where('row_id', '=', user.id)
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'delete', actor_id: admin.id });
    expect((await login(user.email, '10.9.5.1')).json().user.email).toBe(user.email);

    const owner = await t.user('super_admin');
    await turnOn(await t.signIn(owner.email));
    const refused = await adminAgent.request({ method: 'POST', url: `/api/users/${owner.id}/reset-two-factor` });
    expect(refused.statusCode).toBe(403);
    const other = await t.user('super_admin');
    const otherAgent = await t.signIn(other.email);
    expect((await otherAgent.request({ method: 'POST', url: `/api/users/${owner.id}/reset-two-factor` })).statusCode).toBe(200);
    const limited = await t.signIn((await t.user('limited_user')).email);
    expect((await limited.request({ method: 'POST', url: `/api/users/${user.id}/reset-two-factor` })).statusCode).toBe(403);
  });
});

describe('the demo test account (docs/decisions/111)', () => {
  it('is refused, in words, while the firm requires a second factor of its role; it signs in again when the rule is lifted', async () => {
    const database = await freshDatabase();
    const email = 'margaret.hale@demo.test';
    await createUser(database.db, { email, password: 'long enough password', firstName: 'Margaret', lastName: 'Hale', role: 'super_admin' });
    const app = await buildApp({
      database, env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), sessionSecret: 'x'.repeat(40), demoAdminEmail: email,
    });
    const useTestAccount = () => app.inject({ method: 'POST', url: '/api/auth/test-account', remoteAddress: '127.0.0.1' });
    try {
      const first = await useTestAccount();
      expect(first.statusCode).toBe(200);
      const session = cookiesOf(first);
      const setRule = async (requiredRoles: string[]) => {
        const headers = { [CSRF_HEADER]: session['csrf-token']! };
        const { version } = (await app.inject({ method: 'GET', url: '/api/settings/two-factor', cookies: session })).json();
        const saved = await app.inject({ method: 'PUT', url: '/api/settings/two-factor', cookies: session, headers, payload: { requiredRoles, version } });
        expect(saved.statusCode).toBe(200);
      };

      // Another role's rule leaves it alone.
      await setRule(['admin']);
      expect((await useTestAccount()).statusCode).toBe(200);

      await setRule(['admin', 'super_admin']);
      const refused = await useTestAccount();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(testAccountNeedsTwoFactor('super_admin'));
      expect(refused.json().error.message).toBe(
        'The test account cannot sign in: the firm requires two-factor sign-in for super admins. Please sign in with your e-mail and password.');
      expect(refused.cookies.some((c) => c.name === 'casebook_session')).toBe(false);

      await setRule([]);
      expect((await useTestAccount()).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
