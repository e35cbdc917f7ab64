import { expect, test, type Browser, type BrowserContext, type Page } from './test.ts';
import { ADMIN, signIn, signInOnly, SUPER_ADMIN } from './sign-in.ts';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function apiCall(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const res = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': csrf } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string; version: number };
}

test('an admin creates a user; the one-time password forces a new one; disabling ends the session', async ({ browser }) => {
  const admin = await newPage(browser);
  await signInOnly(admin, SUPER_ADMIN);
  await admin.goto('/settings/users');
  const users = admin.getByRole('region', { name: 'Users' });
  await users.getByRole('button', { name: 'Add user' }).click();
  const form = admin.getByRole('dialog', { name: 'Add user' });
  const email = `nina.${Date.now()}@casebook.test`;
  await form.getByLabel('First name').fill('Nina');
  await form.getByLabel('Last name').fill('Cole');
  await form.getByLabel('E-mail').fill(email);
  await expect(form.getByLabel('Initials')).toHaveValue('NC');
  await form.getByRole('button', { name: 'Create user' }).click();
  const otpDialog = admin.getByRole('dialog', { name: 'One-time password' });
  const otp = (await otpDialog.getByLabel('One-time password').textContent())!.trim();
  await admin.screenshot({ path: 'test-results/users-one-time-password.png' });
  await otpDialog.getByRole('button', { name: 'Done' }).click();
  const row = users.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Limited user');
  await expect(row).toContainText('Never');

  const nina = await newPage(browser);
  await nina.goto('/login');
  await nina.getByLabel('Email').fill(email);
  await nina.getByLabel('Password').fill(otp);
  await nina.getByRole('button', { name: 'Sign in' }).click();
  await expect(nina.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await nina.getByLabel('One-time password').fill(otp);
  await nina.getByLabel('New password', { exact: true }).fill('password1234');
  await nina.getByLabel('Repeat new password').fill('password1234');
  await nina.getByRole('button', { name: 'Change password' }).click();
  await expect(nina.getByRole('alert')).toHaveText('This password is too common. Please choose another.');
  await nina.getByLabel('New password', { exact: true }).fill('maple-harbor-lantern');
  await nina.getByLabel('Repeat new password').fill('maple-harbor-lantern');
  await nina.getByRole('button', { name: 'Change password' }).click();
  await expect(nina.getByTestId('user-display-name')).toHaveText('Nina Cole');

  await admin.reload();
  await row.getByRole('button', { name: `Disable ${email}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  await admin.screenshot({ path: 'test-results/users-confirm-disable.png' });
  await confirm.getByRole('button', { name: 'Disable user', exact: true }).click();
  await expect(row).toContainText('disabled');
  await admin.screenshot({ path: 'test-results/users-section.png', fullPage: true });
  expect((await nina.request.get('/api/action-items/assignable-users')).status()).toBe(401);
  // Signing in again: the right password is told the account is disabled.
  await nina.goto('/login');
  await nina.getByLabel('Email').fill(email);
  await nina.getByLabel('Password').fill('maple-harbor-lantern');
  await nina.getByRole('button', { name: 'Sign in' }).click();
  await expect(nina.getByRole('alert')).toHaveText('This account is disabled. Ask an administrator.');
  await nina.screenshot({ path: 'test-results/users-disabled-sign-in.png' });
});

test('an admin cannot touch a super admin account, nor delete themselves or a user with records', async ({ browser }) => {
  const page = await newPage(browser);
  await signInOnly(page, ADMIN);
  await page.goto('/settings/users');
  const users = page.getByRole('region', { name: 'Users' });
  // The settings page is a code-split chunk with four sections: allow a busy machine to load it.
  await expect(users.getByRole('table', { name: 'Users' })).toBeVisible({ timeout: 30_000 });
  const superAdmin = users.getByRole('row').filter({ hasText: SUPER_ADMIN });
  for (const name of ['Edit', 'Reset password of', 'Disable', 'Delete']) {
    await expect(superAdmin.getByRole('button', { name: `${name} ${SUPER_ADMIN}` })).toBeDisabled();
  }
  const me = users.getByRole('row').filter({ hasText: ADMIN });
  await expect(me.getByRole('button', { name: `Delete ${ADMIN}` })).toBeDisabled();
  await expect(me.getByRole('button', { name: `Disable ${ADMIN}` })).toBeDisabled();
  await expect(users.getByRole('row').filter({ hasText: 'james.whitaker@casebook.test' })).toContainText('Has records: can be disabled, not deleted');
  await users.getByRole('button', { name: 'Add user' }).click();
  await page.getByRole('dialog', { name: 'Add user' }).getByRole('textbox', { name: 'Role', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Administrator', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Super admin' })).toHaveCount(0);
});

test('my account: display name and initials; the History panel names who changed which field', async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'My account' }).click();
  const dialog = page.getByRole('dialog', { name: 'My account' });
  await dialog.getByLabel('Display name').fill('Denise P.');
  await dialog.getByLabel('Initials').fill('dp');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('user-display-name')).toHaveText('Denise P.');
  await page.screenshot({ path: 'test-results/account-modal.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveText('DP');

  const { items } = await (await page.request.get('/api/action-items')).json() as { items: Array<{ id: string; project_id: string; version: number; status: string; archived: boolean }> };
  const item = items.find((i) => i.status === 'open' && !i.archived)!;
  const title = `Moisture survey ${Date.now()}`;
  await apiCall(page, 'PATCH', `/api/action-items/${item.id}`, { version: item.version, shortDescription: title });
  await page.goto(`/action-items?project=${item.project_id}`);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Action Item' });
  await edit.getByRole('button', { name: 'Show history' }).click();
  const history = edit.getByRole('region', { name: 'History' });
  const latest = history.locator('.history-entry').first();
  await expect(latest).toContainText('Denise P.');
  await expect(latest).toContainText(`Denise P. changed the short description of action item "${title}" from`);
  await page.screenshot({ path: 'test-results/history-panel.png' });

  await page.goto(`/settings/audit?record=${item.id}`);
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByRole('table', { name: 'Audit log entries' }).getByRole('row').nth(1)).toContainText(title);
  await page.screenshot({ path: 'test-results/audit-log.png', fullPage: true });
});
