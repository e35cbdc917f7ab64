import { expect, fakeGoogleURL, test, type Page } from './test.ts';
import { ADMIN, LIMITED, signIn, signInOnly } from './sign-in.ts';

// The fake Google runs on the port after the worker's app (e2e/serve.ts, e2e/test.ts).
const fakeState = async (page: Page) =>
  (await (await page.request.get(`${fakeGoogleURL()}/__state`)).json()) as { events: { id: string; summary: string; description: string; end: { dateTime: string }; reminders: unknown }[] };
const control = (page: Page, body: Record<string, unknown>) => page.request.post(`${fakeGoogleURL()}/__control`, { data: body });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function someProject(page: Page): Promise<string> {
  const { items } = (await (await page.request.get('/api/action-items')).json()) as { items: { project_id: string }[] };
  return items[0]!.project_id;
}

async function csrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
}

// The fake's client (test/fakes/google-server.ts), entered on the screen: the server has no GOOGLE_CLIENT_ID/SECRET.
const CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
const CLIENT_SECRET = 'fake-client-secret';

/** Enters the fake's client id and secret in Settings → Google Calendar unless they are saved. */
async function ensureConfigured(page: Page) {
  await page.goto('/settings/calendar');
  const section = page.getByRole('region', { name: 'Google Calendar' });
  const clientId = section.getByLabel('Google Client ID');
  await expect(clientId).toBeVisible({ timeout: 60_000 }); // a busy machine loads Settings slowly
  if ((await clientId.inputValue()) !== CLIENT_ID && await clientId.isEnabled()) {
    await clientId.fill(CLIENT_ID);
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(section.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  }
  const secret = section.getByLabel('Client secret');
  if (await secret.isVisible()) {
    await secret.fill(CLIENT_SECRET);
    await section.getByRole('button', { name: 'Save secret' }).click();
    await expect(section.getByText('A client secret is saved.')).toBeVisible();
  }
  return section;
}

/** Connects from Settings unless the calendar already is (the tests below do not depend on the order they run in). */
async function ensureConnected(page: Page) {
  const section = await ensureConfigured(page);
  const connect = section.getByRole('button', { name: /^(Connect|Reconnect)$/ });
  const test = section.getByRole('button', { name: 'Test connection' });
  await expect(connect.or(test).first()).toBeVisible();
  if (!(await connect.isVisible())) return;
  await connect.click();
  await expect(section.getByText(/^Connected to /)).toBeVisible();
}

/** Creates an item with sync on through the API, as `page`'s user; with `synced`, waits for its event (Sync now). */
async function syncedItem(page: Page, projectId: string, title: string, synced = true): Promise<string> {
  const headers = { 'x-csrf-token': await csrf(page) };
  const { users } = (await (await page.request.get('/api/action-items/assignable-users')).json()) as { users: { id: string }[] };
  const res = await page.request.post('/api/action-items', { headers, data: {
    projectId, assignee: users[0]!.id, shortDescription: title, dueDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    startTime: '10:00', endTime: '10:30', calendarSync: true,
  } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  if (synced) {
    await page.request.post('/api/calendar/sync-now', { headers, data: { projectId } });
    await expect.poll(async () => ((await (await page.request.get(`/api/action-items/${id}`)).json()) as { gcalSynced: boolean }).gcalSynced)
      .toBe(true);
  }
  return id;
}

async function twoProjects(page: Page): Promise<[string, string]> {
  const { items } = (await (await page.request.get('/api/action-items')).json()) as { items: { project_id: string }[] };
  const ids = [...new Set(items.map((i) => i.project_id))];
  return [ids[0]!, ids[1]!];
}

/** Opens the item's form, turns sync off and picks Unlink or (confirmed) Remove. */
async function turnSyncOff(page: Page, title: string, choice: 'unlink' | 'remove') {
  await rowOf(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Action Item' });
  // A forced click does not wait for the dialog's opening animation: wait for it first.
  await expect(edit).toHaveCSS('opacity', '1');
  await edit.getByRole('switch', { name: 'Google Calendar sync' }).click({ force: true });
  if (choice === 'unlink') {
    await page.getByRole('button', { name: 'Disable without Removing' }).click();
  } else {
    await page.getByRole('button', { name: 'Remove from Google Calendar' }).click();
    await page.getByRole('button', { name: 'Yes, Remove' }).click();
  }
  return edit;
}

/**
 * Times, inside the page, how long the Edit Action Item dialog stays after `message` shows: a
 * runner that is slow to look (a busy machine) cannot make the form's reset look early or late.
 */
async function timeReset(page: Page, message: string): Promise<() => Promise<number>> {
  await page.evaluate((text) => {
    const state = { shownAt: 0, goneAt: 0 };
    const editOpen = () => [...document.querySelectorAll('[role=dialog]')].some(
      (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === 'Edit Action Item');
    const observer = new MutationObserver(() => {
      if (!state.shownAt && document.body.innerText.includes(text)) state.shownAt = performance.now();
      if (state.shownAt && !state.goneAt && !editOpen()) {
        state.goneAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    (window as unknown as { resetTiming: typeof state }).resetTiming = state;
  }, message);
  return async () => {
    await expect.poll(() => page.evaluate(() => (window as unknown as { resetTiming: { goneAt: number } }).resetTiming.goneAt)).toBeGreaterThan(0);
    return page.evaluate(() => {
      const { shownAt, goneAt } = (window as unknown as { resetTiming: { shownAt: number; goneAt: number } }).resetTiming;
      return goneAt - shownAt;
    });
  };
}

test.afterAll(async ({ browser }) => {
  // Leave the shared server as the other specs expect it: no calendar.
  const page = await browser.newPage();
  await signInOnly(page, ADMIN);
  await page.goto('/settings/calendar');
  const disconnect = page.getByRole('button', { name: 'Disconnect' });
  if (await disconnect.isVisible()) {
    await disconnect.click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Not connected')).toBeVisible();
  }
  await control(page, { reset: true });
  await page.close();
});

test('a limited user cannot reach the calendar connection', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/settings/calendar');
  await expect(page.getByText('Admin settings are available to administrators only.')).toBeVisible();
  const headers = { 'x-csrf-token': await csrf(page) };
  for (const url of ['/api/calendar/connect', '/api/calendar/disconnect', '/api/calendar/test']) {
    const res = await page.request.post(url, { data: {}, headers });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PERMISSION_DENIED');
  }
  expect((await page.request.put('/api/calendar/client-id', { data: { clientId: 'x' }, headers })).status()).toBe(403);
  expect((await page.request.put('/api/calendar/client-secret', { data: { clientSecret: 'x' }, headers })).status()).toBe(403);
});

test('the client id and secret are entered on the screen; Test connection says what is wrong; Connect works without a restart', async ({ page }) => {
  await control(page, { reset: true });
  await signInOnly(page, ADMIN);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Google Calendar' });
  const uri = (await section.getByTestId('calendar-redirect-uri').textContent())!;
  expect(uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/settings$/);
  const clientId = section.getByLabel('Google Client ID');
  const saveId = section.getByRole('button', { name: 'Save', exact: true });
  const testButton = section.getByRole('button', { name: 'Test connection' });

  // An unknown client id, said next to the field.
  await clientId.fill('unknown-client.apps.googleusercontent.com');
  await saveId.click();
  await expect(saveId).toBeDisabled();
  const secret = section.getByLabel('Client secret');
  if (!(await secret.isVisible())) await section.getByRole('button', { name: 'Replace' }).click();
  await section.getByLabel('Client secret').fill('not-the-secret');
  await section.getByRole('button', { name: 'Save secret' }).click();
  await expect(section.getByText('A client secret is saved.')).toBeVisible();
  await testButton.click();
  await expect(section.getByText(/^Google does not know this client ID\./)).toBeVisible();

  // The right id, a wrong secret.
  await clientId.fill(CLIENT_ID);
  await saveId.click();
  await expect(saveId).toBeDisabled();
  await testButton.click();
  await expect(section.getByText(/^Google refused the client secret/)).toBeVisible();
  await section.getByRole('button', { name: 'Replace' }).click();
  await section.getByLabel('Client secret').fill(CLIENT_SECRET);
  await section.getByRole('button', { name: 'Save secret' }).click();
  await expect(section.getByText('A client secret is saved.')).toBeVisible();
  expect(await page.content()).not.toContain(CLIENT_SECRET);

  // A redirect URI Google does not accept: the exact one to register is named.
  await control(page, { redirectUris: ['https://casebook.example.com/settings'] });
  await testButton.click();
  await expect(section.getByText(`Google does not accept the redirect URI ${uri}.`, { exact: false })).toBeVisible();
  await section.screenshot({ path: 'test-results/calendar-setup-refused.png' });
  await control(page, { redirectUris: [uri] });
  await testButton.click();
  await expect(section.getByText(/^Google accepts this client ID, its client secret and the redirect URI\./)).toBeVisible();

  // Connect, with the secret saved here, no restart.
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(section.getByText('Connected to Hale & Ortiz Engineering.')).toBeVisible();
  await section.screenshot({ path: 'test-results/calendar-setup-connected.png' });
  await section.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByText('Not connected')).toBeVisible();
  await control(page, { reset: true });
});

test('connect, sync an item, complete it, remove it; a 503 keeps it pending until Sync now', async ({ page }) => {
  await control(page, { reset: true });
  await signIn(page, ADMIN);
  const section = await ensureConfigured(page);
  await expect(section.getByText('Not connected')).toBeVisible();
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  // The fake consents at once and sends the browser back to /settings with a code.
  await expect(section.getByText('Connected to Hale & Ortiz Engineering.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/calendar$/);
  await expect(section.getByRole('row', { name: /Calendar ID/ })).toContainText('office@hale-ortiz.example');
  await section.screenshot({ path: 'test-results/calendar-settings.png' });

  const projectId = await someProject(page);
  await page.goto(`/action-items?project=${projectId}`);
  const title = `Roof inspection ${Date.now()}`;
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Action Item' });
  await dialog.getByLabel('Assignee').fill('Denise');
  await page.getByRole('listbox').getByRole('option', { name: 'Denise Park' }).click();
  await dialog.getByLabel('Short Description').fill(title);
  await dialog.getByLabel('Date').fill('tomorrow');
  await dialog.getByLabel('Date').press('Tab');
  await dialog.getByLabel('Start Time').fill('2pm');
  await dialog.getByLabel('Start Time').press('Tab');
  await expect(dialog.getByRole('switch', { name: 'Google Calendar sync' })).toBeChecked();
  await page.screenshot({ path: 'test-results/calendar-form.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save & Sync' }).click();
  await expect(page.getByText('Action Item Saved')).toBeVisible();
  // After the 3 s debounce the event exists and the GCal column says so.
  await expect(rowOf(page, title).getByRole('img', { name: 'Synced to Google Calendar' })).toBeVisible();
  await expect(page.getByText('Sync Successful')).toBeVisible();
  await expect(page.getByText('1 status update(s) synced to Google Calendar')).toBeVisible();
  const event = (await fakeState(page)).events.find((e) => e.summary === title)!;
  expect(event.description).toMatch(/^Client: .+\nAssignee: Denise Park\nStatus: Open\nMeeting Link: N\/A/);
  expect(event.end.dateTime).toMatch(/T14:30:00$/);
  expect(event.reminders).toEqual({ useDefault: false, overrides: [{ method: 'popup', minutes: 60 }, { method: 'popup', minutes: 15 }] });

  // Completing updates the same event.
  await rowOf(page, title).getByRole('button', { name: /Change status/ }).click();
  await page.getByRole('menuitem', { name: 'Completed' }).click();
  await expect.poll(async () => (await fakeState(page)).events.find((e) => e.summary === title)?.description)
    .toContain('Status: Completed');
  expect((await fakeState(page)).events.filter((e) => e.summary === title)).toHaveLength(1);
  await expect(rowOf(page, title).getByRole('img', { name: 'Synced to Google Calendar' })).toBeVisible();
  await page.screenshot({ path: 'test-results/calendar-card.png', fullPage: true });

  // Turning sync off and choosing Remove deletes the event.
  await rowOf(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Action Item' });
  // A forced click does not wait for the dialog's opening animation: wait for it first.
  await expect(edit).toHaveCSS('opacity', '1');
  await edit.getByRole('switch', { name: 'Google Calendar sync' }).click({ force: true });
  await page.getByRole('button', { name: 'Remove from Google Calendar' }).click();
  await page.getByRole('button', { name: 'Yes, Remove' }).click();
  await expect(page.getByText('Successfully removed from the calendar')).toBeVisible();
  await expect(edit.getByRole('switch', { name: 'Google Calendar sync' })).not.toBeChecked();
  expect((await fakeState(page)).events.filter((e) => e.summary === title)).toHaveLength(0);
  await edit.getByRole('button', { name: 'Discard Changes' }).click();

  // With Google answering 503 the save still succeeds; the item waits, 'N pending' with Sync now.
  await control(page, { calendarStatus: 503 });
  const second = `Moisture readings ${Date.now()}`;
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  await dialog.getByLabel('Assignee').fill('Denise');
  await page.getByRole('listbox').getByRole('option', { name: 'Denise Park' }).click();
  await dialog.getByLabel('Short Description').fill(second);
  await dialog.getByLabel('Date').fill('tomorrow');
  await dialog.getByLabel('Date').press('Tab');
  await dialog.getByRole('button', { name: 'Save & Sync' }).click();
  await expect(page.getByText('Action Item Saved')).toBeVisible();
  await expect(page.getByText('1 pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await page.screenshot({ path: 'test-results/calendar-pending.png', fullPage: true });
  await page.getByRole('button', { name: 'Close message' }).click();
  // Google recovers, slowly: 'Syncing...' while the item goes out, then the toast that closes itself after 5 s.
  await control(page, { calendarStatus: null, delayMs: 1500 });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Syncing...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await expect(page.getByText('Sync Successful')).toBeVisible();
  await control(page, { delayMs: 0 });
  await expect(page.getByRole('progressbar', { name: 'Closes in a moment' })).toBeVisible();
  await expect(page.getByText('1 pending')).toHaveCount(0);
  await expect(rowOf(page, second).getByRole('img', { name: 'Synced to Google Calendar' })).toBeVisible();
  await expect(page.getByText('Sync Successful')).toBeHidden({ timeout: 7_000 });
});

test('the form resets 4 s after Unlink and 8 s after a failed Remove (SPEC §9), never over unsaved edits', async ({ page }) => {
  await control(page, { reset: true });
  await signIn(page, ADMIN);
  await ensureConnected(page);
  const projectId = await someProject(page);
  const stamp = Date.now();
  const [unlinked, failing, edited] = [`Unlink me ${stamp}`, `Remove fails ${stamp}`, `Keep my edits ${stamp}`];
  for (const title of [unlinked, failing, edited]) await syncedItem(page, projectId, title);
  await page.goto(`/action-items?project=${projectId}`);

  // Unlink: the outcome shows, the form stays a moment, then resets (closes) 4 s later.
  let resetAfter = await timeReset(page, 'Sync disabled without removing from the calendar.');
  let edit = await turnSyncOff(page, unlinked, 'unlink');
  await expect(page.getByText('Sync disabled without removing from the calendar.')).toBeVisible();
  await expect(edit.getByRole('switch', { name: 'Google Calendar sync' })).not.toBeChecked();
  await expect(edit).toBeHidden();
  expect(await resetAfter()).toBeGreaterThanOrEqual(3000); // 4 s from the answer
  await page.getByRole('button', { name: 'Close message' }).click();

  // A failed Remove: its message, and the reset waits 8 s.
  await control(page, { calendarStatus: 403 });
  resetAfter = await timeReset(page, 'Could not remove from the calendar - it may have already been deleted');
  edit = await turnSyncOff(page, failing, 'remove');
  await expect(page.getByText('Could not remove from the calendar - it may have already been deleted')).toBeVisible();
  await expect(edit).toBeHidden();
  expect(await resetAfter()).toBeGreaterThanOrEqual(6500); // 8 s from the answer; the message paints a little after it
  await page.getByRole('button', { name: 'Close message' }).click();
  // The refused removal waits in the queue with its error: Sync now, or Clear.
  const indicator = page.getByRole('group', { name: 'Calendar sync' });
  await expect(indicator.getByText('1 pending')).toBeVisible();
  await expect(indicator.getByRole('button', { name: 'Clear' })).toBeVisible();
  await indicator.screenshot({ path: 'test-results/calendar-indicator-failed.png' });
  await control(page, { calendarStatus: null });

  // Edits typed before the choice are not thrown away by the reset.
  await rowOf(page, edited).getByRole('button', { name: 'Edit' }).click();
  edit = page.getByRole('dialog', { name: 'Edit Action Item' });
  await edit.getByLabel('Long Description').fill('Bring the moisture meter');
  // A forced click does not wait for the dialog's opening animation: wait for it first.
  await expect(edit).toHaveCSS('opacity', '1');
  await edit.getByRole('switch', { name: 'Google Calendar sync' }).click({ force: true });
  await page.getByRole('button', { name: 'Disable without Removing' }).click();
  await expect(page.getByText('Sync disabled without removing from the calendar.')).toBeVisible();
  await page.waitForTimeout(6000);
  await expect(edit.getByLabel('Long Description')).toHaveValue('Bring the moisture meter');
  await page.screenshot({ path: 'test-results/calendar-unlink-kept-edits.png', fullPage: true });
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Action Item Updated')).toBeVisible();
  await expect(edit).toBeHidden();

  // The failed removal waited in the queue with its error: Sync now sends it.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Sync Successful')).toBeVisible();
});

test("a project's indicator counts that project's queue, live in every browser; the dashboard counts the firm's", async ({ page, browser }) => {
  await control(page, { reset: true });
  await signIn(page, ADMIN);
  await ensureConnected(page);
  // Whatever earlier tests left queued goes out first.
  await page.request.post('/api/calendar/sync-now', { headers: { 'x-csrf-token': await csrf(page) }, data: {} });
  const [x, y] = await twoProjects(page);
  const other = await browser.newPage();
  await signIn(other, LIMITED);
  try {
    await page.goto(`/action-items?project=${x}`);
    await other.goto(`/action-items?project=${y}`);
    const indicator = (p: Page) => p.getByRole('group', { name: 'Calendar sync' });
    await expect(indicator(page)).toBeAttached();
    await expect(indicator(page).getByText(/pending/)).toHaveCount(0);
    // Google asks for 45 s before a retry: the runner does not send X's item before Sync now does,
    // even on a busy machine (at 20 s, a slow sign-in of the third browser let the runner win).
    await control(page, { calendarStatus: 503, retryAfter: 45 });
    // Someone else queues an item of project X: X's card counts it without a reload; Y's does not.
    await syncedItem(other, x, `Pending in X ${Date.now()}`, false);
    await expect(indicator(page).getByText('1 pending')).toBeVisible();
    await syncedItem(other, y, `Pending in Y ${Date.now()}`, false);
    await expect(indicator(other).getByText('1 pending')).toBeVisible();
    await expect(indicator(page).getByText('1 pending')).toBeVisible();
    await page.screenshot({ path: 'test-results/calendar-project-pending.png', fullPage: true });
    const firm = await browser.newPage();
    await signInOnly(firm, ADMIN);
    await firm.goto('/action-items');
    await expect(indicator(firm).getByText('2 pending')).toBeVisible();
    // Google is back: X's Sync now sends X's item only; every browser sees its count fall.
    await control(page, { calendarStatus: null, retryAfter: null });
    await indicator(page).getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('1 status update(s) synced to Google Calendar')).toBeVisible();
    await expect(indicator(page).getByText(/pending/)).toHaveCount(0);
    // Y's item goes out at its next retry.
    await expect(indicator(other).getByText(/pending/)).toHaveCount(0, { timeout: 75_000 });
    await expect(indicator(firm).getByText(/pending/)).toHaveCount(0);
    await firm.close();
  } finally {
    await other.close();
  }
});

test('a revoked grant says to reconnect', async ({ page }) => {
  await signIn(page, ADMIN);
  // Connected first, whatever ran before (or nothing did): a revoked grant is a connection's.
  await ensureConnected(page);
  await control(page, { revoked: true });
  try {
    await page.goto('/settings/calendar');
    const section = page.getByRole('region', { name: 'Google Calendar' });
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByRole('alert').filter({ hasText: 'Calendar access expired. Please reconnect in Admin Settings.' })).toBeVisible();
    await expect(section.getByText('Needs reconnecting')).toBeVisible();
    await page.screenshot({ path: 'test-results/calendar-reconnect.png', fullPage: true });
    // Where sync is offered, the same words: the action items card.
    await page.goto(`/action-items?project=${await someProject(page)}`);
    await expect(page.getByRole('group', { name: 'Calendar sync' }).getByText('Calendar access expired. Please reconnect in Admin Settings.')).toBeVisible();
  } finally {
    // The fake grants again, for the tests after this one (they reconnect through ensureConnected).
    await control(page, { revoked: false });
  }
});
