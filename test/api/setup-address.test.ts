import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/core/constants.ts';
import { PASSWORD_MESSAGES } from '../../src/core/accounts/users.ts';
import { SETUP_ADDRESS_TEXT } from '../../src/core/accounts/setup-address.ts';
import { issueSetupToken } from '../../src/server/features/setup-address/service.ts';
import { cookiesOf, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The one-time setup address (issue 38, docs/decisions/117): printed at a start with no users, it
// creates the first super admin, signed in; refused once anyone exists, whichever address is used.

const FIRST = { firstName: 'Ana', lastName: 'Diaz', email: 'ana.diaz@firm.test', password: 'a long walk to the harbour' };

describe('on a database without users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: 'false' });
  });
  afterAll(async () => t?.close());

  const check = (token: string) => t.app.inject({ method: 'POST', url: '/api/setup-address/check', payload: { token } });
  const create = (body: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/setup-address/first-super-admin', payload: body });

  it('keeps only a hash of each printed token', async () => {
    const token = (await issueSetupToken(t.database.db))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.selectFrom('setup_tokens').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect((await check(token)).statusCode).toBe(204);
  });

  it('refuses an unknown token, saying what to do', async () => {
    const res = await check('not-the-printed-one');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SETUP_ADDRESS_TEXT.notValid);
    expect((await create({ ...FIRST, token: 'not-the-printed-one' })).statusCode).toBe(403);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('validates the form and the password rules, keeping the address usable', async () => {
    const token = (await issueSetupToken(t.database.db))!;
    expect((await create({ ...FIRST, email: 'not an address', token })).statusCode).toBe(400);
    expect((await create({ ...FIRST, firstName: ' ', token })).statusCode).toBe(400);
    const short = await create({ ...FIRST, password: 'short', token });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect((await check(token)).statusCode).toBe(204);
  });

  it('creates the first super admin from any printed address, signed in, and uses up every address', async () => {
    const earlier = (await issueSetupToken(t.database.db))!;
    const latest = (await issueSetupToken(t.database.db))!;
    const res = await create({ ...FIRST, token: earlier });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: FIRST.email, role: 'super_admin', isSuperAdmin: true, displayName: 'Ana Diaz' });
    const cookies = cookiesOf(res);
    // The session works: straight on into the first-run setup.
    const setup = await t.app.inject({ method: 'GET', url: '/api/first-run', cookies, headers: { [CSRF_HEADER]: cookies['csrf-token']! } });
    expect(setup.statusCode).toBe(200);
    expect(setup.json().owed).toBe(true);
    expect(await t.database.db.selectFrom('setup_tokens').selectAll().execute()).toEqual([]);

    for (const token of [earlier, latest]) {
      const again = await create({ ...FIRST, email: 'someone.else@firm.test', token });
      expect(again.statusCode).toBe(403);
      expect(again.json().error.message).toBe(SETUP_ADDRESS_TEXT.alreadySetUp);
      expect((await check(token)).json().error.message).toBe(SETUP_ADDRESS_TEXT.alreadySetUp);
    }
    const users = await t.database.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: FIRST.email }]);
    // A start with users prints no address.
    expect(await issueSetupToken(t.database.db)).toBeNull();
  });

  it('signs the new super admin in with their password afterwards', async () => {
    expect((await t.signIn(FIRST.email, FIRST.password)).csrf).toBeTruthy();
  });
});

describe('two uses at the same moment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: 'false' });
  });
  afterAll(async () => t?.close());

  it('make one super admin', async () => {
    const tokens = [(await issueSetupToken(t.database.db))!, (await issueSetupToken(t.database.db))!];
    const answers = await Promise.all(tokens.map((token, i) => t.app.inject({
      method: 'POST', url: '/api/setup-address/first-super-admin', payload: { ...FIRST, email: `first.${i}@firm.test`, token },
    })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });
});

describe('once users exist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: 'false' });
  });
  afterAll(async () => t?.close());

  it('a token printed before `user:create` made one is refused', async () => {
    const token = (await issueSetupToken(t.database.db))!;
    await t.user('super_admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/setup-address/check', payload: { token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SETUP_ADDRESS_TEXT.alreadySetUp);
  });

  it('too many tries from one address are refused', async () => {
    // The allowance (20) is per clock minute: 22 tries across a minute's turn can all be allowed. 41 tries
    // within two minutes put at least 21 in one of them.
    const answers = [];
    for (let i = 0; i < 41; i++) {
      answers.push((await t.app.inject({ method: 'POST', url: '/api/setup-address/check', payload: { token: `guess-${i}` } })).statusCode);
    }
    expect(answers).toContain(429);
  });
});
