// Evidence in the field without a connection (issue 42, docs/decisions/144), on a phone with the app
// installed: an item collected offline (its signature and a photo) waits in the one outbox with a
// transfer made after it, and all three are applied in order when the connection returns; an item of
// a case opened once opens from its label's address offline, where Transfer waits in the outbox.
import { makeJpeg } from '../test/helpers/uploads.ts';
import { installed, kept } from './offline-helpers.ts';
import { pressUntilShown } from './press.ts';
import { draw } from './signature.ts';
import { aProjectId } from './records.ts';
import { ADMIN, signIn } from './sign-in.ts';
import { expect, test, type Page } from './test.ts';

// Phone-sized, without isMobile: with it the case page (wider than the phone: its tables) widens the layout viewport.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
const SHOTS = 'test-results/screens';
const queue = (page: Page, says: string) => page.getByRole('button', { name: new RegExp(says) });

async function transfer(page: Page, to: string) {
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('To').fill(to);
  await dialog.getByLabel('Purpose').fill('To the evidence room');
  await draw(page, dialog.getByRole('img', { name: 'Signature pad' }));
  await dialog.getByRole('button', { name: 'Record transfer' }).click();
  await expect(dialog).toBeHidden();
}

/** Signed in with the app installed, on a case's page (its evidence list and items kept on the device). */
async function onCasePage(page: Page, before: (caseId: string) => Promise<void> = async () => {}) {
  await signIn(page, ADMIN);
  await installed(page);
  const { caseId } = await (await page.request.get(`/api/projects/${await aProjectId(page)}`)).json() as { caseId: string };
  await before(caseId);
  await page.goto(`/case/${caseId}`);
  await expect(page.getByRole('region', { name: 'Evidence' })).toBeVisible({ timeout: 30_000 });
  await kept(page, `/api/cases/${caseId}/evidence`);
  await kept(page, 'session');
  return caseId;
}

test('an item collected offline, with its signature and photo, waits with its transfer and all are applied in order', async ({ page, context }) => {
  await onCasePage(page);
  const section = page.getByRole('region', { name: 'Evidence' });
  await context.setOffline(true);
  const dialog = page.getByRole('dialog', { name: 'Collect evidence item' });
  await pressUntilShown(section.getByRole('button', { name: 'Collect item' }), dialog);
  const description = `Scorched receptacle ${Date.now()}`;
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Where collected').fill('Kitchen, east wall');
  await dialog.getByLabel('Location').fill('Van 2');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add photo' }).click();
  await (await chooser).setFiles({ name: 'IMG_3001.JPG', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 900) });
  await expect(dialog.getByText('IMG_3001.JPG')).toBeVisible();
  await draw(page, dialog.getByRole('img', { name: 'Signature pad' }));
  await page.screenshot({ path: `${SHOTS}/evidence-collect-offline-phone.png` });
  await dialog.getByRole('button', { name: 'Collect item' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('row').filter({ hasText: description });
  await expect(row.getByText('Waiting to be sent')).toBeVisible();
  // Whole on a phone: the narrow Tag column does not cut the badge's words.
  expect(await row.getByText('Waiting to be sent').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  await section.screenshot({ path: `${SHOTS}/evidence-section-offline-phone.png` });
  await expect(queue(page, '1 change and 1 photo waiting')).toBeVisible();

  // Its page opens from the device's copy, and a transfer made there waits after the collection.
  await row.getByRole('link', { name: 'New item' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New item' })).toBeVisible();
  await transfer(page, 'Evidence room clerk');
  const chain = page.getByRole('region', { name: 'Chain of custody' });
  await expect(chain.getByText(`Collect ${description}`)).toBeVisible();
  await expect(chain.getByText('New item: photo IMG_3001.JPG')).toBeVisible();
  await expect(chain.getByText('New item: transfer to Evidence room clerk')).toBeVisible();
  await expect(queue(page, '2 changes and 1 photo waiting')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-item-offline-phone.png`, fullPage: true });

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 2, name: /^E-\d{4,}$/ })).toBeVisible({ timeout: 45_000 });
  await expect(chain.getByText('3. Released to')).toBeVisible({ timeout: 30_000 });
  await expect(chain.getByText('Waiting to be sent')).toBeHidden();
  await expect(chain.getByText(/^\d\. /)).toHaveText(['1. Collected', '2. Photographed', '3. Released to']);
  await expect(page.getByText('Custodian').locator('..')).toContainText('Evidence room clerk');
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Chain verified: all 3 entries match their SHA-256 hashes.' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-item-sent-phone.png`, fullPage: true });
});

test('a label scanned offline opens its item from the device, where Transfer waits in the outbox', async ({ page, context }) => {
  const itemId = crypto.randomUUID();
  let tag = '';
  // An item collected by someone else; then the case's page, opened with the connection, keeps its items.
  await onCasePage(page, async (caseId) => {
    const headers = { 'x-csrf-token': (await context.cookies()).find((c) => c.name === 'csrf-token')!.value };
    const signature = await page.evaluate(() => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 300, height: 90 });
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, 300, 90);
      g.strokeRect(20, 20, 200, 40);
      return canvas.toDataURL('image/png');
    });
    const made = await page.request.put(`/api/evidence/${itemId}`, { headers, data: {
      caseId, description: 'Shingle, 3-tab, from the north slope', collectedAt: new Date().toISOString(), location: 'Truck', entryId: crypto.randomUUID(), signature,
    } });
    expect(made.status(), await made.text()).toBe(200);
    tag = (await made.json() as { tag: string }).tag;
  });
  await expect(page.getByRole('region', { name: 'Evidence' }).getByRole('link', { name: tag })).toBeVisible({ timeout: 30_000 });
  await kept(page, `/api/evidence/${itemId}`);

  await context.setOffline(true);
  // Scanning the label opens its address (the QR code holds /evidence/<id>).
  await page.goto(`/evidence/${itemId}`);
  await expect(page.getByRole('heading', { level: 2, name: tag })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Shingle, 3-tab, from the north slope')).toBeVisible();
  await transfer(page, 'Dr. Lee Chan');
  const chain = page.getByRole('region', { name: 'Chain of custody' });
  await expect(chain.getByText(`${tag}: transfer to Dr. Lee Chan`)).toBeVisible();
  await expect(chain.getByText('Waiting to be sent')).toBeVisible();
  await expect(queue(page, '1 change waiting')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-scanned-offline-phone.png`, fullPage: true });

  await context.setOffline(false);
  await expect(chain.getByText('2. Released to')).toBeVisible({ timeout: 45_000 });
  await expect(chain.getByText('Waiting to be sent')).toBeHidden();
});
