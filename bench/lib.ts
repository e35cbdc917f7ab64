// Shared pieces of the benchmarks: a throw-away PostgreSQL database and percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on the admin connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function admin(text: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on the admin server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** The app with the demo data on a throw-away PGlite folder (e2e/serve.ts), once it answers its health check. */
export async function startDemoServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'casebook-bench-')) },
    stdio: 'inherit',
  });
  for (let i = 0; i < 240; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/**
 * Headless Chromium signed in as the demo admin, `recorder` in every page. Frames are produced as soon
 * as there is something to paint, not on a 60 Hz clock: the time to the painted frame is the app's
 * work, not the wait for the display's next refresh.
 */
export async function signedInBenchPage(base: string, recorder: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript({ content: recorder });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/dashboard/);
  return { browser, page };
}
