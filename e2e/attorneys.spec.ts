import { expect, test } from './test.ts';
import { ADMIN, LIMITED, signInOnly } from './address-helpers.ts';

test('an admin creates a law firm and an attorney, then finds them', async ({ page }) => {
  const stamp = Date.now().toString().slice(-6);
  const firm = `Quill Marsh ${stamp} LLP`;
  const attorney = `Priya Quill ${stamp}`;
  await signInOnly(page, ADMIN);
  await page.goto('/attorneys');

  await page.getByRole('button', { name: 'Add Law Firm' }).click();
  const firmDialog = page.getByRole('dialog', { name: 'Add Law Firm' });
  await firmDialog.getByLabel('Law firm name').fill(firm);
  await firmDialog.getByLabel('Phone').fill('(312) 555-0190');
  await firmDialog.getByRole('switch', { name: 'Manual Entry' }).check();
  await firmDialog.getByLabel('Street address').fill('233 S Wacker Dr');
  await firmDialog.getByLabel('Unit/Suite').fill('Suite 4400');
  await firmDialog.getByLabel('City').fill('Chicago');
  await firmDialog.getByRole('textbox', { name: 'State' }).fill('il');
  await firmDialog.getByLabel('ZIP').fill('60606');
  await firmDialog.getByRole('button', { name: 'Save' }).first().click();
  await expect(firmDialog.getByRole('combobox', { name: 'Address' })).toHaveValue('233 S Wacker Dr, Suite 4400, Chicago, IL 60606');
  await firmDialog.getByRole('button', { name: 'Save' }).click();
  await expect(firmDialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Attorney' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Attorney' });
  await dialog.getByLabel('Attorney name').fill(attorney);
  await dialog.getByRole('textbox', { name: 'Law firm' }).fill(`Quill Marsh ${stamp}`);
  await page.getByRole('option', { name: firm }).click();
  await dialog.getByLabel('E-mail').fill(`pquill${stamp}@quillmarsh.test`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search' }).fill(`quill marsh ${stamp}`);
  const row = page.getByRole('row', { name: new RegExp(attorney) });
  await expect(row).toContainText(firm);
  await expect(page.getByRole('row')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Law Firms' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(firm);
  await expect(page.getByRole('row', { name: new RegExp(firm) })).toContainText('233 S Wacker Dr, Suite 4400, Chicago, IL 60606');

  // A firm with an attorney cannot be deleted.
  await page.getByRole('button', { name: `Delete law firm ${firm}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete law firm' }).click();
  await expect(page.getByText('This record is connected to other data and cannot be modified.')).toBeVisible();
});

test('a limited user reads attorneys but cannot add or edit', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/attorneys');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Attorney' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit attorney/ })).toHaveCount(0);
});
