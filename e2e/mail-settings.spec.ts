// Issue 41: Settings → E-mail. The demo has no SMTP server: Send test e-mail keeps the message as
// not sent, and Sent mail shows it as its receiver would have read it.
import { expect, test } from './test.ts';
import { csrfHeader } from './refusals.ts';
import { ADMIN, signInOnly } from './sign-in.ts';

test('an admin sends a test e-mail with no SMTP server set and reads it in Sent mail', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOnly(page, ADMIN);
  await page.goto('/settings/email');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'E-mail', exact: true, level: 3 })).toBeVisible();
  await expect(main.getByText('None: messages are kept in Sent mail as not sent')).toBeVisible();

  // An address far over the limit is refused under its field, with the limit named.
  await main.getByLabel('From address').fill(`${'a'.repeat(1990)}@firm.test`);
  await main.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(main.getByText('Must be 254 characters or fewer (now 2,000)')).toBeVisible();
  await main.getByLabel('From address').fill('office@casebook.test');

  const to = `partner.${Date.now()}@casebook.test`;
  await main.getByLabel('Send a test e-mail to').fill(to);
  await main.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Not sent: no SMTP server is set.' })).toBeVisible();

  const sent = main.getByRole('region', { name: 'Sent mail' });
  const row = sent.getByRole('row').filter({ hasText: to });
  await expect(row.getByText('Not sent', { exact: true })).toBeVisible();
  await expect(row.getByText('Not sent: no SMTP server is set')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-email-desktop.png', fullPage: true });

  await row.getByRole('button', { name: /test e-mail from Casebook/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(to)).toBeVisible();
  await expect(dialog.getByText("If you can read it, Casebook's e-mail works")).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-email-message.png' });
});

test("another admin's save met on Save keeps what this admin typed, password included", async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/settings/email');
  const main = page.getByRole('main');
  await main.getByLabel('SMTP server').fill('smtp.mine.test');
  await main.getByLabel('User name').fill('mine');
  await main.getByLabel('Password').fill('my-new-password');

  // Meanwhile another admin saves another server and sender.
  const headers = await csrfHeader(page);
  const put = async (body: object) => {
    const { version } = await (await page.request.get('/api/settings/email')).json() as { version: number };
    const res = await page.request.put('/api/settings/email', { headers, data: { ...body, version } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await put({ host: 'smtp.theirs.test', port: 587, security: 'starttls', username: '', fromAddress: 'theirs@casebook.test' });

  await main.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(main.getByText('Someone else changed this record while you were editing.')).toBeVisible();
  await expect(main.getByLabel('SMTP server')).toHaveValue('smtp.mine.test');
  await expect(main.getByLabel('User name')).toHaveValue('mine');
  await expect(main.getByLabel('Password')).toHaveValue('my-new-password');
  await expect(main.getByLabel('From address')).toHaveValue('theirs@casebook.test');

  await main.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'E-mail settings saved.' })).toBeVisible();
  const saved = await (await page.request.get('/api/settings/email')).json() as { host: string; fromAddress: string; passwordSaved: boolean };
  expect(saved).toMatchObject({ host: 'smtp.mine.test', fromAddress: 'theirs@casebook.test', passwordSaved: true });

  // The worker's other specs expect the demo's "no SMTP server".
  await put({ host: '', port: null, security: 'starttls', username: '', password: '', fromAddress: '' });
});
