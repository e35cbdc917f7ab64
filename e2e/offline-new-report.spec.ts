// A report created offline (issue 26, docs/decisions/108): in a phone-sized context with the app
// installed, the New Field Report dialog finds a kept project without a connection, the editor opens
// on a local copy without a number, typing, a photo and the certification wait after the create
// (across a reload), and online the server gives the number and stores everything once.
import { expect, test, type Page } from './test.ts';
import sharp from 'sharp';
import { LIMITED, signIn } from './sign-in.ts';
import { installed, kept } from './offline-helpers.ts';
import { signByDrawing } from './signature.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Report = { id: string; reportNumber: string; displayNumber: string; status: string; content: Record<string, unknown>; photos: unknown[] };
const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const queue = (page: Page, says: string | RegExp) => page.getByRole('button', { name: typeof says === 'string' ? new RegExp(says) : says });

type OfflineProject = { label: string; projectNumber: string; facts: { projectName: string; propertyAddress: string } };

/** A limited user with the app installed, on the list, whose projects and reports the device has kept. */
async function keptForOffline(page: Page): Promise<OfflineProject[]> {
  await signIn(page, LIMITED);
  await installed(page);
  await page.getByRole('link', { name: /Field Reports/ }).first().click();
  await expect(page.getByRole('button', { name: 'New Field Report' })).toBeVisible();
  await kept(page, '/api/field-reports/offline-projects');
  await kept(page, '/api/field-reports?');
  return ((await (await page.request.get('/api/field-reports/offline-projects')).json()) as { projects: OfflineProject[] }).projects;
}

/** Creates a report for `project` through the dialog (the connection already off); on its editor. */
async function createReport(page: Page, project: OfflineProject) {
  await page.getByRole('button', { name: 'New Field Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Field Report' });
  await dialog.getByRole('textbox', { name: 'Project' }).fill(project.projectNumber);
  await page.getByRole('option', { name: project.label }).click();
  await dialog.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/field-reports\/[0-9a-f-]{36}$/);
}

test('a report created without signal is typed in, photographed and certified, and reaches the server once with its number', async ({ page, context }) => {
  const project = (await keptForOffline(page))[0]!;
  const before = await (await page.request.get('/api/field-reports')).json() as { reports: unknown[] };

  await context.setOffline(true);
  await createReport(page, project);
  const url = page.url();
  const id = url.split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: 'New Field Report' })).toBeVisible();
  await expect(page.getByText('Given when the report reaches the server')).toBeVisible();
  await expect(section(page, 'Project Information').getByLabel('Project name')).toHaveValue(project.facts.projectName);
  await expect(queue(page, '1 change waiting')).toBeVisible();

  await section(page, 'Findings').getByLabel('Cause of loss').fill('Burst pipe in the crawl space');
  await expect(queue(page, '2 changes waiting')).toBeVisible();
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
  await section(page, /^Photos/).getByLabel('Choose photos to upload').setInputFiles({ name: 'CRAWL.JPG', mimeType: 'image/jpeg', buffer: photo });
  await expect(queue(page, '2 changes and 1 photo waiting')).toBeVisible({ timeout: 30_000 });
  // The photo waiting is one of the report's photos already.
  await expect(section(page, 'Photos (1)').getByText('Waiting to upload')).toBeVisible();
  await queue(page, '2 changes and 1 photo waiting').click();
  const list = page.getByRole('list', { name: 'Waiting to be sent' });
  await expect(list.getByText(`New report: ${project.label}`)).toBeVisible();
  await expect(list.getByText('New report: Cause of loss')).toBeVisible();
  await page.keyboard.press('Escape');

  // Reopened offline: the local copy and the queue are still there; the list shows it waiting.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'New Field Report' })).toBeVisible({ timeout: 30_000 });
  await expect(section(page, 'Findings').getByLabel('Cause of loss')).toHaveValue('Burst pipe in the crawl space');
  await expect(queue(page, '2 changes and 1 photo waiting')).toBeVisible();

  // Signed and certified offline, after the rest.
  await page.getByRole('button', { name: 'Certify' }).click();
  const certify = page.getByRole('dialog', { name: /Certify report/ });
  await expect(certify.getByText('No connection: the certification waits on this device')).toBeVisible();
  await signByDrawing(page, certify);
  await certify.getByRole('button', { name: 'Sign and certify' }).click();
  await expect(queue(page, '3 changes and 1 photo waiting')).toBeVisible();
  await page.goto('/field-reports');
  await expect(page.getByRole('link', { name: 'New: waiting to be sent' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'New: waiting to be sent' }).click();
  await expect(page.getByRole('heading', { name: 'New Field Report' })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(false);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: /^Field Report \S+$/ })).toBeVisible({ timeout: 30_000 });
  const stored = await (await page.request.get(`/api/field-reports/${id}`)).json() as Report;
  expect(stored.reportNumber).not.toBe('');
  expect(stored.status).toBe('certified');
  expect(stored.content).toMatchObject({ causeOfLoss: 'Burst pipe in the crawl space', projectName: project.facts.projectName });
  expect(stored.photos).toHaveLength(1);
  await expect(page.getByRole('heading', { name: `Field Report ${stored.displayNumber}` })).toBeVisible();
  const after = await (await page.request.get('/api/field-reports')).json() as { reports: { id: string }[] };
  expect(after.reports.length).toBe(before.reports.length + 1);
  expect(after.reports.filter((r) => r.id === id)).toHaveLength(1);
});

test('a report created without signal and deleted before it was sent leaves nothing behind', async ({ page, context }) => {
  const project = (await keptForOffline(page))[1]!;
  const before = await (await page.request.get('/api/field-reports')).json() as { reports: unknown[] };

  await context.setOffline(true);
  await createReport(page, project);
  await section(page, 'Findings').getByLabel('Cause of loss').fill('Wrong project');
  await expect(queue(page, '2 changes waiting')).toBeVisible();
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete report' }).click();
  await expect(page).toHaveURL(/\/field-reports$/);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New: waiting to be sent' })).toBeHidden();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect((await (await page.request.get('/api/field-reports')).json() as { reports: unknown[] }).reports).toHaveLength(before.reports.length);
});

// The create can be answered while the report's editor is closed (the person went to the dashboard):
// opening it again shows the report the server numbered, not the copy made before it was sent.
test('a report created without signal, sent while its editor is closed, opens again with its number', async ({ page, context }) => {
  const project = (await keptForOffline(page))[2]!;

  await context.setOffline(true);
  await createReport(page, project);
  await expect(page.getByRole('heading', { name: 'New Field Report' })).toBeVisible();
  await expect(queue(page, '1 change waiting')).toBeVisible();
  const id = page.url().split('/').at(-1)!;

  // To the dashboard (within the app, no page load), then the connection returns and the queue
  // sends while no editor is open.
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(false);
  await expect.poll(async () => (await page.request.get(`/api/field-reports/${id}`)).status(), { timeout: 60_000 }).toBe(200);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 60_000 });
  const stored = await (await page.request.get(`/api/field-reports/${id}`)).json() as Report;
  await page.getByRole('link', { name: /Field Reports/ }).first().click();
  // Numbers count per project: other reports of this worker's data may be "001" too.
  const link = page.locator(`a[href="/field-reports/${id}"]`);
  await expect(link).toHaveText(stored.displayNumber, { timeout: 30_000 });

  await link.click();
  await expect(page.getByRole('heading', { name: `Field Report ${stored.displayNumber}` })).toBeVisible();
  await expect(page.getByText('Given when the report reaches the server')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Report number' })).toHaveValue(stored.reportNumber);
});
