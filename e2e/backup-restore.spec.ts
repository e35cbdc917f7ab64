import { expect, test } from './test.ts';
import { BACKUP_MESSAGES } from '../src/core/backups.ts';
import { ADMIN, signIn, signInOnly, SUPER_ADMIN } from './sign-in.ts';

// A restore replaces the whole database and signs everyone out. It shares its worker's app: the specs
// of a worker run one after another, so none is mid-test then; the ones after it find their kept
// sessions refused and sign in again (e2e/sign-in.ts), on the data as it was at the backup, all theirs.
test.describe.configure({ timeout: 300_000 }); // an upload and a restore each trial-load the database
// A backup, or an upload's trial load, waited for as long as the ceiling leaves: 60 s was too short beside the other
// stages on a slow hour (an upload listed after more than a minute, stop 65). The ceiling catches a hang.
const BACKUP_WORK = { timeout: 240_000 };

test('an admin sees the backups and backs up, but cannot download, upload or restore, and is told why', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/settings/backups');
  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section.getByRole('heading', { name: 'Backups' })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(BACKUP_MESSAGES.superAdminOnly)).toBeVisible();
  await section.getByRole('button', { name: 'Back up now' }).click();
  const list = section.getByRole('table', { name: 'Backup list' });
  // A backup names the person who started it (issue 28).
  await expect(list.getByRole('row').filter({ hasText: /Denise P/ }).first()).toContainText('completed', BACKUP_WORK);
  await expect(section.getByRole('button', { name: 'Upload backup' })).toHaveCount(0);
  await expect(section.getByRole('link', { name: /^Download / })).toHaveCount(0);
  await expect(section.getByRole('button', { name: /^Restore / })).toHaveCount(0);
  await expect(list.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await section.screenshot({ path: 'test-results/backups-admin.png' });
  // The API refuses them too.
  const { backups } = await (await page.request.get('/api/backups')).json() as { backups: Array<{ name: string | null }> };
  expect((await page.request.get(`/api/backups/${backups.find((b) => b.name)!.name}/download`)).status()).toBe(403);
});

test('back up now, change an action item, upload the backup back, restore it: the old value is back and everyone signs in again', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: Array<{ id: string; shortDescription: string; version: number }> };
  const item = items[0]!;
  await page.goto('/settings/backups');
  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section.getByText(/^Daily at/)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(BACKUP_MESSAGES.superAdminOnly)).toHaveCount(0);
  const list = section.getByRole('table', { name: 'Backup list' });
  const manual = list.getByRole('row').filter({ hasText: 'Margaret Hale', hasNotText: 'Uploaded' });
  const before = (await list.isVisible()) ? await manual.count() : 0;
  await section.getByRole('button', { name: 'Back up now' }).click();
  await expect(manual).toHaveCount(before + 1, BACKUP_WORK);
  await expect(section.getByRole('button', { name: 'Back up now' })).toBeEnabled(BACKUP_WORK);
  const row = manual.first(); // the newest
  await expect(row).toContainText(/\d+(\.\d)? MB/);
  await expect(row).toContainText('completed');
  // Its time is the firm's, with the zone's abbreviation (one clock).
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M [A-Z]{2,5}/);

  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const patched = await page.request.patch(`/api/action-items/${item.id}`, { data: { version: item.version, shortDescription: 'Changed after the backup' }, headers: { 'x-csrf-token': csrf } });
  expect(patched.ok()).toBe(true);

  // A file of random bytes is refused and nothing changes.
  const upload = async (name: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Upload backup' }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer });
  };
  await upload('random.backup', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
  await expect(section.getByRole('alert')).toHaveText(BACKUP_MESSAGES.notABackup, { timeout: 30_000 });

  // The backup, downloaded and uploaded back, is listed as uploaded, by whom and when.
  const download = await row.getByRole('link', { name: /^Download / }).getAttribute('href');
  await upload('from-elsewhere.backup', await (await page.request.get(download!)).body());
  const uploaded = list.getByRole('row').filter({ hasText: 'Uploaded' });
  await expect(uploaded).toHaveCount(1, BACKUP_WORK);
  await expect(uploaded).toContainText('by Margaret Hale');
  await section.screenshot({ path: 'test-results/backups-super-admin.png' });

  await uploaded.getByRole('button', { name: /^Restore / }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore backup' });
  await expect(dialog).toContainText(BACKUP_MESSAGES.uploadedRestore);
  await expect(dialog).toContainText('Uploaded by Margaret Hale on');
  await dialog.screenshot({ path: 'test-results/backups-restore-uploaded.png' });
  expect(await dialog.getByRole('textbox').getAttribute('placeholder')).toBe('MM/DD/YYYY');
  const date = (await dialog.locator('label').textContent())!.match(/\((\d{2}\/\d{2}\/\d{4})\)/)![1]!;
  await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
  await dialog.getByRole('textbox').fill(date);
  await dialog.getByRole('button', { name: 'Restore' }).click();

  // Everyone is signed out: the login page, after the maintenance page if it was seen.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/, { timeout: 2000 });
  }).toPass({ timeout: 200_000 });
  await signIn(page, SUPER_ADMIN);
  const restored = await (await page.request.get(`/api/action-items/${item.id}`)).json() as { shortDescription: string };
  expect(restored.shortDescription).toBe(item.shortDescription);
});
