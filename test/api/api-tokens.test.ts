import type { InjectOptions } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '../../src/core/accounts/api-tokens.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let limitedId: string;
let adminId: string;
let p: TrackedProjectFixture;
const today = firmTodayIso('America/New_York');

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  const ad = await t.user('admin');
  const lu = await t.user('limited_user');
  limitedId = lu.id;
  adminId = ad.id;
  [superAdmin, admin, limited] = await Promise.all([t.signIn(sa.email), t.signIn(ad.email), t.signIn(lu.email)]);
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Token Holdings', projectName: 'Token survey' });
});
afterAll(async () => t?.close());

async function makeToken(agent: Agent, scope: 'read' | 'write', name = `${scope} tool`) {
  const res = await agent.request({ method: 'POST', url: '/api/api-tokens', payload: { name, scope, expiresOn: addDays(today, 30) } });
  expect(res.statusCode).toBe(201);
  return res.json() as { secret: string; token: { id: string; hint: string } };
}

/** A request from a tool: the bearer header and nothing else (no cookie, no CSRF header). */
const withToken = (secret: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${secret}` } });

const MONEY_KEYS = ['rate', 'cost', 'total_amount', 'totalAmount'];
const moneyKeysIn = (body: unknown): string[] => {
  if (Array.isArray(body)) return body.flatMap(moneyKeysIn);
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) => [...(MONEY_KEYS.includes(key) ? [key] : []), ...moneyKeysIn(value)]);
  }
  return [];
};

describe('making tokens', () => {
  it('shows the token text once, prefixed cbk_, and stores only its SHA-256', async () => {
    const { secret, token } = await makeToken(limited, 'read');
    expect(secret).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(token.hint)).toBe(true);
    const row = await t.database.db.selectFrom('api_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await limited.request({ method: 'GET', url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(row.token_hash);
    const listed = list.json().tokens.find((x: { id: string }) => x.id === token.id);
    expect(listed).toMatchObject({ scope: 'read', lastUsedAt: null, expired: false });
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'expired', 'expiresAt', 'hint', 'id', 'lastUsedAt', 'name', 'scope']);
  });

  it('lasts through its last day; refuses a past day, today, and more than a year', async () => {
    const ok = await limited.request({ method: 'POST', url: '/api/api-tokens', payload: { name: 'year', scope: 'read', expiresOn: addDays(today, 365) } });
    expect(ok.statusCode).toBe(201);
    expect(new Date(ok.json().token.expiresAt).getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    for (const [expiresOn, message] of [
      [today, API_TOKEN_MESSAGES.expiryPast], [addDays(today, -3), API_TOKEN_MESSAGES.expiryPast], [addDays(today, 366), API_TOKEN_MESSAGES.expiryTooFar],
    ] as const) {
      const res = await limited.request({ method: 'POST', url: '/api/api-tokens', payload: { name: 'bad', scope: 'read', expiresOn } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const noExpiry = await limited.request({ method: 'POST', url: '/api/api-tokens', payload: { name: 'forever', scope: 'write' } });
    expect(noExpiry.statusCode).toBe(400);
  });

  it('audits creation and revocation without the secret or its hash', async () => {
    const { secret, token } = await makeToken(admin, 'write', 'audited');
    expect((await admin.request({ method: 'DELETE', url: `/api/api-tokens/${token.id}` })).statusCode).toBe(204);
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('table_name', '=', 'api_tokens').where('row_id', '=', token.id)
      .orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update']);
    expect(rows[0]!.actor_id).not.toBeNull();
    expect((rows[1]!.after as { revoked_at: string | null }).revoked_at).not.toBeNull();
    const stored = await t.database.db.selectFrom('api_tokens').select('token_hash').where('id', '=', token.id).executeTakeFirstOrThrow();
    const text = JSON.stringify(rows);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(stored.token_hash);
    expect(text).not.toContain('token_hash');
  });

  it('revokes only the user\'s own tokens', async () => {
    const { token } = await makeToken(limited, 'read', 'mine');
    expect((await admin.request({ method: 'DELETE', url: `/api/api-tokens/${token.id}` })).statusCode).toBe(404);
    const list = await admin.request({ method: 'GET', url: '/api/api-tokens' });
    expect(list.json().tokens.map((x: { id: string }) => x.id)).not.toContain(token.id);
  });
});

describe('using tokens', () => {
  it('a read token reads; POST, PUT and DELETE are refused with 403 and the message', async () => {
    const { secret } = await makeToken(limited, 'read');
    const read = await withToken(secret, { method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(read.statusCode).toBe(200);
    expect((await withToken(secret, { method: 'HEAD', url: '/api/clients' })).statusCode).toBe(200);
    for (const request of [
      { method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId) },
      { method: 'POST', url: '/api/clients', payload: { name: 'Nope' } },
      { method: 'DELETE', url: `/api/time-entries/${newId()}?version=1` },
    ] as const) {
      const res = await withToken(secret, request);
      expect(res.statusCode, request.method).toBe(403);
      expect(res.json().error.message).toBe('This API token can only read.');
    }
  });

  it('a write token writes within its user\'s role, without a CSRF header, and never reaches more', async () => {
    const { secret } = await makeToken(limited, 'write');
    const id = newId();
    const saved = await withToken(secret, { method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(p.projectId) });
    expect(saved.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('time_entries').select(['user_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(limitedId);
    expect((await withToken(secret, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await withToken(secret, { method: 'POST', url: '/api/users', payload: {} })).statusCode).toBe(403);
    expect((await withToken(secret, { method: 'GET', url: `/api/cases/${p.caseId}/custom-rates` })).statusCode).toBe(403);
  });

  it('follows the user\'s current role: a role taken away is taken from the token too', async () => {
    const demoted = await t.user('admin');
    const agent = await t.signIn(demoted.email);
    const { secret } = await makeToken(agent, 'read');
    expect((await withToken(secret, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    await t.database.db.updateTable('user_roles').set({ role: 'limited_user' }).where('user_id', '=', demoted.id).execute();
    await t.database.db.updateTable('users').set({ role: 'limited_user' }).where('id', '=', demoted.id).execute();
    expect((await withToken(secret, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });

  it.each([['admin'], ['limited_user']] as const)('money stays hidden from a %s token; a super admin\'s token sees it', async (role) => {
    const owner = role === 'admin' ? admin : limited;
    await superAdmin.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId) });
    const { secret } = await makeToken(owner, 'write');
    const res = await withToken(secret, { method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().money).toBe(false);
    expect(res.json().timeEntries.length).toBeGreaterThan(0);
    expect(moneyKeysIn(res.json())).toEqual([]);
    const saved = await withToken(secret, { method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId) });
    expect(saved.statusCode).toBe(200);
    expect(moneyKeysIn(saved.json())).toEqual([]);
    const top = await makeToken(superAdmin, 'read');
    const full = await withToken(top.secret, { method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(full.json().money).toBe(true);
    expect(full.json().timeEntries[0].rate).toBeGreaterThan(0);
  });

  it('records last use, at most once a minute', async () => {
    const { secret, token } = await makeToken(limited, 'read');
    await withToken(secret, { method: 'GET', url: '/api/clients' });
    const first = await t.database.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(first.last_used_at).not.toBeNull();
    await withToken(secret, { method: 'GET', url: '/api/clients' });
    const second = await t.database.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(second.last_used_at!.getTime()).toBe(first.last_used_at!.getTime());
    const listed = (await limited.request({ method: 'GET', url: '/api/api-tokens' })).json().tokens.find((x: { id: string }) => x.id === token.id);
    expect(listed.lastUsedAt).toBe(first.last_used_at!.toISOString());
    // A minute later the next use is written again (and no audit row is written for it).
    await t.database.db.updateTable('api_tokens').set({ last_used_at: new Date(Date.now() - 120_000) }).where('id', '=', token.id).execute();
    await withToken(secret, { method: 'GET', url: '/api/clients' });
    const third = await t.database.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(third.last_used_at!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('row_id', '=', token.id).execute();
    expect(audits.map((a) => a.action)).toEqual(['insert']);
  });

  it.each([
    ['revoked', async (id: string) => { await limited.request({ method: 'DELETE', url: `/api/api-tokens/${id}` }); }],
    ['expired', async (id: string) => {
      await t.database.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    }],
  ])('a %s token is refused with 401', async (_label, spoil) => {
    const { secret, token } = await makeToken(limited, 'write');
    expect((await withToken(secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
    await spoil(token.id);
    const res = await withToken(secret, { method: 'GET', url: '/api/clients' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(API_TOKEN_MESSAGES.invalid);
  });

  it('refuses an unknown or malformed token, a disabled user\'s, and one whose user must choose a new password', async () => {
    expect((await withToken('cbk_notarealtokennotarealtokennotarealtoken123', { method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    expect((await withToken('garbage', { method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    const person = await t.user('admin');
    const agent = await t.signIn(person.email);
    const { secret } = await makeToken(agent, 'write');
    await t.database.db.updateTable('users').set({ must_change_password: true }).where('id', '=', person.id).execute();
    const pending = await withToken(secret, { method: 'GET', url: '/api/clients' });
    expect(pending.statusCode).toBe(403);
    await t.database.db.updateTable('users').set({ must_change_password: false, disabled: true }).where('id', '=', person.id).execute();
    expect((await withToken(secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });

  it('a token cannot make, list or revoke tokens, nor change the password, refresh a session, make or re-role an account, change how anyone signs in or re-point the Google Calendar client', async () => {
    const { secret, token } = await makeToken(admin, 'write');
    const { secret: ownerSecret } = await makeToken(superAdmin, 'write');
    for (const [tokenSecret, request] of [
      [ownerSecret, { method: 'PUT', url: '/api/settings/two-factor', payload: { requiredRoles: [] } }],
      [ownerSecret, { method: 'PUT', url: '/api/settings/sign-in-providers/google', payload: { issuerUrl: 'https://evil.test', clientId: 'x', enabled: false, version: 1 } }],
      [ownerSecret, { method: 'POST', url: '/api/settings/sign-in-providers/google/test', payload: { issuerUrl: 'https://evil.test', clientId: 'x' } }],
      [secret, { method: 'PUT', url: '/api/calendar/client-id', payload: { clientId: 'evil.apps.googleusercontent.com' } }],
      [secret, { method: 'PUT', url: '/api/calendar/client-secret', payload: { clientSecret: 'evil-secret' } }],
      [secret, { method: 'POST', url: '/api/account/two-factor/setup' }],
      [secret, { method: 'POST', url: '/api/account/two-factor/disable', payload: { code: '000000' } }],
      [secret, { method: 'POST', url: `/api/users/${limitedId}/reset-two-factor` }],
      [secret, { method: 'POST', url: `/api/users/${limitedId}/reset-password` }],
      [secret, { method: 'POST', url: '/api/users', payload: { email: 'made.by.token@firm.test', firstName: 'Made', lastName: 'Token', role: 'admin', initials: 'MT' } }],
      [secret, { method: 'PUT', url: `/api/users/${limitedId}`, payload: { firstName: 'Limited', lastName: 'User', role: 'admin', initials: 'LU', version: 1 } }],
      [secret, { method: 'POST', url: `/api/users/${limitedId}/enable` }],
    ] as const) {
      const res = await withToken(tokenSecret, request);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json().error.message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
    for (const request of [
      { method: 'POST', url: '/api/api-tokens', payload: { name: 'child', scope: 'write', expiresOn: addDays(today, 30) } },
      { method: 'GET', url: '/api/api-tokens' },
      { method: 'DELETE', url: `/api/api-tokens/${token.id}` },
      { method: 'POST', url: '/api/account/password', payload: { currentPassword: 'x', newPassword: 'y' } },
      { method: 'POST', url: '/api/auth/refresh' },
    ] as const) {
      const res = await withToken(secret, request);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json().error.message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
  });

  it('a request with both a session cookie and a token is the token\'s: a read token cannot write through a signed-in browser', async () => {
    const { secret } = await makeToken(admin, 'read');
    const both = await admin.request({ method: 'POST', url: '/api/clients', payload: { name: 'Both' }, headers: { authorization: `Bearer ${secret}` } });
    expect(both.statusCode).toBe(403);
    expect(both.json().error.message).toBe(API_TOKEN_MESSAGES.readOnly);
    const bad = await admin.request({ method: 'GET', url: '/api/clients', headers: { authorization: 'Bearer cbk_revokedorwrongrevokedorwrongrevokedorwrong1' } });
    expect(bad.statusCode).toBe(401);
  });
});

/** Sets the firm's two-factor rule (Settings → Two-factor sign-in) as the super admin, at the current version. */
async function requireTwoFactorOf(roles: string[]) {
  const current = (await superAdmin.request({ method: 'GET', url: '/api/settings/two-factor' })).json() as { version: number };
  const saved = await superAdmin.request({ method: 'PUT', url: '/api/settings/two-factor', payload: { requiredRoles: roles, version: current.version } });
  expect(saved.statusCode).toBe(200);
}

/** Turns two-factor on in Settings with a code an authenticator app would show for the shown key. */
async function turnOnTwoFactor(agent: Agent) {
  const setup = await agent.request({ method: 'POST', url: '/api/account/two-factor/setup' });
  expect(setup.statusCode).toBe(200);
  const code = generateSync({ secret: (setup.json().secret as string).replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) });
  expect((await agent.request({ method: 'POST', url: '/api/account/two-factor/confirm', payload: { code } })).statusCode).toBe(200);
}

const liveTokensOf = async (userId: string) => (await t.database.db.selectFrom('api_tokens').select('id')
  .where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).map((row) => row.id);

describe('tokens and the firm\'s two-factor rule (docs/decisions/111)', () => {
  it('a token whose owner\'s role must use a second factor they have not set up is refused on every request, and works once they set it up', async () => {
    const person = await t.user('admin');
    const agent = await t.signIn(person.email);
    const { secret, token } = await makeToken(agent, 'write');
    const { secret: limitedSecret } = await makeToken(limited, 'read');
    expect((await withToken(secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
    await requireTwoFactorOf(['admin']);
    try {
      for (const request of [
        { method: 'GET', url: '/api/clients' },
        { method: 'GET', url: '/api/account/two-factor' },
        { method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId) },
        { method: 'GET', url: '/api/api-tokens' },
      ] as const) {
        const res = await withToken(secret, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(res.json().error.message).toBe('Set up two-factor sign-in to use API tokens.');
      }
      // Another role's token is untouched; the held-back token is not revoked.
      expect((await withToken(limitedSecret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
      expect(await liveTokensOf(person.id)).toEqual([token.id]);

      // A session begun before the rule makes no new token either: it could not be used.
      const refused = await agent.request({ method: 'POST', url: '/api/api-tokens', payload: { name: 'new tool', scope: 'read', expiresOn: addDays(today, 30) } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(API_TOKEN_MESSAGES.twoFactorRequired);
      expect(await liveTokensOf(person.id)).toEqual([token.id]);

      await turnOnTwoFactor(agent);
      expect((await withToken(secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
      expect((await withToken(secret, { method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(p.projectId) })).statusCode).toBe(200);
      const made = await agent.request({ method: 'POST', url: '/api/api-tokens', payload: { name: 'new tool', scope: 'read', expiresOn: addDays(today, 30) } });
      expect(made.statusCode).toBe(201);
      expect((await withToken(made.json().secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
    } finally {
      await requireTwoFactorOf([]);
    }
  });

  it('a held-back token works again when the rule is lifted', async () => {
    const person = await t.user('limited_user');
    const agent = await t.signIn(person.email);
    const { secret } = await makeToken(agent, 'read');
    await requireTwoFactorOf(['limited_user']);
    try {
      const res = await withToken(secret, { method: 'GET', url: '/api/clients' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(API_TOKEN_MESSAGES.twoFactorRequired);
    } finally {
      await requireTwoFactorOf([]);
    }
    expect((await withToken(secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
  });
});

describe('tokens and password resets (docs/decisions/111)', () => {
  it('an admin\'s reset of a password revokes all the person\'s tokens; the audit log says the admin revoked each', async () => {
    const person = await t.user('limited_user');
    const agent = await t.signIn(person.email);
    const read = await makeToken(agent, 'read', 'Reporting tool');
    const write = await makeToken(agent, 'write', 'Sync tool');
    const { secret: othersSecret } = await makeToken(limited, 'read');
    expect((await withToken(write.secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);

    const reset = await admin.request({ method: 'POST', url: `/api/users/${person.id}/reset-password` });
    expect(reset.statusCode).toBe(200);
    for (const secret of [read.secret, write.secret]) {
      const res = await withToken(secret, { method: 'GET', url: '/api/clients' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(API_TOKEN_MESSAGES.invalid);
    }
    expect(await liveTokensOf(person.id)).toEqual([]);
    // Someone else's token is untouched.
    expect((await withToken(othersSecret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);

    for (const token of [read.token, write.token]) {
      const rows = await t.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('table_name', '=', 'api_tokens')
        .where('row_id', '=', token.id).orderBy('id').execute();
      expect(rows).toEqual([{ action: 'insert', actor_id: person.id }, { action: 'update', actor_id: adminId }]);
    }
    const page = await admin.request({ method: 'GET', url: `/api/audit?table=api_tokens&rowId=${write.token.id}` });
    expect(page.json().entries[0].text).toMatch(/ revoked API token "Sync tool" of /);

    // Signed in again with the one-time password and a new password of their own, the old tokens stay revoked.
    const fresh = await t.signIn(person.email, reset.json().oneTimePassword);
    expect((await fresh.request({ method: 'POST', url: '/api/account/password', payload: { currentPassword: reset.json().oneTimePassword, newPassword: 'a brand new passphrase' } })).statusCode).toBe(200);
    expect((await withToken(write.secret, { method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });
});

describe('/api/docs', () => {
  it('needs a signed-in browser or a token', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const page = await limited.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    const { secret } = await makeToken(limited, 'read');
    expect((await withToken(secret, { method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('describes every route from its zod schemas, e.g. PUT /api/time-entries/{id} with its body', async () => {
    const res = await limited.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const put = doc.paths['/api/time-entries/{id}'].put;
    const body = put.requestBody.content['application/json'].schema;
    expect(body.properties).toHaveProperty('hours');
    expect(body.properties).toHaveProperty('projectId');
    expect(body.required).toContain('projectId');
    expect(put.parameters.find((x: { name: string }) => x.name === 'id')).toMatchObject({ in: 'path', required: true });
    expect(put.tags).toEqual(['time-entries']);
    // A route without schemas is listed too; an open route needs no credentials.
    expect(doc.paths['/api/auth/refresh'].post).toBeDefined();
    expect(doc.paths['/api/config'].get.security).toEqual([]);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/docs/json']).toBeUndefined();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });
});
