import { expect, test } from './test.ts';
import { ADMIN, LIMITED, signInOnly, SUPER_ADMIN } from './address-helpers.ts';

test('a super admin creates a rate code with two job types', async ({ page }) => {
  const code = `E2E${Date.now().toString().slice(-5)}`;
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/rate-codes');
  await page.getByRole('button', { name: 'Add Rate Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Rate Code' });
  await dialog.getByLabel('Name').fill('Warranty Review');
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('textbox', { name: 'Job type 1', exact: true }).fill('Forensic Engineer');
  await dialog.getByRole('textbox', { name: 'Hourly rate 1', exact: true }).fill('210');
  await dialog.getByRole('button', { name: 'Add Job Type' }).click();
  await dialog.getByRole('textbox', { name: 'Job type 2', exact: true }).fill('Field Technician');
  await dialog.getByRole('textbox', { name: 'Hourly rate 2', exact: true }).fill('95.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: `Rate code ${code}` });
  await expect(card.getByRole('row', { name: /Forensic Engineer/ })).toContainText('$210.00');
  await expect(card.getByRole('row', { name: /Field Technician/ })).toContainText('$95.50');

  // The same code again is refused with a clear message.
  await page.getByRole('button', { name: 'Add Rate Code' }).click();
  await dialog.getByLabel('Name').fill('Copy');
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByRole('textbox', { name: 'Job type 1', exact: true }).fill('X');
  await dialog.getByRole('textbox', { name: 'Hourly rate 1', exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`The rate code "${code.toLowerCase()}" is already in use. Choose a different code.`);
});

test('an admin sees job types without rates and can deactivate one', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/rate-codes');
  await expect(page.getByText('Hourly rates are visible to super admins only.')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Hourly rate' })).toHaveCount(0);
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  const card = page.getByRole('region', { name: 'Rate code STD' });
  const toggle = card.getByRole('switch', { name: 'Estimator active' });
  // Mantine draws the track over the input, so the click is forced onto it.
  await toggle.uncheck({ force: true });
  await expect(card.getByRole('row', { name: /Estimator/ })).toContainText('Inactive');
  await page.reload();
  await expect(card.getByRole('row', { name: /Estimator/ })).toContainText('Inactive');
  await card.getByRole('switch', { name: 'Estimator active' }).check({ force: true });
  await expect(card.getByRole('row', { name: /Estimator/ })).not.toContainText('Inactive');
});

test('a limited user reads job types only', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/rate-codes');
  await expect(page.getByRole('region', { name: 'Rate code STD' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Rate Code' })).toHaveCount(0);
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  const res = await page.request.get('/api/rate-codes');
  expect(await res.text()).not.toMatch(/"rate"\s*:/);
});
