import { expect, test } from './test.ts';
import { ADMIN, GOOD_KEY, INVALID_KEY, LIMITED, setLookupKey, signInOnly } from './address-helpers.ts';

test('an admin tests and saves the address-lookup keys; keys show masked', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/settings/address-lookup');
  await expect(page.getByRole('heading', { name: 'Address lookup' })).toBeVisible();
  // The page also holds Users, Backups and the Audit log: their buttons have names too.
  const section = page.getByRole('region', { name: 'Address lookup' });
  await section.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Test publishable key').fill(INVALID_KEY);
  await section.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('status')).toHaveText('Invalid API key. Please check your publishable key.');

  await page.getByLabel('Test publishable key').fill(GOOD_KEY);
  await section.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('status')).toHaveText('Connected successfully to the address-lookup API (test environment)');
  await page.getByRole('switch', { name: 'Enabled' }).check();
  await section.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(section.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('prj_test_pk_••••••••good')).toBeVisible();
  await expect(page.getByText(GOOD_KEY)).toHaveCount(0);
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  // The live environment has no key yet.
  await section.getByRole('button', { name: 'Edit' }).click();
  await page.getByText('Live', { exact: true }).click();
  await section.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('status')).toHaveText('The address-lookup API is not configured. Please enter your publishable key.');
  await section.getByRole('button', { name: 'Cancel' }).click();
  await setLookupKey(page, GOOD_KEY);
});

test('a limited user sees no settings and the API refuses them', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/settings/address-lookup');
  await expect(page.getByText('Admin settings are available to administrators only.')).toBeVisible();
  expect((await page.request.get('/api/settings/address-lookup')).status()).toBe(403);
});
