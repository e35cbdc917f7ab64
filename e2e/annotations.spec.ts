import { createRequire } from 'node:module';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from './test.ts';
import { boxOfPixels, renderPage } from '../test/helpers/pdf-pixels.ts';
import { pdfInfo, pdfPages } from '../test/helpers/pdf-tools.ts';
import { LIMITED, signIn } from './sign-in.ts';

// Annotations on a report photo at phone size (docs/decisions/104): drawn with a thumb-sized
// toolbar, undone and redone, saved, shown over the thumbnail after a reload, printed on the PDF.

// axe is injected as a script, which the app's CSP rightly forbids to anyone else.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, bypassCSP: true });

const W = 800;
const H = 600;
const gray = () => sharp({ create: { width: W, height: H, channels: 3, background: { r: 128, g: 128, b: 128 } } }).png().toBuffer();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's serious and critical findings inside the open dialog (as e2e/accessibility.spec.ts reads a page). */
async function dialogViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Found = { id: string; impact: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Element, o: object): Promise<{ violations: Found[] }> } }).axe;
    const { violations } = await axe.run(document.querySelector('[role="dialog"]')!, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** Where the image is drawn inside the drawing area (fitted whole, centred). */
async function imageBox(area: Locator) {
  const box = (await area.boundingBox())!;
  const scale = Math.min(box.width / W, box.height / H);
  return { x: box.x + (box.width - W * scale) / 2, y: box.y + (box.height - H * scale) / 2, w: W * scale, h: H * scale };
}

/** A finger's drag (touch events, as a phone sends them; the browser makes pointer events of them). */
async function touchDrag(page: Page, area: Locator, from: [number, number], to: [number, number]) {
  const b = await imageBox(area);
  const cdp = await page.context().newCDPSession(page);
  const point = (i: number) => ({ x: b.x + (from[0] + ((to[0] - from[0]) * i) / 8) * b.w, y: b.y + (from[1] + ((to[1] - from[1]) * i) / 8) * b.h });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(i)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function drag(page: Page, area: Locator, from: [number, number], to: [number, number]) {
  const b = await imageBox(area);
  await page.mouse.move(b.x + from[0] * b.w, b.y + from[1] * b.h);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(b.x + (from[0] + ((to[0] - from[0]) * i) / 8) * b.w, b.y + (from[1] + ((to[1] - from[1]) * i) / 8) * b.h);
  }
  await page.mouse.up();
}

/** A new report with one gray photo, open on the screen; its id. */
async function reportWithPhoto(page: Page) {
  await signIn(page, LIMITED);
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { projectLabel: string }[] };
  await page.goto('/field-reports');
  await page.getByRole('button', { name: 'New Field Report' }).click();
  const create = page.getByRole('dialog', { name: 'New Field Report' });
  await create.getByRole('textbox', { name: 'Project' }).fill(items[0]!.projectLabel.split(' - ')[0]!);
  await page.getByRole('option').first().click();
  await create.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/field-reports\/[0-9a-f-]{36}$/);
  const reportId = page.url().split('/').at(-1)!;

  await section(page, 'Photos (0)').getByLabel('Choose photos to upload').setInputFiles([{ name: 'wall.png', mimeType: 'image/png', buffer: await gray() }]);
  await expect(section(page, 'Photos (1)').getByRole('group', { name: 'Photo 1' })).toBeVisible();
  return reportId;
}

test('an inspector annotates a photo on a phone: arrow, circle, undo, redo, a label; saved, reloaded, printed', async ({ page }) => {
  const reportId = await reportWithPhoto(page);
  const card = section(page, 'Photos (1)').getByRole('group', { name: 'Photo 1' });
  await card.getByRole('button', { name: 'Annotate photo 1' }).click();

  const editor = page.getByRole('dialog', { name: 'Annotate photo 1' });
  const area = editor.getByRole('img', { name: /^Drawing area/ });
  await expect(area).toBeVisible();
  // Every tool is a thumb's target and nothing scrolls sideways.
  for (const name of ['Arrow', 'Circle', 'Rectangle', 'Line', 'Text', 'Red', 'Yellow', 'Blue', 'White', 'Black', 'Undo', 'Redo']) {
    const box = (await editor.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
  }
  // The editor fits the phone's width (the page behind it is the phone layout's own check).
  const [scrollWidth, clientWidth, right] = await editor.evaluate((el) => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(right).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/annotations-phone-editor.png' });

  await expect(editor.getByRole('button', { name: 'Arrow', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await drag(page, area, [0.1, 0.1], [0.4, 0.4]);
  await expect(area).toHaveAccessibleName('Drawing area: 1 annotation');
  await editor.getByRole('button', { name: 'Circle', exact: true }).tap();
  await touchDrag(page, area, [0.55, 0.3], [0.9, 0.7]);
  await expect(area).toHaveAccessibleName('Drawing area: 2 annotations');
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expect(area).toHaveAccessibleName('Drawing area: 1 annotation');
  await editor.getByRole('button', { name: 'Redo' }).click();
  await expect(area).toHaveAccessibleName('Drawing area: 2 annotations');
  await expect(editor.getByRole('button', { name: 'Redo' })).toBeDisabled();

  await editor.getByRole('button', { name: 'Text', exact: true }).click();
  await editor.getByRole('button', { name: 'Yellow' }).click();
  const b = await imageBox(area);
  await page.mouse.click(b.x + 0.1 * b.w, b.y + 0.9 * b.h);
  await editor.getByRole('textbox', { name: 'Label text' }).fill('Water line');
  await editor.getByRole('button', { name: 'Add label' }).click();
  await expect(area).toHaveAccessibleName('Drawing area: 3 annotations');
  await expect(area.locator('text')).toHaveText('Water line');
  await page.screenshot({ path: 'test-results/annotations-phone-drawn.png' });
  expect(await dialogViolations(page)).toEqual([]);

  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/annotations'));
  await editor.getByRole('button', { name: 'Save annotations' }).click();
  expect((await saved).status()).toBe(200);
  await expect(editor).toBeHidden();
  await expect(card.getByRole('button', { name: 'Annotate photo 1' })).toHaveText('Annotate (3)');

  await page.reload();
  const reloaded = section(page, 'Photos (1)').getByRole('group', { name: 'Photo 1' });
  await expect(reloaded.getByRole('button', { name: 'Annotate photo 1' })).toHaveText('Annotate (3)', { timeout: 30_000 });
  await expect(reloaded.locator('svg[data-annotations="3"]')).toBeVisible();
  await reloaded.scrollIntoViewIfNeeded();
  await reloaded.screenshot({ path: 'test-results/annotations-phone-card.png' });

  // The PDF draws them over the photo: the red circle's left edge, the blue... and the label as text.
  const pdf = await (await page.request.get(`/api/field-reports/${reportId}/pdf`)).body();
  expect(pdfPages(pdf).join('\n')).toContain('Water line');
  const last = renderPage(pdf, Number(pdfInfo(pdf).Pages));
  const photo = boxOfPixels(last, ([r, g, bl]) => Math.abs(r - 128) < 6 && Math.abs(g - 128) < 6 && Math.abs(bl - 128) < 6);
  const at = (x: number, y: number) => last.at(photo.left + x * photo.width, photo.top + y * photo.height);
  const red = ([r, g, bl]: number[]) => r! > 180 && g! < 90 && bl! < 90;
  const reds = [0.54, 0.55, 0.56].map((x) => at(x, 0.5)).filter(red);
  expect(reds.length, 'the circle\'s left edge is red on the PDF').toBeGreaterThan(0);
  expect(red(at(0.25, 0.25)), 'the arrow\'s shaft is red').toBe(true);
  expect(at(0.72, 0.5), 'inside the circle the photo is unchanged').toEqual([128, 128, 128]);

  // Once certified they are read-only: the card offers them to look at, without tools.
  const report = await (await page.request.get(`/api/field-reports/${reportId}`)).json() as { version: number };
  const signature = `data:image/png;base64,${(await sharp({ create: { width: 300, height: 90, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64')}`;
  const certified = await page.request.post(`/api/field-reports/${reportId}/certify`, {
    data: { version: report.version, drawnSignature: signature }, headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(certified.status()).toBe(200);
  await page.reload();
  const done = section(page, 'Photos (1)').getByRole('group', { name: 'Photo 1' });
  await done.getByRole('button', { name: 'View annotations of photo 1' }).click();
  const viewer = page.getByRole('dialog', { name: 'Annotations of photo 1' });
  await expect(viewer.getByRole('img', { name: 'Drawing area: 3 annotations' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Arrow', exact: true })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(viewer).toBeHidden();
});

test('annotations saved offline wait in the queue as one change and go out once when the connection returns', async ({ page, context }) => {
  const reportId = await reportWithPhoto(page);
  const card = section(page, 'Photos (1)').getByRole('group', { name: 'Photo 1' });
  // The editor's code is fetched once while online (the installed app has it precached).
  await card.getByRole('button', { name: 'Annotate photo 1' }).click();
  await page.getByRole('dialog', { name: 'Annotate photo 1' }).getByRole('button', { name: 'Cancel' }).click();
  const puts: number[] = [];
  page.on('response', (r) => { if (r.request().method() === 'PUT' && r.url().endsWith('/annotations')) puts.push(r.status()); });

  await context.setOffline(true);
  for (const [tool, from, to, count] of [['Arrow', [0.1, 0.1], [0.4, 0.4], 1], ['Circle', [0.5, 0.3], [0.9, 0.7], 2]] as const) {
    await card.getByRole('button', { name: 'Annotate photo 1' }).click();
    const editor = page.getByRole('dialog', { name: 'Annotate photo 1' });
    // The photo shows offline too (the full image or, failing that, the thumbnail the card loaded).
    await expect.poll(() => editor.getByRole('img', { name: 'Photo 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await editor.getByRole('button', { name: tool, exact: true }).click();
    await drag(page, editor.getByRole('img', { name: /^Drawing area/ }), [...from], [...to]);
    await editor.getByRole('button', { name: 'Save annotations' }).click();
    await expect(editor).toBeHidden();
    await expect(card.getByRole('button', { name: 'Annotate photo 1' })).toHaveText(`Annotate (${count})`);
    // The second save takes the first one's place: still one change.
    await expect(page.getByRole('button', { name: /\b1 change waiting/ })).toBeVisible();
  }
  await page.getByRole('button', { name: /\b1 change waiting/ }).click();
  await expect(page.getByText(/: Annotations of photo 1$/)).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(puts).toEqual([200]);
  const stored = await (await page.request.get(`/api/field-reports/${reportId}`)).json() as { photos: { annotations: { type: string }[]; annotationsVersion: number }[] };
  expect(stored.photos[0]!.annotations.map((a) => a.type)).toEqual(['arrow', 'circle']);
  expect(stored.photos[0]!.annotationsVersion).toBe(1);
});
