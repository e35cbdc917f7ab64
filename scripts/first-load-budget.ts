// First-load JavaScript of every route, as a browser loads it (issue 23, docs/decisions/078): the
// built app on the real server with demo data (e2e/serve.ts, a throw-away data folder), each route
// opened in a fresh browser context (empty cache), and every script requested before the page's
// first control is visible, gzip (default level: the budgets' measure), and what the server sent (its .br, docs/decisions/219). Prints a table and
// exits 1 past a budget. Run after `npm run build` (WEB_DIR picks another build folder).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';
import { addDays, localIsoDate } from '../src/core/dates/iso-date.ts';
import { BROWSER_ARGS, SERVE_ARGS } from '../e2e/app-process.ts';
import { buildServer } from './build-server.ts';

const PORT = Number(process.env.BUDGET_PORT ?? process.env.E2E_PORT ?? 3217);
const BASE = `http://127.0.0.1:${PORT}`;
const KB = 1024;
/** A ceiling that catches a hung page on a busy machine, not a measure of speed. */
const WAIT_MS = 180_000;

/** Budgets in KB of gzip JavaScript (issue 13, issue 23). */
const BUDGET_KB: Record<string, number> = { '/login': 150, '/time-tracking': 200, '/shared': 155 };
/** A signature for the report certified to measure the shared page (a 1×1 PNG). */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const DEFAULT_BUDGET_KB = 250;
/** Routes that open another address: Settings' first section for the demo super admin (docs/decisions/096). */
const LANDS_ON: Record<string, string> = { '/settings': '/settings/calendar', '/admin-settings': '/settings/calendar' };

/** The controls a person can use; the page's own, not the header's (signed-in pages show in `main`). */
const CONTROLS = ['button', 'input:not([type="hidden"])', 'textarea', 'select', 'a[href]',
  '[role="button"]', '[role="combobox"]', '[role="tab"]', '[role="checkbox"]', '[role="switch"]'].join(', ');

/**
 * Runs in the page before its scripts: notes the time the first control of `scope` is visible, at
 * every DOM change and every frame, so the cut between "before" and "after" is the page's own
 * clock, not the time this script happened to look. A string: tsx would wrap a function in helpers.
 */
const WATCH = (scope: string) => `
  performance.setResourceTimingBufferSize(10000); // the default 250 entries would drop scripts silently
  (() => {
    const check = () => {
      if (window.__firstControlAt !== undefined) return;
      for (const el of document.querySelectorAll(${JSON.stringify(scope)} + ' :is(' + ${JSON.stringify(CONTROLS)} + ')')) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true })) {
          window.__firstControlAt = performance.now();
          return;
        }
      }
      requestAnimationFrame(check);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    requestAnimationFrame(check);
  })();
`;

/** `sentKb`: the bytes on the wire (Resource Timing's encoded size); `plain`: scripts the server sent uncompressed. */
interface Row { route: string; files: number; kb: number; sentKb: number; plain: string[]; budget: number; detail: string[] }
/** `--files`: list each route's scripts too, biggest first (to see what to move out of a first load). */
const DETAIL = process.argv.includes('--files');
/** `--only=/login,/time-tracking`: measure those routes (and what starts with them) only, while working on them. */
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');

async function startServer() {
  // A server left on the port by an earlier run would be measured instead of this build.
  if (await fetch(`${BASE}/api/health`).then(() => true, () => false)) throw new Error(`port ${PORT} is already answering: stop what runs there`);
  await buildServer({ tests: true });
  const child = spawn(process.execPath, SERVE_ARGS, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) break;
    if (await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

/** Signs in as the demo super admin; returns its cookies and storage, and real ids for the routes with one. */
async function signIn(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: WAIT_MS });
  const json = async <T>(url: string) => (await context.request.get(url)).json() as Promise<T>;
  const { cases } = await json<{ cases: { id: string }[] }>('/api/cases?limit=1');
  const caseId = cases[0]!.id;
  const { projects } = await json<{ projects: { id: string }[] }>(`/api/cases/${caseId}`);
  const projectId = projects[0]!.id;
  // The demo data has no field report: one is made on a demo project, as a person would.
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf-token')!.value;
  const created = await context.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': csrf },
    data: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  });
  if (!created.ok()) throw new Error(`creating a field report to measure its page: ${created.status()} ${await created.text()}`);
  const report = await created.json() as { id: string; version: number };
  // A client's page of a shared report (docs/decisions/105): the report certified, a link made.
  const certified = await context.request.post(`/api/field-reports/${report.id}/certify`, {
    headers: { 'x-csrf-token': csrf }, data: { version: report.version, drawnSignature: `data:image/png;base64,${ONE_PIXEL_PNG}` },
  });
  if (!certified.ok()) throw new Error(`certifying the field report to share it: ${certified.status()} ${await certified.text()}`);
  const shared = await context.request.post(`/api/field-reports/${report.id}/share-links`, {
    headers: { 'x-csrf-token': csrf }, data: { expiresOn: addDays(localIsoDate(new Date()), 7) },
  });
  if (!shared.ok()) throw new Error(`sharing the field report: ${shared.status()} ${await shared.text()}`);
  const { token } = await shared.json() as { token: string };
  const state = await context.storageState();
  await context.close();
  return { state, caseId, projectId, reportId: report.id, sharedToken: token };
}

/** Opens `route` in a fresh context and sums the scripts it requested before its first control showed. */
async function measure(browser: Browser, route: string, state?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Row> {
  const context = await browser.newContext({ baseURL: BASE, storageState: state });
  try {
    // Settings' side navigation shows before the section's own chunk: the section's controls count.
    const scope = route === '/login' ? '#root' : /^\/(admin-)?settings/.test(route) ? 'main.page [data-settings-section]'
      : route.startsWith('/shared/') ? 'main' : 'main.page';
    await context.addInitScript({ content: WATCH(scope) });
    const page = await context.newPage();
    const responses = new Map<string, Promise<Response | null>>();
    page.on('request', (request) => {
      // A script still loading when the context closes (a chunk asked for after the cut) rejects its
      // answer: never an unhandled rejection, which would end this process and orphan its server.
      if (request.resourceType() === 'script') responses.set(request.url(), request.response().catch(() => null));
    });
    await page.goto(route, { waitUntil: 'commit', timeout: WAIT_MS });
    const at = await page.waitForFunction(() => (window as { __firstControlAt?: number }).__firstControlAt, undefined, { timeout: WAIT_MS })
      .then((handle) => handle.jsonValue() as Promise<number>);
    if (new URL(page.url()).pathname !== (LANDS_ON[route] ?? route)) throw new Error(`${route} showed ${page.url()} instead`);
    // Every script asked for so far has its answer (and so its timing entry) before the cut is applied.
    const bodies = new Map<string, Buffer>();
    const encodings = new Map<string, string | undefined>();
    for (const [url, response] of responses) {
      const answer = await response;
      if (answer) {
        bodies.set(url, await answer.body());
        encodings.set(url, (await answer.allHeaders())['content-encoding']);
      }
    }
    const entries = await page.evaluate((cut) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime <= cut).map((entry) => ({ name: entry.name, sent: entry.encodedBodySize })), at);
    const before = entries.map((entry) => entry.name);
    const unread = before.filter((url) => new URL(url).pathname.endsWith('.js') && !bodies.has(url));
    if (unread.length) throw new Error(`${route}: scripts requested before the cut but not read: ${unread.join(', ')}`);
    const files = [...new Set(before)].filter((url) => bodies.has(url));
    const sizes = files.map((url) => ({ url, bytes: gzipSync(bodies.get(url)!).length, plain: bodies.get(url)!.length }))
      .sort((a, b) => b.bytes - a.bytes);
    const bytes = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const sent = entries.filter((entry) => bodies.has(entry.name)).reduce((sum, entry) => sum + entry.sent, 0);
    // The server sends the build's .br or .gz (docs/decisions/219): a script sent as it is costs a phone three times the
    // bytes. Only a few bytes long (a re-export), compression would make it longer and it is rightly sent as it is.
    const plain = sizes.filter(({ url, bytes, plain }) => !encodings.get(url) && bytes < plain).map(({ url }) => new URL(url).pathname);
    const detail = sizes.map(({ url, bytes }) => `${(bytes / KB).toFixed(1).padStart(64)}  ${new URL(url).pathname}`);
    const budget = BUDGET_KB[route] ?? BUDGET_KB[`/${route.split('/')[1]}`] ?? DEFAULT_BUDGET_KB;
    return { route: route.startsWith('/shared/') ? '/shared/{token}' : route, files: files.length, kb: bytes / KB, sentKb: sent / KB, plain, budget, detail };
  } finally {
    await context.close();
  }
}

const server = await startServer();
// Stopped by a signal, or ended by a closed output pipe (EPIPE), this script takes its server with it: the
// `finally` below does not run then, and the server would hold the port for the next run.
process.on('exit', () => void (server.exitCode === null && server.signalCode === null && server.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(1));
let failed = false;
try {
  // Debian's headless shell, as the browser tests: the same Blink and V8 as the full browser, so the
  // same scripts before the first control (two full-browser runs differ from each other as much as
  // from a run here), for about half the CPU (docs/decisions/200).
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium-headless-shell',
    args: BROWSER_ARGS,
  });
  try {
    const { state, caseId, projectId, reportId, sharedToken } = await signIn(browser);
    // SPEC §2's routes ('/' only redirects to /login), with the router's aliases, the field report and
    // some of Settings' sections (each its own chunk).
    const routes = ['/dashboard', '/time-tracking', '/action-items', '/new-client', '/clients/new', '/clients/new-legacy',
      '/clients/drafts', '/project-creation-prompt', '/existing-clients', `/case/${caseId}`, `/project/${projectId}`,
      '/reports', '/field-reports', `/field-reports/${reportId}`, '/accounting', '/rate-codes', '/settings',
      '/admin-settings', '/settings/account', '/settings/users', '/settings/audit', '/settings/import', '/attorneys',
      '/test-autocomplete', '/radar-diagnostic', '/test-api', '/timesheet', '/timesheet/approvals', `/shared/${sharedToken}`];
    const rows: Row[] = [];
    for (const route of ['/login', ...routes].filter((r) => !ONLY || ONLY.some((prefix) => r.startsWith(prefix)))) {
      // The sign-in page and a client's shared report open without an account.
      const open = () => measure(browser, route, route === '/login' || route.startsWith('/shared/') ? undefined : state);
      let row = await open();
      // The cut is a moment, not a list: on a loaded machine (the browser tests start beside this) a late
      // first paint let 6 to 9 more chunks in before it once (12/01). A build past its budget is past it every
      // time: a route over is measured twice more and keeps its smallest load, the first one's files printed (docs/decisions/213).
      if (row.kb > row.budget) console.log(`${row.route}: ${row.kb.toFixed(1)} KB in ${row.files} files, measured again; first time:\n${row.detail.join('\n')}`);
      for (let again = 0; again < 2 && row.kb > row.budget; again++) {
        const next = await open();
        if (next.kb < row.kb) row = next;
      }
      rows.push(row);
    }

    console.log('First-load JavaScript per route (requested before the first control shows, gzip; as sent, brotli):');
    console.log(`  ${'route'.padEnd(50)} ${'files'.padStart(5)} ${'KB gzip'.padStart(8)} ${'KB sent'.padStart(8)} ${'budget'.padStart(6)}  result`);
    for (const row of rows) {
      const ok = row.kb <= row.budget && !row.plain.length;
      failed ||= !ok;
      console.log(`  ${row.route.padEnd(50)} ${String(row.files).padStart(5)} ${row.kb.toFixed(1).padStart(8)} ${row.sentKb.toFixed(1).padStart(8)} ${String(row.budget).padStart(6)}  ${ok ? 'PASS' : 'FAIL'}`);
      if (row.plain.length) console.log(`    sent uncompressed: ${row.plain.join(', ')}`);
      if (DETAIL) console.log(row.detail.join('\n'));
    }
  } finally {
    await browser.close();
  }
} finally {
  // The browser tests start next on the same port: wait until this server has let it go.
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  const ceiling = setTimeout(() => server.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(ceiling);
}
process.exit(failed ? 1 : 0);
