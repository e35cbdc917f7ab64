// Offline first for field reports (issue 26, docs/decisions/102): in a phone-sized context with the
// app installed, a report opened once is edited offline, the queue survives a closed page, every
// change arrives exactly once, a field someone else changed meanwhile is the person's choice, and a
// certification made offline goes through when the connection returns.
import { expect, test, type BrowserContext, type Page } from './test.ts';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';
import { LIMITED, signIn } from './sign-in.ts';
import { installed, kept, otherPerson } from './offline-helpers.ts';
import { signByDrawing } from './signature.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Report = { id: string; displayNumber: string; version: number; status: string; content: Record<string, unknown> };
const section = (page: Page, name: string) => page.getByRole('region', { name });
/** The queue's line in the header, by what it says. */
const queue = (page: Page, says: string | RegExp) => page.getByRole('button', { name: typeof says === 'string' ? new RegExp(says) : says });

const csrfOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'csrf-token')!.value;

/** Signed in as the limited user with the app installed, a new report (made through the API) open in the editor, its copy kept. */
async function openNewReport(page: Page, context: BrowserContext): Promise<Report> {
  await signIn(page, LIMITED);
  await installed(page);
  const { projects } = await (await page.request.get('/api/field-reports/offline-projects')).json() as { projects: { id: string }[] };
  const report = await (await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': await csrfOf(context) },
    data: { id: crypto.randomUUID(), projectId: projects[0]!.id, reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  })).json() as Report;
  await page.goto(`/field-reports/${report.id}`);
  await expect(section(page, 'Findings').getByLabel('Damage summary')).toBeVisible({ timeout: 30_000 });
  await kept(page, `/api/field-reports/${report.id}`);
  return report;
}

test('edits made offline wait in the queue across a closed page, arrive once, and a conflicting field is the person\'s choice; certified offline', async ({ page, context, baseURL }) => {
  await signIn(page, LIMITED);
  await installed(page);
  // A new report, opened once online (its copy is kept for offline).
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { projectLabel: string }[] };
  await page.getByRole('link', { name: /Field Reports/ }).first().click();
  await page.getByRole('button', { name: 'New Field Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Field Report' });
  await dialog.getByRole('textbox', { name: 'Project' }).fill(items[0]!.projectLabel.split(' - ')[0]!);
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/field-reports\/[0-9a-f-]{36}$/);
  const url = page.url();
  const id = url.split('/').at(-1)!;
  await expect(section(page, 'Findings')).toBeVisible({ timeout: 30_000 });
  await kept(page, `/api/field-reports/${id}`);
  await kept(page, 'session');
  const opened = await (await page.request.get(`/api/field-reports/${id}`)).json() as Report;
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await expect(queue(page, /^Offline\. Show the queue/)).toBeVisible();
  await section(page, 'Project Information').getByLabel('Building owner').fill('Harbor Mill LLC');
  await section(page, 'Findings').getByLabel('Damage summary').fill('Water through the roof deck');
  await section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Tarp on the north slope');
  await expect(queue(page, '3 changes waiting')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device: waiting to be sent' })).toBeVisible();
  await queue(page, '3 changes waiting').click();
  const list = page.getByRole('list', { name: 'Waiting to be sent' });
  for (const field of ['Building owner', 'Damage summary', 'Field notes']) {
    await expect(list.getByText(`Report ${opened.displayNumber}: ${field}`)).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // Meanwhile another person changes the same field on the server.
  const other = await otherPerson(baseURL!);
  const theirs = await other.api.patch(`/api/field-reports/${id}/fields`, {
    headers: other.headers, data: { changeId: crypto.randomUUID(), path: '/content/damageSummary', value: 'Ceiling stain only', base: '' },
  });
  expect(theirs.ok()).toBe(true);

  // The page is closed; a new one opens the report offline: the worker serves the app, the browser the report and the queue.
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(section(again, 'Findings')).toBeVisible({ timeout: 30_000 });
  await expect(queue(again, '3 changes waiting')).toBeVisible();
  await expect(section(again, 'Findings').getByLabel('Damage summary')).toHaveValue('Water through the roof deck');

  await context.setOffline(false);
  const conflict = again.getByRole('alert').filter({ hasText: 'Someone else changed these fields while yours waited' });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await expect(queue(again, /^1 not saved/)).toBeVisible();
  const field = conflict.getByRole('listitem', { name: 'Damage summary' });
  await expect(field).toContainText('Theirs: Ceiling stain only');
  await expect(field).toContainText('Yours: Water through the roof deck');
  await field.getByRole('button', { name: 'Keep yours: Damage summary' }).click();
  await expect(again.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(conflict).toBeHidden();

  // Each change arrived once: theirs, then the three typed here (Damage summary as the choice made).
  await expect(again.getByText('All saved', { exact: true })).toBeVisible();
  const after = await (await again.request.get(`/api/field-reports/${id}`)).json() as Report;
  expect(after.content).toMatchObject({ buildingOwner: 'Harbor Mill LLC', damageSummary: 'Water through the roof deck', notes: 'Tarp on the north slope' });
  expect(after.version).toBe(opened.version + 4);

  // Signed and certified offline: it waits after the last change and goes through when online.
  await context.setOffline(true);
  await section(again, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Tarp on the north slope. Signed on site.');
  await expect(queue(again, '1 change waiting')).toBeVisible();
  await again.getByRole('button', { name: 'Certify' }).click();
  const certify = again.getByRole('dialog', { name: /Certify report/ });
  await expect(certify.getByText('No connection: the certification waits on this device')).toBeVisible();
  await signByDrawing(again, certify);
  await certify.getByRole('button', { name: 'Sign and certify' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Certification waits to be sent' })).toBeVisible();
  await expect(queue(again, '2 changes waiting')).toBeVisible();
  await context.setOffline(false);
  await expect(again.getByText('All saved', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(again.getByText('Certified', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const certified = await (await again.request.get(`/api/field-reports/${id}`)).json() as Report;
  expect(certified.status).toBe('certified');
  expect(certified.content.notes).toBe('Tarp on the north slope. Signed on site.');
  await other.api.dispose();
});

test('a refused change discarded from the queue\'s list leaves the field with the server\'s value', async ({ page, context, baseURL }) => {
  const report = await openNewReport(page, context);
  const damage = section(page, 'Findings').getByLabel('Damage summary');

  await context.setOffline(true);
  await damage.fill('Mine, typed offline');
  await expect(queue(page, '1 change waiting')).toBeVisible();
  const other = await otherPerson(baseURL!);
  await other.api.patch(`/api/field-reports/${report.id}/fields`, {
    headers: other.headers, data: { changeId: crypto.randomUUID(), path: '/content/damageSummary', value: 'Theirs, from the office', base: '' },
  });
  await context.setOffline(false);
  await expect(queue(page, /^1 not saved/)).toBeVisible({ timeout: 30_000 });
  await queue(page, /^1 not saved/).click();
  const list = page.getByRole('list', { name: 'Waiting to be sent' });
  await list.getByRole('button', { name: 'Discard' }).click();
  await list.getByRole('button', { name: 'Discard' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();
  await expect(damage).toHaveValue('Theirs, from the office');
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed these fields' })).toBeHidden();
  await other.api.dispose();
});

test('an edit the device cannot keep (storage full) stays in the form, says so, and goes once storage works again', async ({ page, context }) => {
  const report = await openNewReport(page, context);
  const damage = section(page, 'Findings').getByLabel('Damage summary');

  await context.setOffline(true);
  // The browser's storage refuses every write, as a full disk does.
  await page.evaluate(() => {
    const w = window as unknown as { keptAdd: unknown; keptPut: unknown };
    w.keptAdd = IDBObjectStore.prototype.add;
    w.keptPut = IDBObjectStore.prototype.put;
    const full = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    IDBObjectStore.prototype.add = full;
    IDBObjectStore.prototype.put = full;
  });
  await damage.fill('Typed with a full disk');
  await expect(page.getByRole('alert').filter({ hasText: 'this device could not keep it' })).toBeVisible();
  await expect(queue(page, /1 not saved/)).toBeVisible();
  await expect(damage).toHaveValue('Typed with a full disk');

  await page.evaluate(() => {
    const w = window as unknown as { keptAdd: typeof IDBObjectStore.prototype.add; keptPut: typeof IDBObjectStore.prototype.put };
    IDBObjectStore.prototype.add = w.keptAdd;
    IDBObjectStore.prototype.put = w.keptPut;
  });
  await damage.fill('Typed with a full disk, then room');
  await expect(queue(page, '1 change waiting')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  const stored = await (await page.request.get(`/api/field-reports/${report.id}`)).json() as Report;
  expect(stored.content.damageSummary).toBe('Typed with a full disk, then room');
});

test('a session that ended while offline: back online the app asks to sign in, and the waiting edit goes once the same person has', async ({ page, context }) => {
  const report = await openNewReport(page, context);
  const csrf = await csrfOf(context);
  const damage = section(page, 'Findings').getByLabel('Damage summary');

  await context.setOffline(true);
  await damage.fill('Typed before the session ended');
  await expect(queue(page, '1 change waiting')).toBeVisible();
  // Meanwhile the session ends on the server (signed out elsewhere, or expired).
  expect((await page.request.post('/api/auth/logout', { headers: { 'x-csrf-token': csrf } })).ok()).toBe(true);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await page.getByLabel('Email').fill(LIMITED);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  const stored = await (await page.request.get(`/api/field-reports/${report.id}`)).json() as Report;
  expect(stored.content.damageSummary).toBe('Typed before the session ended');
  expect(stored.version).toBe(report.version + 1);
});

test('edits sent while the report is closed are in its kept copy: reopened offline later, it shows them', async ({ page, context }) => {
  const report = await openNewReport(page, context);
  const damage = (p: Page) => section(p, 'Findings').getByLabel('Damage summary');

  await context.setOffline(true);
  await damage(page).fill('Sent after the report was closed');
  await expect(queue(page, '1 change waiting')).toBeVisible();
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(false);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await page.goto(`/field-reports/${report.id}`);
  await expect(damage(page)).toHaveValue('Sent after the report was closed', { timeout: 30_000 });
  await section(page, 'Field Notes').getByRole('textbox', { name: 'Field notes' }).fill('Second visit');
  await expect(queue(page, '1 change waiting')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed these fields' })).toBeHidden();
  const stored = await (await page.request.get(`/api/field-reports/${report.id}`)).json() as Report;
  expect(stored.content).toMatchObject({ damageSummary: 'Sent after the report was closed', notes: 'Second visit' });
});
