// The installable app (issue 26, docs/decisions/101): manifest, service worker, offline shell and
// the update prompt. Every other spec blocks service workers (playwright.config.ts); these allow them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './test.ts';
import { UNSAVED_CHANGES_QUESTION } from '../src/core/errors.ts';
import { compressFile } from '../vite.compress.ts';
import { signIn } from './sign-in.ts';

test.use({ serviceWorkers: 'allow' });

/** The build the e2e server serves (e2e/serve.ts → src/server/app.ts). */
const WEB_DIR = path.resolve(process.env.WEB_DIR ?? 'dist/web');
const UPDATE_READY = 'A new version is ready.';

/** Resolves once the app's worker is active: it registers after the page has loaded and is idle. */
const workerActive = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test('the manifest is linked and valid; the worker and manifest are served fresh, as the CSP allows', async ({ page }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href!);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await answer.json() as { name: string; short_name: string; start_url: string; scope: string; display: string;
    theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Casebook', short_name: 'Casebook', start_url: '/dashboard', scope: '/', display: 'standalone',
    theme_color: '#4263eb', background_color: '#f8f9fa' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }

  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
});

test('the worker installs and controls the page; the field screens open offline', async ({ page, context }) => {
  await signIn(page);
  expect(await workerActive(page)).toMatch(/\/sw\.js$/);
  // A page loaded before the worker was active is not controlled (no clients.claim()) until reloaded.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/manifest.webmanifest');
  for (const chunk of ['dashboard-page', 'field-reports-page', 'field-report-page', 'time-tracking-page', 'project-page', 'shell']) {
    expect(cached.some((file) => file.startsWith(`/assets/${chunk}-`)), chunk).toBe(true);
  }
  // The reports screen is not for the field: fetched when opened, as before. /api/* is never cached.
  expect(cached.some((file) => file.startsWith('/assets/reports-page-'))).toBe(false);
  expect(cached.filter((file) => file.startsWith('/api/'))).toEqual([]);

  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
  });
  await context.setOffline(true);
  try {
    await page.getByRole('link', { name: /Field Reports/ }).click();
    await expect(page.getByRole('heading', { name: 'Field Reports' })).toBeVisible();
    // The data is not offline yet (the next part of issue 26): TanStack Query holds the list's request
    // until the connection returns; the screen itself works.
    await expect(page.getByRole('textbox', { name: 'Search field reports' })).toBeEditable();
    await page.getByRole('link', { name: 'Time Tracking' }).click();
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
    expect(fromWorker.some((file) => file.startsWith('/assets/field-reports-page-'))).toBe(true);
    expect(fromWorker.some((file) => file.startsWith('/assets/time-tracking-page-'))).toBe(true);

    // The report editor's and the project's code, with everything they import, load offline too.
    const built = JSON.parse(readFileSync(path.join(WEB_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    for (const page_ of ['features/field-reports/field-report-page.tsx', 'features/clients/project-page.tsx']) {
      const loaded = await page.evaluate((url) => import(url).then(() => true, (e: unknown) => String(e)), `/${built[page_]!.file}`);
      expect(loaded, page_).toBe(true);
    }
    expect(fromWorker.filter((file) => file.startsWith('/api/'))).toEqual([]);

    // Opened again without a connection: the worker answers with the app, not the browser's error page.
    const reloaded = await page.goto('/field-reports');
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // The session cannot be asked offline: the person last signed in here stays signed in (docs/decisions/150).
    await expect(page.getByRole('heading', { name: 'Field Reports' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Offline\. Show the queue/ })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('a new version waits behind "A new version is ready. Reload"; Reload asks about unsaved edits first', async ({ page, context }) => {
  const swFile = path.join(WEB_DIR, 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  // A deployment replaces sw.js and the .br and .gz the build wrote beside it, which the server sends (docs/decisions/219).
  const deploy = async (text: string) => {
    writeFileSync(swFile, text);
    await compressFile(swFile);
  };
  await signIn(page);
  await workerActive(page);
  // A second tab, phone-sized: it keeps its page when the first one activates the new version.
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/dashboard');
  await workerActive(phone);
  await page.goto('/clients/new');
  await page.getByLabel('Client name').fill('Half-typed Client');
  const mark = (tab: Page) => tab.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  const samePage = (tab: Page) => tab.evaluate(() => 'e2eSamePage' in window);
  await mark(page);
  await mark(phone);

  const prompt = (tab: Page) => tab.getByRole('status').filter({ hasText: UPDATE_READY });
  const unsaved = page.getByRole('dialog').filter({ hasText: UNSAVED_CHANGES_QUESTION });
  try {
    // A deployment changes sw.js (its precache list): the browser's update check installs the new
    // worker, which waits (registerType 'prompt') until someone chooses Reload.
    await deploy(`${original}\n// e2e: the next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(phone)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('update-prompt-desktop.png') });
    await phone.screenshot({ path: test.info().outputPath('update-prompt-phone.png') });
    expect(await samePage(page)).toBe(true);

    await prompt(page).getByRole('button', { name: 'Reload' }).click();
    await expect(unsaved).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('update-prompt-unsaved.png') });
    await unsaved.getByRole('button', { name: 'No' }).click();
    await expect(unsaved).toHaveCount(0);
    await expect(page.getByLabel('Client name')).toHaveValue('Half-typed Client');
    expect(await samePage(page)).toBe(true);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    await prompt(page).getByRole('button', { name: 'Reload' }).click();
    await unsaved.getByRole('button', { name: 'Discard and reload' }).click();
    await expect.poll(() => samePage(page).catch(() => true)).toBe(false);
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(page.getByLabel('Client name')).toHaveValue('');
    expect(await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return { waiting: registration.waiting, active: registration.active?.state };
    })).toEqual({ waiting: null, active: 'activated' });
    await expect(prompt(page)).toHaveCount(0);

    // The other tab was not reloaded behind its user's back: it still offers the Reload.
    expect(await samePage(phone)).toBe(true);
    await expect(prompt(phone)).toBeVisible();
    await prompt(phone).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => samePage(phone).catch(() => true)).toBe(false);
    await expect(prompt(phone)).toHaveCount(0);
  } finally {
    await deploy(original);
  }
});
