// The real process: start, refuse a second process on the same data folder, shut down gracefully.
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED, STARTING_MESSAGE } from '../../src/core/errors.ts';
import { SETUP_ADDRESS_TEXT } from '../../src/core/accounts/setup-address.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts.ts';
import { killServers, PROCESS_CEILING, startServer as start, type ServerProcess } from '../helpers/server-process.ts';
import { adminQuery, freshDatabase } from '../helpers/test-database.ts';

afterAll(killServers);

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };
const FIRST = { firstName: 'Ana', lastName: 'Diaz', email: 'ana.diaz@firm.test', password: 'a long walk to the harbour' };

const post = (url: string, route: string, body: unknown) =>
  fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The setup address a start printed (once its banner is out). */
async function printedSetupAddress(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const m = /^\s+(https?:\/\/\S+\/setup\?token=\S+)$/m.exec(server.output());
    if (m) return m[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no setup address printed:\n${server.output()}`);
}

/** Opens the address as the browser does: checks it, creates the first super admin, goes on into the setup. */
async function createFirstSuperAdmin(url: string, address: string) {
  const token = new URL(address).searchParams.get('token');
  expect((await post(url, '/api/setup-address/check', { token })).status).toBe(204);
  const created = await post(url, '/api/setup-address/first-super-admin', { ...FIRST, token });
  expect(created.status).toBe(200);
  expect((await created.json()).user).toMatchObject({ email: FIRST.email, role: 'super_admin' });
  const cookie = created.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const setup = await fetch(`${url}/api/first-run`, { headers: { cookie } });
  expect(setup.status).toBe(200);
  expect((await setup.json()).owed).toBe(true);
  // Used: the same address now says so.
  const again = await post(url, '/api/setup-address/check', { token });
  expect(again.status).toBe(403);
  expect((await again.json()).error.message).toBe(SETUP_ADDRESS_TEXT.alreadySetUp);
}

/**
 * Demo sign-ins, one after another from the first that gets an answer to the first that succeeds: each answer.
 * Asks while the process runs, however long its seed takes: the test's ceiling catches a hang.
 */
async function signInsUntilReady(url: string, server: ServerProcess) {
  const answers: { status: number; message?: string; retryAfter: string | null }[] = [];
  while (server.child.exitCode === null && server.child.signalCode === null && answers.at(-1)?.status !== 200) {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    }).catch(() => null);
    if (res) answers.push({ status: res.status, message: (await res.json()).error?.message, retryAfter: res.headers.get('retry-after') });
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return answers;
}

/** A port free on 127.0.0.1 now (the server is started on it, to be asked before its banner). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }).on('error', reject);
  });
}

describe('npm start', () => {
  it('seeds demo data once, refuses a second process on the same folder, and shuts down on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-start-'));
    // No HOST: a demo listens on this computer only, and says so.
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, HOST: '', PORT: String(port) });
    // Sign-ins sent from the moment the port answers, through the seeding, until one goes through:
    // starting is never 'Invalid email or password' (issue 37, docs/decisions/112).
    const signIns = await signInsUntilReady(`http://127.0.0.1:${port}`, first);
    const url = await first.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(signIns.at(-1)?.status).toBe(200);
    // Whatever arrived before the seed ended (none on a fast machine: how many depends on its speed,
    // so the count is not asserted; test/api/starting.test.ts holds the start open to check the 503).
    const early = signIns.slice(0, -1);
    expect(early).toEqual(early.map(() => ({ status: 503, message: STARTING_MESSAGE, retryAfter: '5' })));
    expect(signIns.map((a) => a.message)).not.toContain(SIGN_IN_FAILED);
    expect(first.output()).toContain('DEMO MODE');
    expect(first.output()).toContain('Listening on 127.0.0.1 only');
    expect(first.output()).toContain('npm run user:create');
    expect(first.output()).toContain('Demo data was created');
    expect(first.output()).toContain('margaret.hale@casebook.test');

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Casebook process/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite', 'casebook.lock'))).toBe(false);

    // Later starts reuse the data: no second seed.
    const again = start({ DATA_DIR: dataDir });
    await again.ready;
    expect(again.output()).not.toContain('Demo data was created');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, PROCESS_CEILING);

  it('never seeds in production, and prints a one-time setup address that creates the first super admin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-prod-'));
    const prod = start({ DATA_DIR: dataDir, ...PRODUCTION });
    const url = await prod.ready;
    const res = await fetch(`${url}/api/auth/test-account`, { method: 'POST' });
    expect(res.status).toBe(404);
    const address = await printedSetupAddress(prod);
    expect(address.startsWith(`${url}/setup?token=`)).toBe(true);
    await createFirstSuperAdmin(url, address);
    prod.child.kill('SIGTERM');
    expect(await prod.exited).toBe(0);

    // With a user, a start prints no address.
    const again = start({ DATA_DIR: dataDir, ...PRODUCTION });
    await again.ready;
    expect(again.output()).not.toContain('/setup?token=');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, PROCESS_CEILING);

  it.skipIf(!process.env.TEST_DATABASE_URL)('on a new PostgreSQL shared by two instances, either printed address works once', async () => {
    const name = `casebook_setup_${Date.now()}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    try {
      const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
      databaseUrl.pathname = `/${name}`;
      const env = { DATABASE_URL: databaseUrl.toString(), PUBLIC_URL: 'https://casebook.firm.test', TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32), ...PRODUCTION };
      const first = start(env);
      const url = await first.ready;
      const second = start(env);
      await second.ready;
      const [one, two] = [await printedSetupAddress(first), await printedSetupAddress(second)];
      expect(one).toMatch(/^https:\/\/casebook\.firm\.test\/setup\?token=/);
      expect(two).not.toBe(one);
      // The first instance's address, used on the first instance; the second's is used up with it.
      await createFirstSuperAdmin(url, one);
      const refused = await post(url, '/api/setup-address/check', { token: new URL(two).searchParams.get('token') });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe(SETUP_ADDRESS_TEXT.alreadySetUp);
      for (const server of [first, second]) server.child.kill('SIGTERM');
      expect(await Promise.all([first.exited, second.exited]), `${first.output()}\n---\n${second.output()}`).toEqual([0, 0]);
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, PROCESS_CEILING);

  it('stops, naming the file, when a migration was edited after it was applied', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-edited-'));
    const database = await freshDatabase(undefined, { dataDir: path.join(dataDir, 'pglite') });
    await sql`update schema_migrations set checksum = 'as first applied' where name = '014_report_speed.sql'`.execute(database.db);
    await database.close();
    const edited = start({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) });
    expect(await edited.exited).toBe(1);
    expect(edited.output()).toContain('Migration 014_report_speed.sql was changed after it was applied to this database.');
    expect(edited.output()).not.toContain('failed to start');
  });

  it('stops in production, naming PUBLIC_URL, when a sign-in provider is on without it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-public-url-'));
    const database = await freshDatabase(undefined, { dataDir: path.join(dataDir, 'pglite') });
    await sql`update sign_in_providers set enabled = true, issuer_url = 'https://accounts.google.com', client_id = 'casebook'
      where id = 'google'`.execute(database.db);
    await database.close();
    const refused = start({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), OIDC_GOOGLE_CLIENT_SECRET: 'secret' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('PUBLIC_URL: is required in production while sign-in with Google is on in Settings');
    expect(refused.output()).not.toContain('failed to start');
    expect(existsSync(path.join(dataDir, 'pglite', 'casebook.lock'))).toBe(false);
  });

  it('stops with a clear message on bad configuration', async () => {
    const bad = start({ PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
  });
});
