// The browser tests' app as a process of its own (e2e/serve.ts, as built: dist/e2e/serve.mjs): started
// by each worker (e2e/test.ts) and, once per run, to make the demo template the workers copy
// (e2e/global-setup.ts, which builds it first).
import { spawn, type ChildProcess } from 'node:child_process';
import { BRIEF_PROCESS } from '../src/server/runtime.ts';

const ROOT = new URL('..', import.meta.url).pathname;
export const FIRM_TZ = process.env.TZ || 'America/New_York';

export interface AppProcess { url: string; port: number; child: ChildProcess; output: () => string }

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** The browser tests' app: e2e/serve.ts and the server, built (scripts/build-server.ts --tests). */
export const SERVE = 'dist/e2e/serve.mjs';
/** Node's arguments that start it for a test: its code compiled once, never optimised (docs/decisions/214, 216). */
export const SERVE_ARGS = [...BRIEF_PROCESS, SERVE];

/**
 * Chromium's arguments for the browser tests and the first-load budget. A test's page lives seconds: its
 * JavaScript runs on V8's baseline tiers (Ignition, Sparkplug), never recompiled by Maglev or TurboFan, which
 * was about an eighth of the renderers' CPU (docs/decisions/216).
 */
export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--max-opt=1'];

/** Starts e2e/serve.ts on `port` and waits until it answers (migrated, demo data in): 300 s catch a hung start. */
export async function startApp(port: number, env: Record<string, string> = {}): Promise<AppProcess> {
  const url = `http://127.0.0.1:${port}`;
  if (await healthy(url)) throw new Error(`port ${port} is taken by another app: set E2E_PORT to a free range`);
  const child = spawn(process.execPath, SERVE_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', FIRM_NAME: 'Hale & Ortiz Engineering', LOG_LEVEL: 'warn', TZ: FIRM_TZ,
      // e2e/oidc.spec.ts's fake provider checks this secret (docs/decisions/091).
      OIDC_GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      ...env,
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
  return { url, port, child, output: () => out };
}

/** SIGTERM (the app drains and closes its database cleanly), SIGKILL after 10 s. */
export async function stopApp(app: AppProcess): Promise<void> {
  const { child } = app;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
