// Offline time entry (issue 26, docs/decisions/106): on a project opened once, time and expense rows
// wait in the one offline queue, say so on the row, in the totals and in the header, survive a closed
// tab, and are saved exactly once when the connection returns. Service workers are allowed here.
import { expect, test, type Page } from './test.ts';
import { otherPerson } from './offline-helpers.ts';
import { addRow, ADMIN, entriesOf, rowByKey, search, SHOTS, signIn, signInOnly } from './time-tracking-helpers.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** Waits until the app's worker is active and controls the page (it registers after the page is idle). */
async function underWorker(page: Page) {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}

/** Signed in as the admin, Hudson Crest's project open under the app's worker, nothing waiting. */
async function openInstalled(page: Page) {
  await signIn(page, ADMIN);
  const [hit] = await search(page, 'hudson crest');
  await page.goto(`/time-tracking?project=${hit!.id}`);
  await expect(page.locator('[data-row-key]').first()).toBeVisible();
  await underWorker(page);
  await expect(page.locator('[data-row-key]').first()).toBeVisible();
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();
  return hit!;
}

const queueLine = (page: Page, text: string | RegExp) => page.getByRole('button', { name: text });

test('offline rows wait in the queue, are still there after the tab is closed, and are saved once', async ({ page, context }) => {
  const stamp = `offline ${Date.now()}`;
  const hit = await openInstalled(page);

  await context.setOffline(true);
  const timeKey = await addRow(page);
  const timeRow = rowByKey(page, timeKey);
  await timeRow.getByLabel('Job Title').selectOption({ index: 1 });
  await timeRow.getByLabel('Hours').fill('2.5');
  await timeRow.getByLabel('Description').fill(`${stamp} time`);
  await expect(timeRow.getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Total [\d.]+ h · 1 row waiting$/ })).toBeVisible();

  await page.getByText('Log Expense').click();
  const expenseKey = await addRow(page);
  const expenseRow = rowByKey(page, expenseKey);
  await expenseRow.getByLabel('Expense Type').selectOption({ index: 1 });
  await expenseRow.getByLabel('Expense Amt').fill('12.50');
  await expenseRow.getByLabel('Description').fill(`${stamp} expense`);
  await expect(expenseRow.getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Total \$[\d,.]+ · 1 row waiting$/ })).toBeVisible();
  await expect(queueLine(page, /\b2 changes waiting/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-time-waiting-phone.png`, fullPage: true });
  await queueLine(page, /\b2 changes waiting/).click();
  const list = page.getByRole('list', { name: 'Waiting to be sent' });
  await expect(list.getByRole('listitem')).toHaveText([/^Time row \d+ \w{3}, 2\.5 hWaiting$/, /^Expense row \d+ \w{3}, .+ \$12\.50Waiting$/]);
  await page.keyboard.press('Escape');

  // The tab is closed; opened again without a connection, the worker serves the app and the rows still wait.
  await page.close();
  const again = await context.newPage();
  // Every part of the page (the offline rows' code, the timer, the action items) comes from the worker.
  const failed: string[] = [];
  again.on('requestfailed', (request) => void (new URL(request.url()).pathname.startsWith('/assets/') && failed.push(request.url())));
  await again.goto(`/time-tracking?project=${hit.id}`);
  await expect(rowByKey(again, timeKey).getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();
  await expect(rowByKey(again, timeKey).getByLabel('Description')).toHaveValue(`${stamp} time`);
  await expect(again.getByText(/^Offline: the entries as they were on/)).toBeVisible();
  await expect(again.getByText(/^No connection: the timer is kept on the server/)).toBeVisible();
  await expect(queueLine(again, /\b2 changes waiting/)).toBeVisible();
  await again.screenshot({ path: `${SHOTS}/offline-time-reopened-phone.png`, fullPage: true });
  expect(failed).toEqual([]);

  await context.setOffline(false);
  await expect(again.getByText('All saved', { exact: true })).toBeVisible();
  await expect(rowByKey(again, timeKey).getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await expect(again.getByRole('status').filter({ hasText: /^Total [\d.]+ h$/ })).toBeVisible();
  await again.getByText('Log Expense').click();
  await expect(rowByKey(again, expenseKey).getByRole('img', { name: 'Saved', exact: true })).toBeVisible();

  const entries = await entriesOf(again, hit.id);
  const mine = <E extends { description: string }>(list: E[]) => list.filter((e) => e.description.startsWith(stamp));
  expect(mine(entries.timeEntries)).toEqual([expect.objectContaining({ id: timeKey, hours: 2.5, description: `${stamp} time`, version: 1 })]);
  expect(mine(entries.expenseEntries)).toEqual([expect.objectContaining({ id: expenseKey, amount: 12.5, description: `${stamp} expense`, version: 1 })]);
});

test('an offline edit that meets a newer version gets the conflict row, and the queue lists it refused', async ({ page, context, browser }) => {
  await signIn(page, ADMIN);
  const [hit] = await search(page, 'northgate');
  await page.goto(`/time-tracking?project=${hit!.id}`);
  const key = await addRow(page);
  const row = rowByKey(page, key);
  await row.getByLabel('Job Title').selectOption({ index: 1 });
  await row.getByLabel('Hours').fill('1');
  await row.getByLabel('Description').fill('first');
  await expect(row.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();

  await context.setOffline(true);
  await row.getByLabel('Description').fill('mine, typed offline');
  await expect(row.getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();

  const otherContext = await browser.newContext({ serviceWorkers: 'block' });
  const other = await otherContext.newPage();
  await signInOnly(other);
  await other.goto(`/time-tracking?project=${hit!.id}`);
  await rowByKey(other, key).getByLabel('Description').fill('theirs, saved meanwhile');
  await expect(rowByKey(other, key).getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await otherContext.close();

  await context.setOffline(false);
  const alert = page.getByRole('alert').filter({ hasText: 'Someone else saved this entry' });
  await expect(alert).toContainText('theirs, saved meanwhile');
  await expect(row.getByRole('img', { name: 'Edit conflict' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /· 1 row not saved$/ })).toBeVisible();
  await queueLine(page, /1 not saved/).click();
  await expect(page.getByRole('list', { name: 'Waiting to be sent' }).getByRole('listitem')).toContainText([/^Time row \d+ \w{3}, 1 h/]);
  await page.screenshot({ path: `${SHOTS}/offline-time-conflict-phone.png`, fullPage: true });
  await page.keyboard.press('Escape');

  await alert.getByRole('button', { name: 'Keep mine' }).click();
  await expect(row.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();
  const saved = (await entriesOf(page, hit!.id)).timeEntries.filter((e: { id: string }) => e.id === key);
  expect(saved).toEqual([expect.objectContaining({ description: 'mine, typed offline', version: 3 })]);
});

test.describe('a lost answer', () => {
  // The worker would answer before page.route sees the request: blocked here, the queue is the page's.
  test.use({ serviceWorkers: 'block' });

  test('a new row deleted elsewhere before its lost answer came back: the resend is refused, the queue drops it and says so', async ({ page, baseURL }) => {
    const stamp = `deleted ${Date.now()}`;
    await signIn(page, ADMIN);
    const [hit] = await search(page, 'northgate');
    await page.goto(`/time-tracking?project=${hit!.id}`);
    const key = await addRow(page);
    // The first send reaches the server and its answer is lost; resends get no answer until the row is deleted elsewhere.
    let reached = false;
    let deleted = false;
    await page.route(`**/api/time-entries/${key}`, async (route) => {
      if (deleted) return route.continue();
      if (!reached) await route.fetch();
      reached = true;
      return route.abort('failed');
    });
    const row = rowByKey(page, key);
    await row.getByLabel('Job Title').selectOption({ index: 1 });
    await row.getByLabel('Hours').fill('1.25');
    await row.getByLabel('Description').fill(stamp);
    await expect.poll(() => reached).toBe(true);
    await expect(row.getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();

    const other = await otherPerson(baseURL!);
    expect((await other.api.delete(`/api/time-entries/${key}?version=1`, { headers: other.headers })).status()).toBe(204);
    await other.api.dispose();
    deleted = true;

    // The resent create (no version) meets the deleted id: 410, nothing stored, never sent again.
    const alert = page.getByRole('alert').filter({ hasText: 'Someone else deleted this entry' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await queueLine(page, /1 not saved/).click();
    const item = page.getByRole('list', { name: 'Waiting to be sent' }).getByRole('listitem');
    await expect(item).toContainText('Not saved: This entry was deleted.');
    await expect(item).toContainText('It was deleted elsewhere, so this will not be sent again.');
    await expect(item.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/offline-time-deleted-phone.png`, fullPage: true });
    await item.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('All saved', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    expect((await entriesOf(page, hit!.id)).timeEntries.filter((e: { description: string }) => e.description === stamp)).toEqual([]);

    // The person's values are not lost: saved again, they are a new entry under a new id.
    await alert.getByRole('button', { name: 'Save mine again' }).click();
    const mine = async () => (await entriesOf(page, hit!.id)).timeEntries.filter((e: { description: string }) => e.description === stamp);
    await expect.poll(mine).toEqual([expect.objectContaining({ hours: 1.25, version: 1 })]);
    const [saved] = await mine();
    expect(saved.id).not.toBe(key);
    await expect(rowByKey(page, saved.id).getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
    await expect(rowByKey(page, key)).toHaveCount(0);
  });
});

test('rows sent while the project is closed are in its kept copy: reopened offline later, they show as saved', async ({ page, context }) => {
  const stamp = `closed ${Date.now()}`;
  const hit = await openInstalled(page);

  await context.setOffline(true);
  const key = await addRow(page);
  const row = rowByKey(page, key);
  await row.getByLabel('Job Title').selectOption({ index: 1 });
  await row.getByLabel('Hours').fill('1.5');
  await row.getByLabel('Description').fill(`${stamp} time`);
  await expect(queueLine(page, /\b1 change waiting/)).toBeVisible();
  // The project is left; the row goes out while its page is closed.
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(false);
  await expect(page.getByText('All saved', { exact: true })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await page.goto(`/time-tracking?project=${hit.id}`);
  await expect(page.getByText(/^Offline: the entries as they were on/)).toBeVisible({ timeout: 30_000 });
  await expect(rowByKey(page, key).getByLabel('Description')).toHaveValue(`${stamp} time`);
  await expect(rowByKey(page, key).getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await context.setOffline(false);
});
