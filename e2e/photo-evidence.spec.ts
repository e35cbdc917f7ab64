import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import exifr from 'exifr';
import type { TFieldReport } from '../src/core/api/field-reports.ts';
import { makeExifJpeg, withExifThumbnail } from '../test/helpers/uploads.ts';
import { LIMITED, signIn } from './sign-in.ts';

// Photos that are evidence (issue 26, docs/decisions/103), on a phone: a photo taken or chosen shows
// at once, is resized in the browser and sent with its original; the card shows when and where it
// was taken, and the evidence copy downloads the original unchanged, matching the hash shown.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const photos = (page: Page) => page.getByRole('region', { name: /^Photos \(\d+\)$/ });

async function newReport(page: Page): Promise<TFieldReport> {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { project_id: string }[] };
  const created = await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': token },
    data: { id: randomUUID(), projectId: items[0]!.project_id, reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  });
  return created.json() as Promise<TFieldReport>;
}

test('photos taken on a phone show at once, carry their capture time and place, and give back the original with its hash', async ({ page }) => {
  await signIn(page, LIMITED);
  const report = await newReport(page);
  await page.goto(`/field-reports/${report.id}`);
  await expect(photos(page)).toBeVisible({ timeout: 30_000 });

  // A 12 MP phone photo with EXIF (time with its offset, GPS), taken with the camera button.
  const taken = await withExifThumbnail(await makeExifJpeg(4000, 3000));
  const chooser = page.waitForEvent('filechooser');
  await photos(page).getByRole('button', { name: 'Take a photo for photos' }).click();
  const camera = await chooser;
  expect(await camera.element().getAttribute('capture')).toBe('environment');
  await camera.setFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: taken });
  const preview = photos(page).getByRole('group', { name: /^(IMG_2041\.JPG \(not uploaded yet\)|Photo 1)$/ }).getByRole('img');
  await expect(preview).toHaveJSProperty('complete', true);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A second one from the library, taken elsewhere, without a zone offset (read on the firm's clock).
  const chosen = await makeExifJpeg(3000, 4000, { taken: '2026:11:21 09:30:00', offset: '', gps: [42.36, -71.0589] });
  await photos(page).getByLabel('Choose photos to upload').setInputFiles({ name: 'IMG_2042.JPG', mimeType: 'image/jpeg', buffer: chosen });

  const first = page.getByRole('group', { name: 'Photo 1' });
  const second = page.getByRole('group', { name: 'Photo 2' });
  await expect(second).toBeVisible({ timeout: 30_000 });
  await expect(first.getByText('Taken 11/20/2026 2:05 PM EST')).toBeVisible();
  await expect(first.getByRole('link', { name: 'Place of photo 1 on a map: 40.74167, -73.98750' })).toHaveAttribute('href', /openstreetmap\.org.*mlat=40\.74167/);
  await expect(second.getByText('Taken 11/21/2026 9:30 AM EST')).toBeVisible();
  await expect(second.getByRole('link', { name: /^Place of photo 2 on a map: 42\.36000, -71\.05890$/ })).toBeVisible();
  await expect(first.getByText(`SHA-256 ${sha(taken).slice(0, 8)}…${sha(taken).slice(-4)}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/photo-evidence-phone.png', fullPage: true });

  // The evidence copy is the original as picked: its hash is the one the card shows (and copies whole).
  await expect(first.getByRole('button', { name: `SHA-256 ${sha(taken).slice(0, 8)}…${sha(taken).slice(-4)}: copy the whole hash of photo 1` }))
    .toBeVisible();
  const download = page.waitForEvent('download');
  await first.getByRole('link', { name: 'Evidence copy of photo 1' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('IMG_2041.JPG');
  const bytes = readFileSync((await file.path())!);
  expect(sha(bytes)).toBe(sha(taken));
  expect(bytes.equals(taken)).toBe(true);

  // What the report shows, shares and prints was resized in the browser and carries no EXIF.
  const stored = (await page.request.get(`/api/field-reports/${report.id}`)).json() as Promise<TFieldReport>;
  const [one, two] = (await stored).photos;
  expect([one!.width, one!.height, two!.width, two!.height]).toEqual([1600, 1200, 1200, 1600]);
  const image = await (await page.request.get(`/api/field-reports/${report.id}/photos/${one!.id}/image`)).body();
  expect(await exifr.parse(image)).toBeUndefined();
  expect(one!.original).toMatchObject({ sha256: sha(taken), size: taken.length, name: 'IMG_2041.JPG' });
});

test('photos picked without a connection wait in the queue, survive a reload, and arrive once when it returns', async ({ page, context }) => {
  await signIn(page, LIMITED);
  const report = await newReport(page);
  await page.goto(`/field-reports/${report.id}`);
  await expect(photos(page)).toBeVisible({ timeout: 30_000 });

  // No connection (once the editor's code has loaded, as the service worker would have it): the
  // photos show at once and wait, as the header's queue says.
  await expect(photos(page).getByLabel('Choose photos to upload')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await photos(page).getByLabel('Choose photos to upload').setInputFiles([
    { name: 'BASEMENT_1.JPG', mimeType: 'image/jpeg', buffer: await withExifThumbnail(await makeExifJpeg(2400, 1800)) },
    { name: 'BASEMENT_2.JPG', mimeType: 'image/jpeg', buffer: await makeExifJpeg(1800, 2400, { taken: '2026:11:20 15:00:00' }) },
  ]);
  const first = photos(page).getByRole('group', { name: 'BASEMENT_1.JPG (not uploaded yet)' });
  await expect(first).toBeVisible();
  await expect(photos(page).getByRole('group', { name: 'BASEMENT_2.JPG (not uploaded yet)' }).getByText('Waiting to upload')).toBeVisible();
  await expect(page.getByText('2 photos waiting')).toBeVisible();

  // The tab reloads while the server cannot be reached: the queue (IndexedDB) keeps both photos.
  // The uploads are refused before the connection comes back: its 'online' event sends the queue at
  // once, and a photo sent before the refusal is in place would be on the server already.
  await page.route('**/api/field-reports/*/photos/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  await expect(photos(page).getByRole('group', { name: 'BASEMENT_2.JPG (not uploaded yet)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2 photos waiting')).toBeVisible();

  // The connection returns: both go out, in order, once.
  await page.unroute('**/api/field-reports/*/photos/*');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('group', { name: 'Photo 2' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('All saved')).toBeVisible();
  const stored = await (await page.request.get(`/api/field-reports/${report.id}`)).json() as TFieldReport;
  expect(stored.photos.map((p) => p.original?.name)).toEqual(['BASEMENT_1.JPG', 'BASEMENT_2.JPG']);
  await expect(page.getByRole('group', { name: 'Photo 2' }).getByText('Taken 11/20/2026 3:00 PM EST')).toBeVisible();
});
