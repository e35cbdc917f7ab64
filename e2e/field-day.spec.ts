// A field day end to end (issue 26, "How it will be checked"): on a phone with the app installed, a
// report opened once is written in three sections offline, three photos with GPS are added and one
// annotated; the page is closed and opened again offline (the worker serves it, the queue still says
// what waits); online again, everything arrives once, the stored photo has no EXIF while the evidence
// copy is the original, the PDF draws the annotation, a field someone else changed meanwhile is the
// person's choice; certified and shared, the link opens without an account and, revoked, is refused.
import { createHash } from 'node:crypto';
import { expect, test, type Locator, type Page } from './test.ts';
import exifr from 'exifr';
import sharp from 'sharp';
import { boxOfPixels, renderPage, type PagePixels } from '../test/helpers/pdf-pixels.ts';
import { pdfInfo } from '../test/helpers/pdf-tools.ts';
import { makePng } from '../test/helpers/uploads.ts';
import { LIMITED, signIn } from './sign-in.ts';
import { installed, kept, otherPerson } from './offline-helpers.ts';

const PHONE = { width: 390, height: 844 };
test.use({ serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 240_000 });

type Photo = { id: string; annotations: { type: string; color: string }[]; original: { sha256: string; name: string } | null };
type Report = { id: string; displayNumber: string; version: number; status: string; content: Record<string, unknown>; photos: Photo[] };

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const photos = (page: Page) => section(page, /^Photos \(\d+\)$/);
/** The queue's line in the header, by what it says. */
const queue = (page: Page, says: string | RegExp) => page.getByRole('button', { name: typeof says === 'string' ? new RegExp(`^${says}`) : says });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** However long the queue line, the page does not scroll sideways and the menu stays on screen. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scrolling').toBeLessThanOrEqual(PHONE.width);
  const menu = (await page.getByRole('button', { name: /Menu$/ }).boundingBox())!;
  expect(menu.x + menu.width, 'the menu is on screen').toBeLessThanOrEqual(PHONE.width);
}

/** A phone photo of one flat colour (so the PDF's pixels can find it) with EXIF: capture time and GPS. */
const gpsPhoto = (rgb: [number, number, number], [lat, lon]: [number, number]) => {
  const dms = (v: number) => { const a = Math.abs(v); const d = Math.floor(a); const m = Math.floor((a - d) * 60); return `${d}/1 ${m}/1 ${Math.round(((a - d) * 60 - m) * 6000)}/100`; };
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).jpeg({ quality: 95 }).withExif({
    IFD0: { Make: 'Casebook', Model: 'Test phone' },
    IFD2: { DateTimeOriginal: '2026:11:20 14:05:09', OffsetTimeOriginal: '-05:00' },
    IFD3: { GPSLatitudeRef: lat >= 0 ? 'N' : 'S', GPSLatitude: dms(lat), GPSLongitudeRef: lon >= 0 ? 'E' : 'W', GPSLongitude: dms(lon) },
  }).toBuffer();
};
// The annotated photo's colour: no text's anti-aliasing on the PDF comes near it.
const BLUE: [number, number, number] = [70, 130, 180];
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 8);

/** A drag over the drawing area, in fractions of the image (fitted whole, centred). */
async function drag(page: Page, area: Locator, size: { w: number; h: number }, from: [number, number], to: [number, number]) {
  const box = (await area.boundingBox())!;
  const scale = Math.min(box.width / size.w, box.height / size.h);
  const b = { x: box.x + (box.width - size.w * scale) / 2, y: box.y + (box.height - size.h * scale) / 2, w: size.w * scale, h: size.h * scale };
  await page.mouse.move(b.x + from[0] * b.w, b.y + from[1] * b.h);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(b.x + (from[0] + ((to[0] - from[0]) * i) / 8) * b.w, b.y + (from[1] + ((to[1] - from[1]) * i) / 8) * b.h);
  await page.mouse.up();
}

/** The PDF page where the blue photo is, and that photo's box on it. */
function bluePhotoOn(pdf: Buffer): { page: PagePixels; box: ReturnType<typeof boxOfPixels> } {
  for (let n = Number(pdfInfo(pdf).Pages); n >= 1; n--) {
    const page = renderPage(pdf, n);
    const box = boxOfPixels(page, (rgb) => near(rgb, BLUE));
    if (box.width > 300 && box.height > 200) return { page, box };
  }
  throw new Error('the blue photo is on no page of the PDF');
}

test('a field day on a phone: offline report with photos and an annotation, reopened offline, synced once, conflict chosen, certified and shared', async ({ page, context, baseURL, browser }) => {
  await signIn(page, LIMITED);
  await installed(page);

  // A new report, opened once online.
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { projectLabel: string }[] };
  await page.getByRole('link', { name: /Field Reports/ }).first().click();
  await page.getByRole('button', { name: 'New Field Report' }).click();
  const create = page.getByRole('dialog', { name: 'New Field Report' });
  await create.getByRole('textbox', { name: 'Project' }).fill(items[0]!.projectLabel.split(' - ')[0]!);
  await page.getByRole('option').first().click();
  await create.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/field-reports\/[0-9a-f-]{36}$/);
  const url = page.url();
  const id = url.split('/').at(-1)!;
  await expect(section(page, 'Findings')).toBeVisible({ timeout: 30_000 });
  await kept(page, `/api/field-reports/${id}`);
  await kept(page, 'session');
  const opened = await (await page.request.get(`/api/field-reports/${id}`)).json() as Report;
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();
  await expect(photos(page).getByLabel('Choose photos to upload')).toBeAttached();
  await page.waitForLoadState('networkidle');

  // Offline: three sections typed.
  await context.setOffline(true);
  await expect(queue(page, /^Offline\. Show the queue/)).toBeVisible();
  await section(page, 'Project Information').getByLabel('Building owner').fill('Harbor Mill LLC');
  await section(page, 'Findings').getByLabel('Damage summary').fill('Water through the roof deck');
  await section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Tarp on the north slope');
  await expect(queue(page, /3 changes waiting/)).toBeVisible();

  // Three photos with GPS; the first (flat blue) is annotated with a red rectangle while it waits.
  const files = [
    { name: 'ROOF_1.JPG', mimeType: 'image/jpeg', buffer: await gpsPhoto(BLUE, [40.7416667, -73.9875]) },
    { name: 'ROOF_2.JPG', mimeType: 'image/jpeg', buffer: await gpsPhoto([200, 180, 140], [40.742, -73.988]) },
    { name: 'ROOF_3.JPG', mimeType: 'image/jpeg', buffer: await gpsPhoto([90, 140, 90], [40.743, -73.989]) },
  ];
  await photos(page).getByLabel('Choose photos to upload').setInputFiles(files);
  for (const f of files) {
    await expect(photos(page).getByRole('group', { name: `${f.name} (not uploaded yet)` }).getByText('Waiting to upload')).toBeVisible({ timeout: 30_000 });
  }
  const pending = photos(page).getByRole('group', { name: 'ROOF_1.JPG (not uploaded yet)' });
  await pending.getByRole('button', { name: 'Annotate photo 1' }).click();
  const editor = page.getByRole('dialog', { name: 'Annotate photo 1' });
  const area = editor.getByRole('img', { name: /^Drawing area/ });
  await expect(area).toBeVisible();
  await editor.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await editor.getByRole('button', { name: 'Red', exact: true }).click();
  await drag(page, area, { w: 2000, h: 1500 }, [0.2, 0.2], [0.6, 0.6]);
  await expect(area).toHaveAccessibleName('Drawing area: 1 annotation');
  await editor.getByRole('button', { name: 'Save annotations' }).click();
  await expect(editor).toBeHidden();
  await expect(pending.getByRole('button', { name: 'Annotate photo 1' })).toHaveText('Annotate (1)');
  // Three fields and the annotation are changes; the photos are photos.
  const waiting = /^Offline\. 4 changes and 3 photos waiting\. Show the queue$/;
  await expect(queue(page, waiting)).toBeVisible();
  await expect(page.getByText('4 changes and 3 photos waiting', { exact: true })).toBeVisible();
  await pending.scrollIntoViewIfNeeded();
  await fitsThePhone(page);
  await shot(page, '1-offline-pending-photos');

  // Meanwhile another person changes the damage summary on the server.
  const other = await otherPerson(baseURL!);
  expect((await other.api.patch(`/api/field-reports/${id}/fields`, {
    headers: other.headers, data: { changeId: crypto.randomUUID(), path: '/content/damageSummary', value: 'Ceiling stain only', base: '' },
  })).ok()).toBe(true);

  // The page is closed; a new one opens the report offline, served by the worker; the queue still waits.
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(section(again, 'Findings')).toBeVisible({ timeout: 30_000 });
  await expect(queue(again, waiting)).toBeVisible();
  await expect(again.getByText('4 changes and 3 photos waiting', { exact: true })).toBeVisible();
  await expect(section(again, 'Findings').getByLabel('Damage summary')).toHaveValue('Water through the roof deck');
  await expect(photos(again).getByRole('group', { name: /\(not uploaded yet\)$/ })).toHaveCount(3);
  await shot(again, '2-reopened-offline-queue');

  // Online: the photos go out; the damage summary meets theirs and is the person's choice.
  await context.setOffline(false);
  const conflict = again.getByRole('alert').filter({ hasText: 'Someone else changed these fields while yours waited' });
  await expect(conflict).toBeVisible({ timeout: 60_000 });
  const field = conflict.getByRole('listitem', { name: 'Damage summary' });
  await expect(field).toContainText('Theirs: Ceiling stain only');
  await expect(field).toContainText('Yours: Water through the roof deck');
  await conflict.scrollIntoViewIfNeeded();
  await fitsThePhone(again);
  await shot(again, '3-conflict-choice');
  await field.getByRole('button', { name: 'Keep yours: Damage summary' }).click();
  await expect(again.getByText('All saved', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(conflict).toBeHidden();
  await expect(photos(again).getByRole('group', { name: 'Photo 3' })).toBeVisible({ timeout: 30_000 });

  // Everything arrived once: the fields, three photos in order, one annotation.
  const after = await (await again.request.get(`/api/field-reports/${id}`)).json() as Report;
  expect(after.content).toMatchObject({ buildingOwner: 'Harbor Mill LLC', damageSummary: 'Water through the roof deck', notes: 'Tarp on the north slope' });
  expect(after.version - opened.version, 'theirs + three changes, no change twice').toBe(4);
  expect(after.photos.map((p) => p.original?.name)).toEqual(files.map((f) => f.name));
  expect(after.photos.map((p) => p.original?.sha256)).toEqual(files.map((f) => sha(f.buffer)));
  expect(after.photos[0]!.annotations.map((a) => a.type)).toEqual(['rect']);
  expect(after.photos.slice(1).map((p) => p.annotations.length)).toEqual([0, 0]);

  // The stored photo has no EXIF; the evidence copy is the original as picked.
  const base = `/api/field-reports/${id}/photos/${after.photos[0]!.id}`;
  const image = await (await again.request.get(`${base}/image`)).body();
  expect(await exifr.parse(image)).toBeUndefined();
  expect((await sharp(image).metadata()).exif).toBeUndefined();
  expect(await exifr.gps(files[0]!.buffer)).toMatchObject({ latitude: expect.closeTo(40.7416667, 3) });
  const copy = await again.request.get(`${base}/original`);
  const bytes = await copy.body();
  expect(sha(bytes)).toBe(sha(files[0]!.buffer));
  expect(copy.headers()['x-content-sha256']).toBe(sha(files[0]!.buffer));

  // The PDF draws the rectangle over the blue photo: its left edge red, its inside the photo unchanged.
  const pdf = await (await again.request.get(`/api/field-reports/${id}/pdf`)).body();
  const { page: pixels, box } = bluePhotoOn(pdf);
  const at = (x: number, y: number) => pixels.at(box.left + x * box.width, box.top + y * box.height);
  const red = ([r, g, b]: number[]) => r! > 180 && g! < 90 && b! < 90;
  expect([0.19, 0.2, 0.21].map((x) => at(x, 0.4)).filter(red).length, 'the rectangle\'s left edge is red on the PDF').toBeGreaterThan(0);
  expect(near(at(0.4, 0.4), BLUE), 'inside the rectangle the photo is unchanged').toBe(true);
  expect(near(at(0.8, 0.8), BLUE), 'outside it too').toBe(true);

  // Certified (online), shared, opened by a client without an account, revoked, refused.
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf-token')!.value;
  const signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
  const certified = await again.request.post(`/api/field-reports/${id}/certify`, {
    headers: { 'x-csrf-token': csrf }, data: { version: after.version, drawnSignature: signature },
  });
  expect(certified.ok()).toBe(true);
  await again.reload();
  await again.getByRole('button', { name: 'Share with client' }).click();
  const share = again.getByRole('dialog', { name: `Share report ${opened.displayNumber} with a client` });
  await share.getByLabel('Label (optional)').fill('Owner\'s adjuster');
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = await share.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  await share.getByRole('button', { name: 'Done' }).click();

  const client = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  expect(await client.cookies()).toEqual([]);
  const phone = await client.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: `Field Report ${opened.displayNumber}` })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByRole('heading', { name: 'Photos (3)' })).toBeVisible();
  for (const n of [1, 2, 3]) {
    await expect.poll(() => phone.getByRole('img', { name: `Photo ${n}`, exact: true }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // The annotated photo shows its rectangle, as on screen and in the PDF.
  await expect(phone.getByRole('link', { name: 'Open Photo 1 full size' }).locator('svg[data-annotations="1"] rect')).toBeAttached();
  await shot(phone, '4-shared-phone');

  const item = share.getByRole('listitem', { name: 'Owner\'s adjuster' });
  await item.getByRole('button', { name: 'Revoke Owner\'s adjuster' }).click();
  await item.getByRole('button', { name: 'Revoke link' }).click();
  await expect(item).toContainText('Revoked');
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This link is no longer available.' })).toBeVisible();
  await shot(phone, '5-shared-revoked');
  await client.close();
  await other.api.dispose();
});
