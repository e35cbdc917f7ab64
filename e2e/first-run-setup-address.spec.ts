import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './test.ts';
import { killServers, startServer, type ServerProcess } from '../test/helpers/server-process.ts';
import { SETUP_ADDRESS_TEXT } from '../src/core/accounts/setup-address.ts';
import { PASSWORD_MESSAGES } from '../src/core/accounts/users.ts';
import { SHOTS } from './time-tracking-helpers.ts';

// The first super admin from the browser (issue 38, docs/decisions/117): a new production database
// with no users, the one-time address its start printed, and on into the first-run setup.

test.describe.configure({ timeout: 240_000 });

const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-setup-address-'));
const env = {
  NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'setup-address-e2e-secret-'.padEnd(48, 'x'),
  WEB_DIR: process.env.WEB_DIR ?? 'dist/web', FIRM_NAME: 'Diaz Engineering', TZ: process.env.TZ ?? 'America/New_York',
};
let server: ServerProcess;
let address = '';

test.beforeAll(async () => {
  server = startServer(env);
  await server.ready;
  await expect.poll(() => /^\s+(http\S+\/setup\?token=\S+)$/m.exec(server.output())?.[1] ?? '', { timeout: 30_000 }).not.toBe('');
  address = /^\s+(http\S+\/setup\?token=\S+)$/m.exec(server.output())![1]!.replace('localhost', '127.0.0.1');
});
test.afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the printed address creates the first super admin, signed in and on into setup, once', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await small.goto(address);
  await expect(small.getByRole('heading', { name: SETUP_ADDRESS_TEXT.title })).toBeVisible();
  await expect(small.getByLabel('First name')).toBeVisible();
  await small.screenshot({ path: `${SHOTS}/setup-address-phone.png`, fullPage: true });
  await phone.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(address);
  await expect(page.getByText(SETUP_ADDRESS_TEXT.intro)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/setup-address-desktop.png`, fullPage: true });
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Diaz');
  await page.getByLabel('Email').fill('ana.diaz@firm.test');
  // The app's password rules, said by the server; what was typed stays.
  await page.getByLabel(/^Password/).fill('password1234');
  await page.getByLabel('Repeat password').fill('password1234');
  await page.getByRole('button', { name: SETUP_ADDRESS_TEXT.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSWORD_MESSAGES.common);
  await expect(page.getByLabel('Email')).toHaveValue('ana.diaz@firm.test');
  await page.getByLabel(/^Password/).fill('maple-harbor-lantern-42');
  await page.getByLabel('Repeat password').fill('maple-harbor-lantern-4');
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await expect(page.getByRole('button', { name: SETUP_ADDRESS_TEXT.submit })).toBeDisabled();
  await page.getByLabel('Repeat password').fill('maple-harbor-lantern-42');
  await page.getByRole('button', { name: SETUP_ADDRESS_TEXT.submit }).click();

  // Signed in as the super admin, in the first-run setup, the token gone from the address.
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up Casebook' })).toBeVisible();
  await expect(page.getByTestId('user-role')).toHaveText('Super admin');

  // The same address again, in another browser: used.
  const other = await (await browser.newContext()).newPage();
  await other.goto(address);
  await expect(other.getByRole('alert')).toHaveText(SETUP_ADDRESS_TEXT.alreadySetUp);
  await other.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(other).toHaveURL(/\/login$/);
  // Nothing but the printed address shows the form: a made-up one is refused.
  await other.goto(`${address.split('?')[0]}?token=made-up`);
  await expect(other.getByRole('alert')).toHaveText(SETUP_ADDRESS_TEXT.alreadySetUp);
});
