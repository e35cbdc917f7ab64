// The operators' commands as processes (docs/decisions/154): `npm run user:create`, `npm run backup`.
// Every failure is one line and exit code 1, never a stack trace; production never makes a new
// embedded database unasked; the running app's data folder says what to do instead.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtArgs, killServers, PROCESS_CEILING, startServer } from '../helpers/server-process.ts';

afterAll(killServers);

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'copper-kettle-harbor-17';
const ANA = ['--email', 'ana.diaz@firm.test', '--first', 'Ana', '--last', 'Diaz'];
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };

/** Runs `src/server/cli/<file>`, as built (what `npm run user:create` runs), with `env` over a clean environment (no DATABASE_URL of the caller's). */
function run(file: string, args: string[], env: Record<string, string>, input?: string) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...rest } = process.env;
  const child = spawn(process.execPath, [...builtArgs(`cli/${file}`), ...args], {
    cwd: ROOT, env: { ...rest, LOG_LEVEL: 'warn', ...env }, stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(input ?? '');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One line on stderr, no stack trace, exit code 1. */
function expectOneLineFailure(result: { code: number | null; stderr: string }) {
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

const newFolder = () => mkdtempSync(path.join(tmpdir(), 'casebook-cli-'));
// The embedded database the second test makes; the later ones reuse it (a migration takes seconds).
const dataDir = newFolder();

describe('npm run user:create', () => {
  it('in production, refuses to make a new embedded database unasked, naming DATABASE_URL and DATA_DIR', async () => {
    const missing = path.join(newFolder(), 'data');
    const result = await run('user-create.ts', ANA, { ...PRODUCTION, DATA_DIR: missing, CASEBOOK_PASSWORD: PASSWORD });
    expectOneLineFailure(result);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).toContain(`DATA_DIR to the folder of its embedded database (${missing} holds none)`);
    expect(result.stderr).toContain('--new-database');
    expect(existsSync(missing)).toBe(false);
  }, PROCESS_CEILING);

  it('makes one with --new-database, then adds to it; the password may come on standard input', async () => {
    const made = await run('user-create.ts', [...ANA, '--new-database'], { ...PRODUCTION, DATA_DIR: dataDir, CASEBOOK_PASSWORD: PASSWORD });
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('User ana.diaz@firm.test is ready: Super admin.');
    expect(made.code).toBe(0);
    const added = await run('user-create.ts', ['--email', 'luis@firm.test', '--first', 'Luis', '--last', 'Mendoza', '--role', 'admin'],
      { ...PRODUCTION, DATA_DIR: dataDir }, `${PASSWORD}\n`);
    expect(added.stdout).toContain('User luis@firm.test is ready: Administrator.');
    expect(added.code).toBe(0);
  }, PROCESS_CEILING);

  it('says in one line what is wrong: arguments, password, configuration, an unreachable PostgreSQL', async () => {
    const usage = await run('user-create.ts', ['--email', 'not-an-address'], { DATA_DIR: dataDir });
    expectOneLineFailure(usage);
    expect(usage.stderr).toContain('Usage: npm run user:create -- --email');
    const weak = await run('user-create.ts', ANA, { DATA_DIR: dataDir, CASEBOOK_PASSWORD: 'short' });
    expectOneLineFailure(weak);
    const none = await run('user-create.ts', ANA, { DATA_DIR: dataDir });
    expectOneLineFailure(none);
    expect(none.stderr).toContain('No password was given');
    const config = await run('user-create.ts', ANA, { NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/casebook' });
    expectOneLineFailure(config);
    expect(config.stderr).toMatch(/^Invalid configuration: SESSION_SECRET: is required in production; TOKEN_ENCRYPTION_KEY: /);
    const unreachable = await run('user-create.ts', ANA, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/casebook', CASEBOOK_PASSWORD: PASSWORD });
    expectOneLineFailure(unreachable);
    expect(unreachable.stderr).toContain('Could not open the PostgreSQL database casebook on 127.0.0.1:1 (DATABASE_URL): connect ECONNREFUSED');
  }, PROCESS_CEILING);

  it('while the app runs on the embedded database: says to stop it or use Settings, and leaves the app running', async () => {
    const server = startServer({ DATA_DIR: dataDir, DEMO: 'false' });
    const url = await server.ready;
    const busy = await run('user-create.ts', ANA, { DATA_DIR: dataDir, CASEBOOK_PASSWORD: PASSWORD });
    expectOneLineFailure(busy);
    expect(busy.stderr).toContain(`Casebook is running on the embedded database in ${dataDir} (pid ${server.child.pid}), and only one process at a time opens it: stop it`);
    expect(busy.stderr).toContain('Settings → Users');
    const backup = await run('backup.ts', ['backup'], { DATA_DIR: dataDir });
    expectOneLineFailure(backup);
    expect(backup.stderr).toContain('"Back up now" in Settings → Backups');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, PROCESS_CEILING);
});
