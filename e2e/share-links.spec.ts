import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from './test.ts';
import { makeJpeg, makePng } from '../test/helpers/uploads.ts';
import { aProjectId } from './records.ts';
import { LIMITED, signIn } from './sign-in.ts';

// Client share links (issue 26, docs/decisions/105): a member of staff shares a certified report,
// a client opens it on a phone without an account, downloads the PDF; revoked, the link is refused.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 390, height: 844 };

/** A certified report with one photo, made through the API as the editor would. */
async function certifiedReport(page: Page) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const headers = { 'x-csrf-token': csrf };
  const report = await (await page.request.post('/api/field-reports', {
    headers, data: { id: randomUUID(), projectId: await aProjectId(page), reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  })).json() as { id: string; version: number; displayNumber: string };
  const photo = await page.request.put(`/api/field-reports/${report.id}/photos/${randomUUID()}`, {
    headers, multipart: { original: { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 900) } },
  });
  expect(photo.ok()).toBe(true);
  const version = (await (await page.request.get(`/api/field-reports/${report.id}`)).json() as { version: number }).version;
  const signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
  const certified = await page.request.post(`/api/field-reports/${report.id}/certify`, { headers, data: { version, drawnSignature: signature } });
  expect(certified.ok()).toBe(true);
  return report;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

test('staff share a certified report; a client opens it on a phone, downloads the PDF; once revoked it is refused', async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, LIMITED);
  const report = await certifiedReport(page);
  await page.goto(`/field-reports/${report.id}`);
  await page.getByRole('button', { name: 'Share with client' }).click();
  const dialog = page.getByRole('dialog', { name: `Share report ${report.displayNumber} with a client` });
  await expect(dialog.getByText('This report has no share links yet.')).toBeVisible();
  await dialog.getByLabel('Label (optional)').fill('Granite Mutual adjuster');
  await expect(dialog.getByText(/The link works through \d\d\/\d\d\/\d{4}\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const address = dialog.getByRole('textbox', { name: 'Link' });
  await expect(address).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await expect(dialog.getByText('It will not be shown again')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('staff-new-link.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const item = dialog.getByRole('listitem', { name: 'Granite Mutual adjuster' });
  await expect(item).toContainText('Active');
  await expect(item).toContainText('0 views');

  // A client: no account, a phone, no cookies of the firm's.
  const client = await browser.newContext({ viewport: PHONE, bypassCSP: true, serviceWorkers: 'block', acceptDownloads: true });
  const phone = await client.newPage();
  const answer = await phone.goto(url);
  expect(answer!.headers()['referrer-policy']).toBe('no-referrer');
  expect(answer!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(phone.getByRole('heading', { name: `Field Report ${report.displayNumber}` })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText('Hale & Ortiz Engineering').first()).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Photos (1)' })).toBeVisible();
  await expect(phone.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect.poll(() => phone.getByRole('img', { name: 'Photo 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await phone.screenshot({ path: test.info().outputPath('shared-phone.png'), fullPage: true });
  expect(await seriousViolations(phone)).toEqual([]);
  const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/-FieldReport-.*\.pdf$/);
  expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // The staff list counts the view; its maker revokes the link.
  await page.reload();
  await page.getByRole('button', { name: 'Share with client' }).click();
  await expect(item).toContainText('1 view');
  await expect(item).toContainText('last viewed');
  await item.getByRole('button', { name: 'Revoke Granite Mutual adjuster' }).click();
  await item.getByRole('button', { name: 'Revoke link' }).click();
  await expect(item).toContainText('Revoked');
  await page.screenshot({ path: test.info().outputPath('staff-revoked.png') });
  await expect(item.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This link is no longer available.' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
  expect((await phone.request.get(`/api/shared/${url.split('/').pop()}/pdf`)).status()).toBe(404);
  await phone.screenshot({ path: test.info().outputPath('shared-refused.png') });
  await client.close();

  // A later revision replaces the report: its links are still listed under 'Client links', no new one is offered.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'New revision' }).click();
  await expect(page).not.toHaveURL(new RegExp(report.id));
  await page.goto(`/field-reports/${report.id}`);
  await expect(page.getByRole('button', { name: 'Share with client' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Client links' }).click();
  await expect(dialog.getByText(/A later revision replaced this one/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toHaveCount(0);
  await expect(dialog.getByRole('listitem', { name: 'Granite Mutual adjuster' })).toContainText('Revoked');
});
