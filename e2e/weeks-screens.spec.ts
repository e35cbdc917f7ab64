import { expect, test, type Page, type Route } from './test.ts';
import { WEEK_MESSAGES } from '../src/core/time/weeks.ts';
import { pressUntilShown } from './press.ts';
import { ADMIN, search, SHOTS, signIn, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

// Issue 25's screens of helper D (timer, closed weeks on the project page, dashboard reminders,
// Settings → Timesheets, unbilled hours waiting) with the week routes answered in the browser:
// they run before the server's timesheet routes exist. e2e/weeks.spec.ts is the real journey.

const LOCKED = WEEK_MESSAGES.locked('2026-11-30');
const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
const weekLock409 = { error: { code: 'CONSTRAINT_VIOLATION', message: LOCKED, details: { week: { status: 'approved', weekStart: '2026-11-23', day: '2026-11-30' } } } };

/** GET/POST/DELETE /api/timer and the job titles, kept in the page: stop first asks for the day, then books. */
async function fakeTimer(page: Page) {
  let timer: Record<string, string> | null = null;
  const stops: unknown[] = [];
  await page.route('**/api/timesheet/job-titles?*', (route) => json(route, { jobTitles: ['Senior Engineer', 'Engineer'] }));
  await page.route('**/api/timer', (route) => {
    if (route.request().method() === 'DELETE') {
      timer = null;
      return route.fulfill({ status: 204 });
    }
    return json(route, { timer, serverNow: new Date().toISOString() });
  });
  await page.route('**/api/timer/start', (route) => {
    const body = route.request().postDataJSON();
    timer = { ...body, projectLabel: 'Picked project', description: '', startedAt: new Date(Date.now() - 3_725_000).toISOString() };
    return json(route, { timer, serverNow: new Date().toISOString() });
  });
  await page.route('**/api/timer/stop', (route) => {
    const body = route.request().postDataJSON();
    stops.push(body);
    if (!body.day) return json(route, { status: 'pick-day', days: ['2026-11-25', '2026-11-26'], hours: 1.1 });
    timer = null;
    return json(route, {
      status: 'booked',
      entry: {
        id: body.entryId, projectId: 'p', entryDate: body.day, initials: '', description: '', createdBy: 'me', version: 1,
        updatedAt: new Date().toISOString(), billNumber: null, jobType: 'Engineer', hours: 1.1, workDetails: '', userId: 'me',
      },
    });
  });
  return stops;
}

test('the dashboard: reminders link to the week and the queue; the timer starts, asks the day past midnight, books', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.route('**/api/dashboard', async (route) => {
    const real = await (await route.fetch()).json();
    return json(route, { ...real, unsubmittedWeek: '2026-11-16', approvalsWaiting: 3 });
  });
  const stops = await fakeTimer(page);
  await page.goto('/dashboard');
  const reminder = page.getByRole('link', { name: 'Your week of 11/16/2026 is not submitted' });
  await expect(reminder).toHaveAttribute('href', '/timesheet?week=2026-11-16');
  await expect(page.getByRole('link', { name: '3 weeks wait for your approval' })).toHaveAttribute('href', '/timesheet/approvals');
  await expect(page.getByRole('link', { name: /^Timesheet Your week/ })).toHaveAttribute('href', '/timesheet');

  const timer = page.getByRole('region', { name: 'Timer' });
  await expect(timer.getByText('No timer is running.')).toBeVisible();
  await pressUntilShown(timer.getByRole('button', { name: 'Start a timer' }), timer.getByRole('combobox', { name: 'Project' }));
  await expect(timer.getByRole('button', { name: 'Start timer' })).toBeDisabled();
  await timer.getByRole('combobox', { name: 'Project' }).fill('bayonne');
  await timer.getByRole('option').first().click();
  await timer.getByRole('textbox', { name: 'Job title' }).click();
  await page.getByRole('option', { name: 'Engineer', exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/weeks-dashboard-01.png`, fullPage: true });
  await timer.getByRole('button', { name: 'Start timer' }).click();
  await expect(timer.getByRole('timer', { name: 'Time running' })).toHaveText(/^1:02:0\d$/);
  await page.reload();
  await expect(timer.getByRole('timer', { name: 'Time running' })).toHaveText(/^1:02:\d\d$/);
  await page.screenshot({ path: `${SHOTS}/weeks-dashboard-02-running.png`, fullPage: true });

  await timer.getByRole('button', { name: 'Stop' }).click();
  await expect(timer.getByText(WEEK_MESSAGES.pickDay)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/weeks-dashboard-03-pick-day.png` });
  await timer.getByRole('button', { name: 'Thursday 11/26/2026' }).click();
  await expect(timer.getByRole('status')).toHaveText('Booked 1.1 h on 11/26/2026 to Picked project.');
  // One entry id through both stops: the server books once.
  expect(stops).toHaveLength(2);
  expect((stops[1] as { entryId: string }).entryId).toBe((stops[0] as { entryId: string }).entryId);
  await expect(timer.getByRole('button', { name: 'Start a timer' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/weeks-dashboard-04-phone.png`, fullPage: true });
});

test("the project page: a closed week's rows are read-only and every change says the week's sentence", async ({ page }) => {
  await signInOnly(page, ADMIN);
  await fakeTimer(page);
  const hit = (await search(page, 'bayonne'))[0]!;
  const firstId = '00000000-0000-4000-8000-000000000001';
  await page.route(`**/api/time-tracking/projects/${hit.id}`, async (route) => {
    const real = await (await route.fetch()).json();
    const entry = (id: string, entryDate: string, week: unknown) => ({
      id, projectId: hit.id, entryDate, initials: 'DP', description: 'Site visit', createdBy: 'someone', version: 1,
      updatedAt: '2026-11-30T12:00:00.000Z', billNumber: null, jobType: real.jobTitles[0], hours: 2, workDetails: '', userId: 'someone', week,
    });
    real.timeEntries = [
      entry(firstId, '2026-11-24', { status: 'approved', lockMessage: LOCKED }),
      entry('00000000-0000-4000-8000-000000000002', '2026-11-17', { status: 'rejected', lockMessage: null }),
      ...real.timeEntries,
    ];
    return json(route, real);
  });
  await page.goto(`/time-tracking?project=${hit.id}`);
  const locked = page.locator(`[data-row-key="${firstId}"]`);
  await expect(locked.getByText(/Week\s*Approved/)).toBeVisible();
  await expect(locked).toHaveAttribute('title', LOCKED);
  await expect(page.getByLabel('Rows you cannot change', { exact: true })).toHaveText(LOCKED);
  await expect(locked.getByRole('spinbutton', { name: 'Hours' })).toBeDisabled();
  await expect(page.getByText(/Week\s*Rejected/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timer' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/weeks-project-01.png`, fullPage: true });

  // Bulk hours, duplicate and delete: nothing is sent, the sentence says why.
  const writes: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/api/time-entries/') && writes.push(r.url()));
  await locked.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Apply Hours to Selected' }).click();
  await expect(page.getByRole('dialog')).toContainText(LOCKED);
  await page.keyboard.press('Escape');
  await locked.getByRole('button', { name: 'Duplicate Row' }).click();
  await expect(page.getByRole('dialog')).toContainText(LOCKED);
  await page.keyboard.press('Escape');
  // Delete is disabled with the sentence as its description and tooltip (issue 38).
  await expect(locked.getByRole('button', { name: 'Delete Row' })).toBeDisabled();
  await expect(locked.getByRole('button', { name: 'Delete Row' })).toHaveAccessibleDescription(LOCKED);
  await expect(locked.getByRole('button', { name: 'Delete Row' })).toHaveAttribute('title', LOCKED);
  expect(writes).toEqual([]);

  // The server's 409 (a date moved into a closed week, say) shows its sentence as it is.
  await page.route('**/api/time-entries/*', (route) => (route.request().method() === 'PUT' ? json(route, weekLock409, 409) : route.fallback()));
  await page.getByRole('button', { name: 'Add Row' }).click();
  const row = page.locator('[data-row-key]').last();
  await row.getByRole('combobox', { name: 'Job Title' }).selectOption({ index: 1 });
  await row.getByRole('spinbutton', { name: 'Hours' }).fill('1.5');
  await expect(page.getByRole('dialog')).toContainText(LOCKED);
  await expect(page.getByRole('dialog')).not.toContainText('Failed to save');
  await page.screenshot({ path: `${SHOTS}/weeks-project-02-409.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/weeks-project-03-phone.png`, fullPage: true });
});

test('Settings → Timesheets: first day, billing requires approval, timer rounding; a conflict keeps the choice', async ({ page }) => {
  await signInOnly(page, ADMIN);
  let saved = { weekStartsOn: 1, billingRequiresApproval: false, timerRounding: 'up_0_1', version: 1 };
  let conflictOnce = true;
  await page.route('**/api/settings/timesheets', async (route) => {
    if (route.request().method() === 'GET') return json(route, saved);
    const body = route.request().postDataJSON();
    if (conflictOnce) {
      conflictOnce = false;
      saved = { ...saved, version: 2 };
      return json(route, { error: { code: 'EDIT_CONFLICT', message: 'Someone else changed this record while you were editing. Review their version before saving yours.' } }, 409);
    }
    expect(body.version).toBe(saved.version);
    saved = { ...body, version: body.version + 1 };
    return json(route, saved);
  });
  await page.goto('/settings/timesheets');
  const section = page.getByRole('region', { name: 'Timesheets' });
  await expect(section.getByRole('textbox', { name: 'First day of the week' })).toHaveValue('Monday');
  await expect(section.getByRole('switch', { name: 'Billing requires approved time' })).not.toBeChecked();
  await expect(section.getByRole('radio', { name: 'Up to the next 0.1 hour' })).toBeChecked();
  await expect(section.getByRole('button', { name: 'Save timesheet settings' })).toBeDisabled();

  await section.getByRole('textbox', { name: 'First day of the week' }).click();
  await page.getByRole('option', { name: 'Sunday' }).click();
  await section.getByRole('switch', { name: 'Billing requires approved time' }).check();
  await section.getByRole('radio', { name: 'Up to the next 0.25 hour' }).check();
  await section.getByRole('button', { name: 'Save timesheet settings' }).click();
  await expect(section.getByRole('alert')).toContainText('Someone else changed this record');
  await expect(section.getByRole('textbox', { name: 'First day of the week' })).toHaveValue('Sunday');
  await section.getByRole('button', { name: 'Save timesheet settings' }).click();
  await expect(section.getByRole('status')).toHaveText('Timesheet settings saved.');
  expect(saved).toEqual({ weekStartsOn: 7, billingRequiresApproval: true, timerRounding: 'up_0_25', version: 3 });
  await section.screenshot({ path: `${SHOTS}/weeks-settings-01.png` });
});

test('the unbilled screen says how many hours wait for approval', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.route('**/api/accounting/unbilled', async (route) => {
    const real = await (await route.fetch()).json();
    return json(route, { ...real, hoursAwaitingApproval: 12.5 });
  });
  await page.goto('/accounting');
  await expect(page.getByText(WEEK_MESSAGES.awaitingApproval(12.5))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/weeks-unbilled-01.png` });
});
