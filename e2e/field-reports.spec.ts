import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import type { TFieldReport } from '../src/core/api/field-reports.ts';
import { SECTION_TITLES } from '../src/core/field-reports/field-reports.ts';
import { makeJpeg, makePng } from '../test/helpers/uploads.ts';
import { pdfImages, pdfPages } from '../test/helpers/pdf-tools.ts';
import { usDay } from './days.ts';
import { LIMITED, signInOnly } from './sign-in.ts';
import { signByDrawing } from './signature.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name });
/** The editor has loaded (its chunks and the report can take a while on a busy machine). */
const editorOpen = (page: Page) => expect(section(page, 'Findings')).toBeVisible({ timeout: 30_000 });
/** What the browser kept of a closed tab's typing, offered back. */
const keptOffer = async (page: Page) => {
  const offer = page.getByRole('region', { name: /^You have unsaved changes from / });
  await expect(offer).toBeVisible();
  return offer;
};

test('an inspector creates, fills, photographs, certifies and prints a field report; a change makes R1', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInOnly(page, LIMITED);
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { projectLabel: string }[] };
  const projectNumber = items[0]!.projectLabel.split(' - ')[0]!;

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Field Reports/ }).click();
  await expect(page.getByRole('heading', { name: 'Field Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'New Field Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Field Report' });
  await dialog.getByRole('textbox', { name: 'Project' }).fill(projectNumber);
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/field-reports\/[0-9a-f-]{36}$/);
  const url = page.url();

  const parties = section(page, 'Present Parties');
  for (const [name, role, company] of [['Ellen Smith', 'Owner', ''], ['Rob Vance', 'Adjuster', 'Granite Mutual']]) {
    await parties.getByRole('button', { name: 'Add party' }).click();
    const row = parties.getByRole('group').last();
    await row.getByLabel('Name').fill(name!);
    await row.getByLabel('Role').fill(role!);
    if (company) await row.getByLabel('Company').fill(company);
  }
  await section(page, 'Findings').getByLabel('Cause of loss').fill('Unattended cooking');
  await section(page, 'Testing').getByRole('checkbox', { name: 'ACM required' }).check();
  await section(page, 'Testing').getByRole('checkbox', { name: 'ACM completed' }).check();
  await section(page, 'Habitability and Timeline').getByText('No', { exact: true }).click();
  const notesSaved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/fields')
    && (r.request().postData() ?? '').includes('Owner present throughout.'));
  await section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Owner present throughout.');
  expect((await notesSaved).status()).toBe(200);

  const photos = section(page, 'Photos (0)');
  await photos.getByLabel(/^Choose .* to upload$/).setInputFiles([
    { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 900) },
    { name: 'ceiling.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(900, 1200) },
  ]);
  const gallery = section(page, 'Photos (2)');
  await expect(gallery.getByRole('group', { name: 'Photo 2' })).toBeVisible();
  await gallery.getByLabel('Caption of photo 1').fill('Kitchen wall');
  await gallery.getByLabel('Caption of photo 2').fill('Dining ceiling');
  await gallery.getByLabel('Caption of photo 1').click();
  await gallery.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(gallery.getByLabel('Caption of photo 1')).toHaveValue('Dining ceiling');
  // Diagrams and readings: the same upload, each its own list.
  await section(page, 'Diagrams (0)').getByLabel(/^Choose .* to upload$/).setInputFiles([
    { name: 'plan.png', mimeType: 'image/png', buffer: await makePng(1400, 1000) },
  ]);
  await section(page, 'Diagrams (1)').getByLabel('Caption of diagram 1').fill('Ground floor plan');
  await section(page, 'Readings (0)').getByLabel(/^Choose .* to upload$/).setInputFiles([
    { name: 'meter.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(800, 600) },
  ]);
  await section(page, 'Readings (1)').getByLabel('Caption of reading 1').fill('Moisture 38% at the sink wall');
  await section(page, 'Readings (1)').getByLabel('Caption of reading 1').blur();
  await expect(section(page, 'Readings (1)').getByRole('img', { name: 'Moisture 38% at the sink wall' })).toBeVisible();
  await expect(section(page, 'Diagrams (1)').getByRole('img', { name: 'Ground floor plan' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/field-report-editor-tablet.png', fullPage: true });

  // Everything typed comes back after a reload.
  await page.reload();
  await expect(section(page, 'Present Parties').getByRole('group')).toHaveCount(2);
  await expect(section(page, 'Present Parties').getByRole('group').last().getByLabel('Company')).toHaveValue('Granite Mutual');
  await expect(section(page, 'Findings').getByLabel('Cause of loss')).toHaveValue('Unattended cooking');
  await expect(section(page, 'Testing').getByRole('checkbox', { name: 'ACM completed' })).toBeChecked();
  await expect(section(page, 'Testing').getByRole('checkbox', { name: 'Lead required' })).not.toBeChecked();
  await expect(section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' })).toHaveValue('Owner present throughout.');
  await expect(section(page, 'Diagrams (1)').getByLabel('Caption of diagram 1')).toHaveValue('Ground floor plan');

  await page.getByRole('button', { name: 'Certify' }).click();
  const certify = page.getByRole('dialog', { name: /Certify report/ });
  await signByDrawing(page, certify);
  await certify.getByRole('button', { name: 'Sign and certify' }).click();
  await expect(page.getByText(/This report is read-only/)).toBeVisible();
  await expect(section(page, 'Findings').getByLabel('Cause of loss')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Add party' })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9]+-FieldReport-\d{3}-\d{2}-\d{2}-\d{4}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  const pages = pdfPages(pdf);
  const text = pages.join('\n');
  expect(text).toContain('FIELD REPORT - Initial Inspection');
  for (const title of SECTION_TITLES) expect(text).toContain(title.toUpperCase());
  expect(text).toMatch(/ACM\s+Yes\s+Yes/);
  expect(text).toMatch(/HABITABLE\s[\s\S]*?\bNo\b/);
  expect(text).toContain('Rob Vance');
  expect(text).toMatch(/X\s+Diagrams\s+\(1 attached\)/);
  expect(text).toMatch(/X\s+Readings\s+\(1 attached\)/);
  expect(text).toMatch(/X\s+Photos\s+\(2 attached\)/);
  expect(text).toContain('Diagram 1: Ground floor plan');
  expect(text).toContain('Reading 1: Moisture 38% at the sink wall');
  expect(text).toContain('Photo 1: Dining ceiling');
  pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
  // The signature, the diagram, the reading and both photos are embedded.
  const embedded = pdfImages(pdf).map((i) => `${i.width}x${i.height}`);
  expect(embedded).toEqual(expect.arrayContaining(['1200x900', '900x1200', '1400x1000', '800x600']));
  expect(embedded.length).toBeGreaterThanOrEqual(5);

  await page.getByRole('button', { name: 'New revision' }).click();
  await expect(page.getByRole('heading', { name: /Field Report \d{3}-R1/ })).toBeVisible();
  const revisedSave = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/fields'));
  await section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Revised after the adjuster call.');
  expect((await revisedSave).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await page.goto(url);
  await expect(page.getByText(/This revision was replaced by a later one/)).toBeVisible();
  await expect(section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' })).toHaveValue('Owner present throughout.');
  await page.goto('/field-reports');
  await page.getByRole('textbox', { name: 'Search field reports' }).fill(projectNumber);
  await expect(page.getByRole('row').filter({ hasText: /-R1/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/field-reports-list.png', fullPage: true });
});

test('a project page opens its field reports; a stale save offers the conflict choice', async ({ page }) => {
  await signInOnly(page, LIMITED);
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { project_id: string }[] };
  const projectId = items[0]!.project_id;
  const created = await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': token },
    data: { id: randomUUID(), projectId, reportType: 'Follow-up Inspection', date: new Date().toISOString().slice(0, 10) },
  });
  const report = await created.json() as TFieldReport;

  await page.goto(`/project/${projectId}`);
  await page.getByRole('link', { name: 'Field reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/field-reports\\?project=${projectId}$`));
  await page.getByRole('row').filter({ hasText: 'Follow-up Inspection' }).filter({ hasText: report.displayNumber }).first().click();
  await expect(page).toHaveURL(new RegExp(`/field-reports/${report.id}$`));
  const purpose = section(page, 'Findings').getByLabel('Inspection purpose');
  await expect(purpose).toBeVisible();

  // A field saves on its own; then someone else saves the report. The field they changed that this
  // form changes too is a conflict, theirs and yours side by side; the one it did not touch comes in.
  await section(page, 'Findings').getByLabel('Areas involved').fill('Kitchen and hallway');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const now = await (await page.request.get(`/api/field-reports/${report.id}`)).json() as TFieldReport;
  const theirs = { ...now, content: { ...now.content, causeOfLoss: 'Burst pipe (office)', inspectionPurpose: 'Their purpose' } };
  const put = await page.request.put(`/api/field-reports/${report.id}`, {
    headers: { 'x-csrf-token': token },
    data: { projectId: theirs.projectId, reportType: theirs.reportType, reportNumber: theirs.reportNumber, date: theirs.date,
      inspectorId: theirs.inspectorId, content: theirs.content, version: theirs.version },
  });
  expect(put.status()).toBe(200);
  await purpose.fill('Moisture survey after the leak');
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed these fields while yours waited' });
  await expect(conflict).toContainText('Theirs: Their purpose');
  await expect(page.getByRole('status').filter({ hasText: 'Not saved: someone else changed a field' })).toBeVisible();
  await conflict.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/field-report-field-conflict.png' });
  await conflict.getByRole('button', { name: 'Keep yours: Inspection purpose' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await expect(section(page, 'Findings').getByLabel('Cause of loss')).toHaveValue('Burst pipe (office)');
  await page.reload();
  await expect(section(page, 'Findings').getByLabel('Inspection purpose')).toHaveValue('Moisture survey after the leak');
  await expect(section(page, 'Findings').getByLabel('Areas involved')).toHaveValue('Kitchen and hallway');
  await expect(section(page, 'Findings').getByLabel('Cause of loss')).toHaveValue('Burst pipe (office)');

  // Smart date entry; a date outside the 10-year window is refused where it is typed and not saved.
  const date = section(page, 'Report').getByRole('textbox', { name: 'Date' });
  await date.fill('yesterday');
  await date.press('Enter');
  const us = usDay(-1);
  await expect(date).toHaveValue(us);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await date.fill('01/01/2045');
  await date.press('Enter');
  await expect(section(page, 'Report').getByText('Date seems incorrect (>10 years from today)')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Report').getByRole('textbox', { name: 'Date' })).toHaveValue(us);

  // A photo shows at once from the picked file, marked as not uploaded yet, while it is on its way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(`**/api/field-reports/${report.id}/photos/*`, async (route) => {
    await held;
    await route.continue();
  });
  await section(page, 'Photos (0)').getByLabel(/^Choose .* to upload$/).setInputFiles([
    { name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(640, 480) },
  ]);
  await expect(section(page, 'Photos (1)').getByRole('group', { name: 'wall.jpg (not uploaded yet)' })).toBeVisible();
  release();
  await expect(section(page, 'Photos (1)').getByRole('group', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'wall.jpg (not uploaded yet)' })).toHaveCount(0);
});

test('a field past its limit is counted and refused by name, the others save, and a closed tab gives the text back', async ({ page, context }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInOnly(page, LIMITED);
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { project_id: string }[] };
  const created = await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': token },
    data: { id: randomUUID(), projectId: items[0]!.project_id, reportType: 'Re-Inspection', date: new Date().toISOString().slice(0, 10) },
  });
  const report = await created.json() as TFieldReport;
  const stored = async () => (await (await page.request.get(`/api/field-reports/${report.id}`)).json() as TFieldReport).content;
  await page.goto(`/field-reports/${report.id}`);
  await editorOpen(page);

  // The count appears from 80% of the limit, with a description for screen readers.
  const findings = section(page, 'Findings');
  const summary = findings.getByLabel('Damage summary');
  await summary.fill('a'.repeat(7_999));
  await expect(findings.getByText('7,999 / 10,000')).toHaveCount(0);
  await summary.fill('a'.repeat(9_812));
  await expect(findings.getByText('9,812 / 10,000')).toBeVisible();
  await expect(summary).toHaveAccessibleDescription('188 of 10,000 characters left');

  // A paste past the limit is kept whole, counted in red, refused by name; the other fields save.
  const long = 'Water stains along the east wall, ceiling tiles sagging. '.repeat(180);
  expect(long.length).toBe(10_260);
  await summary.fill(long);
  await expect(summary).toHaveValue(long);
  const counter = findings.getByText('10,260 / 10,000');
  await expect(counter).toBeVisible();
  await expect(counter).toHaveCSS('color', 'rgb(201, 42, 42)');
  await expect(summary).toHaveAccessibleDescription(/260 characters over the limit of 10,000/);
  await section(page, 'Habitability and Timeline').getByLabel('Habitability notes').fill('Power restored to the kitchen.');
  await section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Met the owner at 9.');
  const status = page.getByRole('status').filter({ hasText: 'Not saved' });
  await expect(status).toHaveText('Not saved: Damage summary · everything else is saved');
  await expect(findings.getByText('Damage summary has 10,260 characters; the limit is 10,000. Shorten it to save it.')).toBeVisible();
  await expect(summary).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(async () => (await stored()).notes).toBe('Met the owner at 9.');
  expect((await stored()).habitability.notes).toBe('Power restored to the kitchen.');
  expect((await stored()).damageSummary.length).toBeLessThanOrEqual(10_000);
  // The status names the field and takes the user to it.
  await page.getByRole('textbox', { name: 'Field notes' }).focus();
  await status.getByRole('button', { name: 'Damage summary' }).click();
  await expect(summary).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/field-report-refused-field.png' });

  // Close the tab and open the report again in a new one: the refused change waits in the outbox, and
  // its text comes back into the field, still named as not saved (nothing is offered: nothing is lost).
  await page.close();
  const again = await context.newPage();
  await again.setViewportSize({ width: 820, height: 1180 });
  await again.goto(`/field-reports/${report.id}`);
  await editorOpen(again);
  const summaryAgain = section(again, 'Findings').getByLabel('Damage summary');
  await expect(summaryAgain).toHaveValue(long);
  await expect(again.getByRole('region', { name: /^You have unsaved changes from / })).toHaveCount(0);
  await expect(again.getByRole('status').filter({ hasText: 'Not saved' })).toContainText('Damage summary');

  // Shortened, it saves, and the browser forgets its copy: a reload offers nothing.
  await summaryAgain.fill(long.slice(0, 9_000));
  await expect(again.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect.poll(async () => (await stored()).damageSummary.length).toBe(9_000);
  await again.reload();
  await editorOpen(again);
  await expect(section(again, 'Findings').getByLabel('Damage summary')).toHaveValue(long.slice(0, 9_000));
  await expect(again.getByRole('region', { name: /^You have unsaved changes from / })).toHaveCount(0);
});

test('text typed just before the tab closes is offered back, and Discard forgets it', async ({ page, context }) => {
  await signInOnly(page, LIMITED);
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { project_id: string }[] };
  const created = await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': token },
    data: { id: randomUUID(), projectId: items[0]!.project_id, reportType: 'Final Inspection', date: new Date().toISOString().slice(0, 10) },
  });
  const report = await created.json() as TFieldReport;
  // The tab closes within the second after the typing: the changes never reached the outbox (the
  // page's clock stands still from here), only the browser's kept drafts.
  await page.clock.install();
  await page.goto(`/field-reports/${report.id}`);
  await editorOpen(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
  await section(page, 'Findings').getByLabel('Cause of loss').fill('Frozen pipe in the attic');
  await section(page, 'Testing').getByRole('checkbox', { name: 'Lead required' }).check();
  await page.close();
  await context.clock.resume();

  const again = await context.newPage();
  await again.goto(`/field-reports/${report.id}`);
  await editorOpen(again);
  const offer = await keptOffer(again);
  await expect(offer).toContainText('Cause of loss');
  await expect(offer).toContainText('Lead required');
  // Per field: keep the cause, drop the checkbox.
  await offer.getByRole('checkbox', { name: 'Cause of loss' }).uncheck();
  await offer.getByRole('button', { name: 'Discard' }).click();
  await expect(offer).not.toContainText('Lead required');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(section(again, 'Findings').getByLabel('Cause of loss')).toHaveValue('Frozen pipe in the attic');
  await expect(section(again, 'Testing').getByRole('checkbox', { name: 'Lead required' })).not.toBeChecked();
  await expect(again.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await again.reload();
  await editorOpen(again);
  await expect(section(again, 'Findings').getByLabel('Cause of loss')).toHaveValue('Frozen pipe in the attic');
  await expect(again.getByRole('region', { name: /^You have unsaved changes from / })).toHaveCount(0);
});
