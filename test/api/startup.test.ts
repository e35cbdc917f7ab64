// The real process: start, refuse a second process on the same data folder, shut down gracefully.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const running: ChildProcess[] = [];

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${out}`));
    });
  });
  ready.catch(() => undefined); // awaited only by tests that expect a start
  return { child, ready, exited, output: () => out };
}

afterAll(() => running.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

describe('npm start', () => {
  it('seeds demo data once, refuses a second process on the same folder, and shuts down on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-start-'));
    // No HOST: a demo listens on this computer only, and says so.
    const first = start({ DATA_DIR: dataDir, HOST: '' });
    const url = await first.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
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
  }, 90_000);

  it('never seeds in production and says how to create the first super admin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-prod-'));
    const prod = start({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) });
    const url = await prod.ready;
    expect(prod.output()).toContain('npm run user:create');
    const res = await fetch(`${url}/api/auth/test-account`, { method: 'POST' });
    expect(res.status).toBe(404);
    prod.child.kill('SIGTERM');
    expect(await prod.exited).toBe(0);
  }, 60_000);

  it('stops with a clear message on bad configuration', async () => {
    const bad = start({ PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
  }, 30_000);
});
