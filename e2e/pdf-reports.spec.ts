import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { makePng } from '../test/helpers/uploads.ts';
import { pdfImages, pdfPages } from '../test/helpers/pdf-tools.ts';
import { ADMIN, LIMITED, signIn, signInOnly } from './sign-in.ts';

const COLUMNS = ['Attorney', 'Client', 'Assignee', 'Description', 'Date', 'Status', 'Date Completed'];

async function fillProfile(page: Page) {
  await page.goto('/settings/firm-profile');
  const section = page.getByRole('region', { name: 'Firm profile' });
  await section.getByLabel('Firm name').fill('Hale & Ortiz Engineering, PLLC');
  await section.getByLabel('License number').fill('PE-0042317');
  await section.getByLabel('Address').fill('12 Harbor St, Salem MA 01970');
  await section.getByLabel('Phone').fill('(978) 555-0134');
  await section.getByLabel('E-mail').fill('office@haleortiz.test');
  await section.getByLabel('Website').fill('haleortiz.test');
  await section.getByRole('button', { name: 'Save firm profile' }).click();
  await expect(section.getByRole('status')).toHaveText('Firm profile saved.');
  await section.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePng(600, 200) });
  await expect(section.getByRole('img', { name: 'Firm logo' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-firm-profile.png', fullPage: true });
}

test('an admin fills the firm profile; PDF Report with status Open downloads a lettered, paged report', async ({ page }) => {
  await signIn(page, ADMIN);
  await fillProfile(page);
  // A text file named .png is refused by content.
  const section = page.getByRole('region', { name: 'Firm profile' });
  await section.locator('input[type="file"]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(section.getByRole('alert')).toHaveText('This file is not a JPEG or PNG image. Please choose a photo or picture file.');

  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { project_id: string; status: string }[] };
  const projectId = items.find((i) => i.status === 'open')!.project_id;
  await page.goto(`/action-items?project=${projectId}`);
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Open' });
  await page.getByRole('button', { name: 'PDF Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'PDF Report' });
  await expect(dialog.getByRole('textbox', { name: 'Report status' })).toHaveValue('Open');
  await page.screenshot({ path: 'test-results/screens/action-items-pdf-dialog.png' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9]+-ActionItemsReport-\d{2}-\d{2}-\d{4}\.pdf$/);
  const pages = pdfPages(readFileSync((await download.path())!));
  const text = pages.join('\n');
  for (const expected of ['Hale & Ortiz Engineering, PLLC', 'License No. PE-0042317', '(978) 555-0134', 'Action Items Report', ...COLUMNS,
    'Summary', 'Total:', `Page 1 of ${pages.length}`]) {
    expect(text).toContain(expected);
  }
  expect(text).not.toMatch(/\s(Completed|Closed)\s+\d{2}\/\d{2}\/\d{4}/);
  expect(text).toMatch(/Completed: 0/);
  expect(text).toMatch(/Closed: 0/);
  expect(pdfImages(readFileSync((await download.path())!)).length).toBeGreaterThanOrEqual(pages.length > 0 ? 1 : 0);
  await expect(dialog).toBeHidden();
});

test('a bad filter shows the spec alert; a limited user has no firm profile but keeps a signature', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/action-items');
  await page.getByRole('button', { name: 'PDF Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'PDF Report' });
  await dialog.getByLabel('Due from').fill('03/10/2026');
  await dialog.getByLabel('Due until').fill('03/01/2026');
  await dialog.getByLabel('Due until').press('Enter');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Failed to generate PDF report. Please try again.');
  await expect(dialog.getByRole('alert')).toContainText('The start date must be on or before the end date.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/settings/firm-profile');
  await expect(page.getByText('Admin settings are available to administrators only.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Firm profile' })).toHaveCount(0);
  expect((await page.request.get('/api/settings/firm-profile')).status()).toBe(403);
  await page.goto('/settings/account');
  const signature = page.getByRole('region', { name: 'My signature' });
  await signature.getByRole('button', { name: 'Draw signature' }).click();
  const pad = signature.getByRole('img', { name: 'Signature pad' });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height * (0.7 - (i % 2) * 0.4));
  await page.mouse.up();
  await signature.getByRole('button', { name: 'Save drawn signature' }).click();
  await expect(signature.getByRole('img', { name: 'My signature' })).toBeVisible();
});
