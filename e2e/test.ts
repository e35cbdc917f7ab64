// The specs' `test`: Playwright's, with one app per worker (docs/decisions/119). Each worker starts
// e2e/serve.ts on a port of its own, with a data folder of its own (a fresh PGlite with demo data)
// and its fake Google on the next port; every test of that worker gets it as its baseURL. Specs in
// different workers never see each other's changes; within a worker they run one after another.
import { spawn, type ChildProcess } from 'node:child_process';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';

const ROOT = new URL('..', import.meta.url).pathname;
/** The first worker's port; worker n uses BASE + 2n (its fake Google BASE + 2n + 1). E2E_PORT lets several runs share a machine. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3217);
const FIRM_TZ = process.env.TZ || 'America/New_York';

interface AppServer { url: string; port: number }
let current: AppServer | undefined;

/** This worker's app (for a spec that calls it with fetch or opens a context of its own). */
export function appURL(): string {
  if (!current) throw new Error('no app started in this worker yet');
  return current.url;
}
/** This worker's fake Google (test/fakes/google-server.ts): the port after the app's. */
export function fakeGoogleURL(): string {
  if (!current) throw new Error('no app started in this worker yet');
  return `http://127.0.0.1:${current.port + 1}`;
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function startApp(port: number): Promise<{ server: AppServer; child: ChildProcess; output: () => string }> {
  const url = `http://127.0.0.1:${port}`;
  if (await healthy(url)) throw new Error(`port ${port} is taken by another app: set E2E_PORT to a free range`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', FIRM_NAME: 'Hale & Ortiz Engineering', LOG_LEVEL: 'warn', TZ: FIRM_TZ,
      // e2e/oidc.spec.ts's fake provider checks this secret (docs/decisions/091).
      OIDC_GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 300_000;
  while (!(await healthy(url))) {
    if (exited) throw new Error(`e2e/serve.ts exited before it answered:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`e2e/serve.ts did not answer /api/health within 300 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { server: { url, port }, child, output: () => out };
}

export const test = base.extend<object, { appServer: AppServer; appServerLabel: string }>({
  // A spec that must not share its app (it restores the whole database and signs everyone out)
  // sets a label of its own with test.use: Playwright then gives it a worker, so an app, of its own.
  appServerLabel: ['shared', { scope: 'worker', option: true }],
  appServer: [async ({ appServerLabel: _label }, use, workerInfo) => {
    // A port pair another program holds (another run, another engineer's server) moves this worker on.
    let started: Awaited<ReturnType<typeof startApp>> | undefined;
    for (let attempt = 0; !started; attempt++) {
      try {
        started = await startApp(BASE_PORT + 2 * workerInfo.workerIndex + 40 * attempt);
      } catch (error) {
        if (attempt >= 9 || !/EADDRINUSE|is taken/.test(String(error))) throw error;
      }
    }
    const { server, child } = started;
    current = server;
    await use(server);
    current = undefined;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, { scope: 'worker', timeout: 330_000 }],
  baseURL: async ({ appServer }, use) => use(appServer.url),
});
