import { expect, test, type Page } from '@playwright/test';
import { ADMIN, LIMITED, signIn } from './sign-in.ts';

// The fake Google runs on the port after the app's (e2e/serve.ts).
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3217) + 1}`;
const fakeState = async (page: Page) =>
  (await (await page.request.get(`${FAKE}/__state`)).json()) as { events: { id: string; summary: string; description: string; end: { dateTime: string }; reminders: unknown }[] };
const control = (page: Page, body: Record<string, unknown>) => page.request.post(`${FAKE}/__control`, { data: body });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function someProject(page: Page): Promise<string> {
  const { items } = (await (await page.request.get('/api/action-items')).json()) as { items: { project_id: string }[] };
  return items[0]!.project_id;
}

test.afterAll(async ({ browser }) => {
  // Leave the shared server as the other specs expect it: no calendar.
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  await page.goto('/settings');
  const disconnect = page.getByRole('button', { name: 'Disconnect' });
  if (await disconnect.isVisible()) {
    await disconnect.click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Not connected')).toBeVisible();
  }
  await control(page, { reset: true });
  await page.close();
});

test('a limited user cannot reach the calendar connection', async ({ page }) => {
  await signIn(page, LIMITED);
  await page.goto('/settings');
  await expect(page.getByText('Admin settings are available to administrators only.')).toBeVisible();
  expect((await page.request.post('/api/calendar/disconnect', { data: {}, headers: { 'x-csrf-token': 'x' } })).status()).toBe(403);
});

test('connect, sync an item, complete it, remove it; a 503 keeps it pending until Sync now', async ({ page }) => {
  test.setTimeout(120_000);
  await control(page, { reset: true });
  await signIn(page, ADMIN);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Google Calendar' });
  await expect(section.getByText('Not connected')).toBeVisible();
  await section.getByRole('button', { name: 'Connect' }).click();
  // The fake consents at once and sends the browser back to /settings with a code.
  await expect(section.getByText('Connected to Hale & Ortiz Engineering.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(section.getByRole('row', { name: /Calendar ID/ })).toContainText('office@hale-ortiz.example');
  await page.screenshot({ path: 'test-results/calendar-settings.png', fullPage: true });

  const projectId = await someProject(page);
  await page.goto(`/action-items?project=${projectId}`);
  const title = `Roof inspection ${Date.now()}`;
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Action Item' });
  await dialog.getByLabel('Assignee').fill('Denise');
  await page.getByRole('option', { name: 'Denise Park' }).click();
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
  await expect(rowOf(page, title).getByRole('img', { name: 'Synced to Google Calendar' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Sync Successful')).toBeVisible();
  await expect(page.getByText('1 status update(s) synced to Google Calendar')).toBeVisible();
  const event = (await fakeState(page)).events.find((e) => e.summary === title)!;
  expect(event.description).toMatch(/^Client: .+\nAssignee: Denise Park\nStatus: Open\nMeeting Link: N\/A/);
  expect(event.end.dateTime).toMatch(/T14:30:00$/);
  expect(event.reminders).toEqual({ useDefault: false, overrides: [{ method: 'popup', minutes: 60 }, { method: 'popup', minutes: 15 }] });

  // Completing updates the same event.
  await rowOf(page, title).getByRole('button', { name: /Change status/ }).click();
  await page.getByRole('menuitem', { name: 'Completed' }).click();
  await expect.poll(async () => (await fakeState(page)).events.find((e) => e.summary === title)?.description, { timeout: 15_000 })
    .toContain('Status: Completed');
  expect((await fakeState(page)).events.filter((e) => e.summary === title)).toHaveLength(1);
  await page.screenshot({ path: 'test-results/calendar-card.png', fullPage: true });

  // Turning sync off and choosing Remove deletes the event.
  await rowOf(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Action Item' });
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
  await page.getByRole('option', { name: 'Denise Park' }).click();
  await dialog.getByLabel('Short Description').fill(second);
  await dialog.getByLabel('Date').fill('tomorrow');
  await dialog.getByLabel('Date').press('Tab');
  await dialog.getByRole('button', { name: 'Save & Sync' }).click();
  await expect(page.getByText('Action Item Saved')).toBeVisible();
  await expect(page.getByText('1 pending')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await page.screenshot({ path: 'test-results/calendar-pending.png', fullPage: true });
  await page.getByRole('button', { name: 'Close message' }).click();
  await control(page, { calendarStatus: null });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Sync Successful')).toBeVisible();
  await expect(page.getByText('1 pending')).toHaveCount(0);
  await expect(rowOf(page, second).getByRole('img', { name: 'Synced to Google Calendar' })).toBeVisible();
});

test('a revoked grant says to reconnect', async ({ page }) => {
  await signIn(page, ADMIN);
  await control(page, { revoked: true });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Google Calendar' });
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'Calendar access expired. Please reconnect in Admin Settings.' })).toBeVisible();
  await expect(section.getByText('Needs reconnecting')).toBeVisible();
  await page.screenshot({ path: 'test-results/calendar-reconnect.png', fullPage: true });
  await control(page, { revoked: false });
});
