import { expect, test } from '@playwright/test';
import { SUPER_ADMIN, signIn } from './sign-in.ts';

// A restore replaces the whole database and signs everyone out: named to run last (Playwright runs
// files in name order with one worker), so no other spec loses its session mid-test.
test.describe.configure({ timeout: 180_000 });

test('back up now, change an action item, restore: the old value is back and everyone signs in again', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: Array<{ id: string; shortDescription: string; version: number }> };
  const item = items[0]!;
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Backups' });
  await section.getByRole('button', { name: 'Back up now' }).click();
  const list = section.getByRole('table', { name: 'Backup list' });
  const row = list.getByRole('row').filter({ hasText: 'Back up now' }).first();
  await expect(row).toContainText(/\d+(\.\d)? MB/, { timeout: 60_000 });
  await expect(row).toContainText('completed');
  await page.screenshot({ path: 'test-results/backups-section.png', fullPage: false });

  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const patched = await page.request.patch(`/api/action-items/${item.id}`, { data: { version: item.version, shortDescription: 'Changed after the backup' }, headers: { 'x-csrf-token': csrf } });
  expect(patched.ok()).toBe(true);

  // A file of random bytes is refused and nothing changes.
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Upload backup' }).click();
  await (await chooser).setFiles({ name: 'random.backup', mimeType: 'application/octet-stream', buffer: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) });
  await expect(section.getByRole('alert')).toHaveText('This file is not a Casebook backup.');

  await row.getByRole('button', { name: /^Restore / }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore backup' });
  const label = await dialog.getByRole('textbox').getAttribute('placeholder');
  expect(label).toBe('MM/DD/YYYY');
  const date = (await dialog.locator('label').textContent())!.match(/\((\d{2}\/\d{2}\/\d{4})\)/)![1]!;
  await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
  await dialog.getByRole('textbox').fill(date);
  await dialog.getByRole('button', { name: 'Restore' }).click();

  // Everyone is signed out: the login page, after the maintenance page if it was seen.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/, { timeout: 2000 });
  }).toPass({ timeout: 150_000 });
  await signIn(page, SUPER_ADMIN);
  const restored = await (await page.request.get(`/api/action-items/${item.id}`)).json() as { shortDescription: string };
  expect(restored.shortDescription).toBe(item.shortDescription);
});
