import { appURL, expect, test } from './test.ts';
import { API_TOKEN_MESSAGES } from '../src/core/accounts/api-tokens.ts';
import { LIMITED, signIn, signInOnly, SUPER_ADMIN } from './sign-in.ts';

// Issue 27: a person makes a token in Settings, a tool uses it, the person revokes it; the API is described at /api/docs.
const base = appURL;
const call = (secret: string, method: string, path: string, body?: unknown) => fetch(`${base()}${path}`, {
  method, headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
  body: body ? JSON.stringify(body) : undefined,
});

test('a read-only token made in Settings reads, is refused a write, and stops working once revoked', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  const name = `Reporting tool ${Date.now()}`;
  await section.getByLabel('Name').fill(name);
  await expect(section.getByLabel('Last day')).not.toHaveValue('');
  await section.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  const secret = (await shown.getByTestId('new-api-token').textContent())!.trim();
  expect(secret).toMatch(/^cbk_/);
  await page.screenshot({ path: 'test-results/api-tokens-shown-once.png' });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  const read = await call(secret, 'GET', '/api/clients');
  expect(read.status).toBe(200);
  const write = await call(secret, 'POST', '/api/clients', { name: 'Not allowed' });
  expect(write.status).toBe(403);
  expect((await write.json()).error.message).toBe('This API token can only read.');

  await page.reload();
  const row = section.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Read only');
  await expect(row).not.toContainText('Never');
  await page.screenshot({ path: 'test-results/api-tokens-list.png', fullPage: true });
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Revoke token' }).click();
  await expect(row).toHaveCount(0);
  expect((await call(secret, 'GET', '/api/clients')).status).toBe(401);
});

test('while the firm requires two-factor sign-in of the role, Settings says tokens wait for it instead of offering the form', async ({ page, browser }) => {
  await signIn(page, LIMITED);
  // The rule is set by a super admin in another browser; the person's session, begun before it, stays.
  const owner = await browser.newPage();
  await signIn(owner, SUPER_ADMIN);
  const csrf = (await owner.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const setRule = async (requiredRoles: string[]) => {
    const { version } = (await (await owner.request.get('/api/settings/two-factor')).json()) as { version: number };
    expect((await owner.request.put('/api/settings/two-factor', { headers: { 'x-csrf-token': csrf }, data: { requiredRoles, version } })).status()).toBe(200);
  };
  try {
    await setRule(['limited_user']);
    await page.goto('/settings/account');
    const section = page.getByRole('region', { name: 'API tokens' });
    await expect(section.getByText(API_TOKEN_MESSAGES.twoFactorRequired)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Create token' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/api-tokens-two-factor-required.png', fullPage: true });
  } finally {
    await setRule([]);
    await owner.close();
  }
  await page.reload();
  await expect(page.getByRole('region', { name: 'API tokens' }).getByRole('button', { name: 'Create token' })).toBeVisible();
});

test('/api/docs shows the API description to a signed-in user only', async ({ page }) => {
  const refused = await page.request.get('/api/docs/json');
  expect(refused.status()).toBe(401);
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  await signInOnly(page, LIMITED);
  await page.goto('/api/docs');
  // The description is generated on its first reading, and the UI's bundle is large: a busy machine takes a while.
  await expect(page.getByRole('heading', { name: /Casebook API/ })).toBeVisible({ timeout: 60_000 });
  // Operations are grouped by the path's first part, each group folded.
  await page.getByRole('link', { name: 'time-entries', exact: true }).click();
  const operation = page.locator('.opblock-put', { hasText: '/api/time-entries/{id}' });
  await operation.locator('.opblock-summary').click();
  await expect(operation.getByText('Request body')).toBeVisible();
  await page.screenshot({ path: 'test-results/api-docs.png' });
  expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
});
