// Shared pieces of the benchmarks: a throw-away PostgreSQL database, percentiles, and for the screen
// benches the demo server, a signed-in headless Chromium and the recorder of interactions in its page.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';
import { SERVE } from '../e2e/app-process.ts';
import { buildServer } from '../scripts/build-server.ts';

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

/** The app with the demo data on a throw-away PGlite folder (e2e/serve.ts, built), once it answers its health check. */
export async function startDemoServer(port: number) {
  await buildServer({ tests: true });
  const child = spawn(process.execPath, [SERVE], {
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
 * Records every keydown, click and pick in a native select in the page: the time from the event's own
 * timestamp to a laid-out DOM (a task after it, forcing style and layout) and to the end of the frame
 * that paints it (a frame asked for during the event, then a task). React renders a key's or a click's
 * update within the event's task, so that frame is the one that shows it. A string, not a function:
 * tsx would wrap named functions in a helper the page lacks.
 */
export const RECORDER = `
  window.latencies = [];
  window.frames = [];
  const timed = (e) => {
    const t0 = e.timeStamp;
    setTimeout(() => { void document.body.offsetHeight; window.latencies.push(performance.now() - t0); }, 0);
    requestAnimationFrame(() => setTimeout(() => window.frames.push(performance.now() - t0), 0));
  };
  document.addEventListener('keydown', timed, true);
  document.addEventListener('click', timed, true);
  document.addEventListener('change', (e) => { if (e.target instanceof HTMLSelectElement) timed(e); }, true);
`;

/** Per interaction: ms to a laid-out DOM, and ms to the end of the frame that paints it. */
export interface Timings { latencies: number[]; frames: number[] }

/** What the recorder took since the last call. */
export const takeTimings = (page: Page): Promise<Timings> => page.evaluate(() => {
  const w = window as unknown as { latencies: number[]; frames: number[] };
  return { latencies: w.latencies.splice(0), frames: w.frames.splice(0) };
});

/** Presses `count` keys (`key(i)`), 20 ms apart, into what has the focus; their timings. */
export async function timedKeys(page: Page, count: number, key: (i: number) => string): Promise<Timings> {
  await takeTimings(page);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(key(i));
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  return takeTimings(page);
}

/** Prints one row of timings (and `note`); the verdict is on the painted frame's p95. Whether it passed. */
export function timingLine(name: string, { latencies, frames }: Timings, target: number, width = 48, note = ''): boolean {
  const pass = frames.length > 0 && pct(frames, 95) <= target;
  console.log(`${name.padEnd(width)} n=${String(frames.length).padStart(3)}`
    + (latencies.length ? `  to laid-out DOM: p50 ${fmt(pct(latencies, 50))} p95 ${fmt(pct(latencies, 95))}` : '')
    + (frames.length ? `  to painted frame: p50 ${fmt(pct(frames, 50))} p95 ${fmt(pct(frames, 95))}` : '  no painted frame recorded')
    + `  (target p95 ≤ ${target} ms) → ${pass ? 'PASS' : 'FAIL'}${note}`);
  return pass;
}

/** One call of the app's API as the signed-in page (its session and CSRF token); the answer's JSON, null for 204. */
export async function benchApi(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const res = await page.request.fetch(new URL(url, page.url()).toString(), { method, data, headers: { 'x-csrf-token': csrf } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : res.json();
}

/**
 * Headless Chromium signed in as the demo admin, `recorder` in every page. Frames are produced as soon
 * as there is something to paint, not on a 60 Hz clock: the time to the painted frame is the app's
 * work, not the wait for the display's next refresh.
 */
export async function signedInBenchPage(base: string, recorder = RECORDER) {
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
