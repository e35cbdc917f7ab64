import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './test.ts';
import { builtArgs, killServers, startServer } from '../test/helpers/server-process.ts';
import { FIRST_RUN_TEXT } from '../src/core/accounts/first-run.ts';
import { SHOTS } from './time-tracking-helpers.ts';

// A first-run setup (issue 28): a new production database, its first super admin made the way
// `npm run user:create` makes it, led through firm profile → users → calendar → address lookup.

test.describe.configure({ timeout: 240_000 });

const EMAIL = 'ana.diaz@firm.test';
const PASSWORD = 'maple-harbor-lantern-42';
const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-first-run-'));
const env = {
  NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'first-run-e2e-secret-'.padEnd(48, 'x'),
  WEB_DIR: process.env.WEB_DIR ?? 'dist/web', FIRM_NAME: 'Diaz Engineering', TZ: process.env.TZ ?? 'America/New_York',
};
let base = '';

test.beforeAll(async () => {
  // `npm run user:create -- --email … --first Ana --last Diaz --new-database` (super admin by default), password from
  // the environment; in production a new embedded database is made only when asked (docs/decisions/154).
  execFileSync(process.execPath, [...builtArgs('cli/user-create.ts'), '--email', EMAIL, '--first', 'Ana', '--last', 'Diaz', '--new-database'], {
    env: { ...process.env, ...env, CASEBOOK_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' }, stdio: 'pipe',
  });
  base = await startServer(env).ready;
});
test.afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const activeStep = (page: Page) => page.locator('.mantine-Stepper-content');

test('the first super admin is led through the four steps, may leave, comes back, and skips what can wait', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  // Right after signing in: the setup, not a trap.
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByTestId('user-role')).toHaveText('Super admin');
  await expect(page.getByRole('heading', { name: 'Set up Casebook' })).toBeVisible();

  // 1. Firm profile: the Settings section itself, and where it lives in Settings.
  await expect(activeStep(page).getByText('Also in Settings → Firm profile')).toBeVisible();
  await expect(activeStep(page).getByRole('link', { name: 'Settings → Firm profile' })).toHaveAttribute('href', '/settings/firm-profile');
  await expect(activeStep(page).getByRole('heading', { name: /Firm profile/i }).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/first-run-1-firm-profile.png`, fullPage: true });
  // Continue saves what was typed (issue 38); a refusal keeps the step and what was typed.
  const step = activeStep(page);
  await step.getByRole('textbox', { name: 'Firm name' }).fill('');
  await step.getByRole('textbox', { name: 'Phone' }).fill('(555) 010-2000');
  await step.getByRole('button', { name: 'Continue' }).click();
  await expect(step.getByRole('alert').filter({ hasText: FIRST_RUN_TEXT.notSaved })).toBeVisible();
  await expect(step.getByRole('textbox', { name: 'Phone' })).toHaveValue('(555) 010-2000');
  await step.getByRole('textbox', { name: 'Firm name' }).fill('Diaz Forensic Engineering');
  await step.getByRole('button', { name: 'Continue' }).click();
  await expect(activeStep(page).getByRole('link', { name: 'Settings → Users' })).toBeVisible();
  const profile = await (await page.request.get(`${base}/api/settings/firm-profile`)).json();
  expect(profile).toMatchObject({ firmName: 'Diaz Forensic Engineering', phone: '(555) 010-2000' });

  // 2. Users: Ana is listed as the super admin; skipped for now.
  await expect(activeStep(page).getByRole('link', { name: 'Settings → Users' })).toHaveAttribute('href', '/settings/users');
  const users = activeStep(page).getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: EMAIL })).toContainText('Super admin', { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/first-run-2-users.png`, fullPage: true });
  await activeStep(page).getByRole('button', { name: 'Skip for now' }).click();
  await expect(activeStep(page).getByRole('link', { name: 'Settings → Google Calendar' })).toHaveAttribute('href', '/settings/calendar');

  // Leaving is allowed; the dashboard leads back until every step is answered.
  await page.getByRole('link', { name: 'Leave setup for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const notice = page.getByRole('note', { name: 'Finish setting up Casebook' });
  await expect(notice).toContainText('2 of 4 steps done or skipped');
  await page.screenshot({ path: `${SHOTS}/first-run-dashboard-notice.png` });
  await notice.getByRole('link', { name: 'Continue setup' }).click();
  await expect(page).toHaveURL(/\/setup$/);

  // 3. Calendar: back where it was left.
  await expect(activeStep(page).getByRole('link', { name: 'Settings → Google Calendar' })).toBeVisible();
  await expect(activeStep(page).getByText(/Google Calendar/).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/first-run-3-calendar.png`, fullPage: true });
  await activeStep(page).getByRole('button', { name: 'Skip for now' }).click();

  // 4. Address lookup.
  await expect(activeStep(page).getByRole('link', { name: 'Settings → Address lookup' })).toHaveAttribute('href', '/settings/address-lookup');
  await page.screenshot({ path: `${SHOTS}/first-run-4-address-lookup.png`, fullPage: true });
  await activeStep(page).getByRole('button', { name: 'Continue' }).click();

  // Finished: what was skipped says where it waits in Settings.
  await expect(page.getByRole('heading', { name: 'Casebook is set up.' })).toBeVisible();
  const summary = page.getByRole('list', { name: 'Setup steps' });
  await expect(summary).toContainText('Firm profile: Done');
  await expect(summary).toContainText('Users: Skipped (later in Settings → Users)');
  await expect(summary).toContainText('Calendar: Skipped (later in Settings → Google Calendar)');
  await expect(summary.getByRole('link', { name: 'Settings → Users' })).toHaveAttribute('href', '/settings/users');
  await page.screenshot({ path: `${SHOTS}/first-run-finished.png`, fullPage: true });
  const state = await (await page.request.get(`${base}/api/first-run`)).json();
  expect(state).toMatchObject({ owed: false, finishedBy: 'Ana Diaz', steps: { 'firm-profile': 'done', users: 'skipped', calendar: 'skipped', 'address-lookup': 'done' } });

  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('note', { name: 'Finish setting up Casebook' })).toHaveCount(0);
  await context.close();

  // A later sign-in goes to the dashboard: setup is done.
  const again = await browser.newPage();
  await signIn(again);
  await expect(again).toHaveURL(/\/dashboard$/);
  await expect(again.getByRole('note', { name: 'Finish setting up Casebook' })).toHaveCount(0);
  await again.close();
});
