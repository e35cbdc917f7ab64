import { expect, test } from './test.ts';
import { GOOD_KEY, INVALID_KEY, RATE_LIMITED_KEY, setLookupKey, signInOnly, SUPER_ADMIN } from './address-helpers.ts';

test.describe('address component against the fake Radar', () => {
  test.beforeEach(async ({ page }) => {
    await signInOnly(page, SUPER_ADMIN);
    await setLookupKey(page, GOOD_KEY);
  });
  // Leave the shared server with a working key for other specs.
  test.afterEach(async ({ page }) => setLookupKey(page, GOOD_KEY));

  test('lookup fills the address fields', async ({ page }) => {
    await page.goto('/test-autocomplete');
    const field = page.getByRole('combobox', { name: 'Property address' });
    await field.fill('20');
    // Fewer than three characters: no lookup.
    await page.waitForTimeout(500);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await field.fill('20 jay');
    await page.getByRole('option', { name: '20 Jay St, Brooklyn, NY 11201 US' }).click();
    await expect(field).toHaveValue('20 Jay St, Brooklyn, NY 11201 US');
    const parts = page.getByRole('group', { name: 'Address details' });
    await expect(parts).toContainText('Street: 20 Jay St');
    await expect(parts).toContainText('City: Brooklyn');
    await expect(parts).toContainText('State: NY');
    await expect(parts).toContainText('ZIP: 11201');
    await expect(page.getByLabel('Current value')).toContainText('"source": "radar"');
    await expect(page.getByText('Address lookup powered by Radar')).toBeVisible();

    // Manual Entry opens with the picked address in its fields.
    await page.getByRole('switch', { name: 'Manual Entry' }).check();
    await expect(page.getByLabel('Street address')).toHaveValue('20 Jay St');
    await expect(page.getByLabel('City')).toHaveValue('Brooklyn');
    await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('NY');
    await expect(page.getByLabel('ZIP')).toHaveValue('11201');
  });

  test('no match says so; the list closes after leaving the field', async ({ page }) => {
    await page.goto('/test-autocomplete');
    const field = page.getByRole('combobox', { name: 'Property address' });
    await field.fill('zzzz nowhere');
    await expect(page.getByText('No results found. Try manual entry.')).toBeVisible();
    await field.blur();
    await expect(page.getByText('No results found. Try manual entry.')).toBeHidden();
  });

  test('an invalid key shows the spec text', async ({ page }) => {
    await setLookupKey(page, INVALID_KEY);
    await page.goto('/test-autocomplete');
    await page.getByRole('combobox', { name: 'Property address' }).fill('20 jay');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid API key. Please check your publishable key.' }).first()).toBeVisible();
  });

  test('rate limiting shows the spec text', async ({ page }) => {
    await setLookupKey(page, RATE_LIMITED_KEY);
    await page.goto('/test-autocomplete');
    await page.getByRole('combobox', { name: 'Property address' }).fill('20 jay');
    await expect(page.getByRole('alert').filter({ hasText: 'Rate limit exceeded. Please try again later.' }).first()).toBeVisible();
  });
});

test('manual entry: validation messages, state and ZIP formatting, Save and Cancel', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/test-autocomplete');
  await page.getByRole('switch', { name: 'Manual Entry' }).check();
  await expect(page.getByLabel('Unit/Suite')).toHaveAttribute('placeholder', 'Unit/Suite (Optional)');
  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of ['Street address is required', 'City is required', 'State is required', 'Valid ZIP code is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Street address').fill('742 Evergreen Ter');
  await expect(page.getByLabel('Unit/Suite')).not.toHaveAttribute('placeholder', 'Unit/Suite (Optional)');
  await page.getByLabel('City').fill('Springfield');
  await page.getByRole('textbox', { name: 'State' }).fill('ilx');
  await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('IL');
  await page.getByLabel('ZIP').fill('1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Valid ZIP code is required')).toBeVisible();
  await page.getByLabel('ZIP').fill('62704a1234');
  await expect(page.getByLabel('ZIP')).toHaveValue('62704-1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('combobox', { name: 'Property address' })).toHaveValue('742 Evergreen Ter, Springfield, IL 62704-1234');
  await expect(page.getByLabel('Current value')).toContainText('"source": "manual"');
  await expect(page.getByLabel('Current value')).toContainText('"stateName": "Illinois"');

  // Cancel keeps the saved address.
  await page.getByRole('switch', { name: 'Manual Entry' }).check();
  await page.getByLabel('City').fill('Shelbyville');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('combobox', { name: 'Property address' })).toHaveValue('742 Evergreen Ter, Springfield, IL 62704-1234');

  // Required and left empty.
  await page.getByRole('combobox', { name: 'Property address' }).fill('');
  await page.getByRole('combobox', { name: 'Property address' }).blur();
  await expect(page.getByText('Address is required')).toBeVisible();
});
