// Issue 25, the whole journey on the real server: a staff member fills a week in /timesheet with
// the four ways to type hours, copies its rows to the next week, runs and stops a timer, turns an
// action item of the day into time and submits; an approver rejects with a note, the week is
// submitted again and approved; then every way to change it answers the lock's exact sentence
// (the grid, the project page, bulk hours, delete, the raw API, the timer, the day view); the
// approver reopens it with a reason, and the audit trail holds each step. It needs the timesheet
// server (helpers A and B) and page (helper C) merged: it skips itself while GET /api/timesheet
// is not served.
import { appURL, expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './test.ts';
import { pressUntilShown } from './press.ts';
import { formatUsDate } from '../src/core/smart-date.ts';
import { WEEK_MESSAGES } from '../src/core/time/weeks.ts';
import { ADMIN, LIMITED, search, SHOTS, signIn } from './time-tracking-helpers.ts';
import { addDays, localIsoDate, weekStartOf } from '../src/core/dates/iso-date.ts';

const csrfOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;

async function send(page: Page, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const request: APIRequestContext = page.request;
  return request.fetch(url, { method, headers: { 'x-csrf-token': await csrfOf(page) }, ...(data === undefined ? {} : { data }) });
}

/** A second person in a browser of their own (the firm's zone and the app's address, as the config's). */
async function personPage(browser: Browser, email: string) {
  const use = test.info().project.use;
  const context = await browser.newContext({ baseURL: appURL(), timezoneId: use.timezoneId });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const rowOf = (page: Page, projectId: string, jobType: string) => page.locator(`tr[data-row="${projectId}|${jobType}"]`);
const cellOf = (page: Page, projectId: string, jobType: string, d: number) => rowOf(page, projectId, jobType).locator('input[data-cell]').nth(d);
const status = (page: Page) => page.getByTestId('week-status');

async function typeCell(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** The week's entries of one project and job title, through the timesheet's answer. */
async function entriesOfWeek(page: Page, weekStart: string, userId?: string) {
  const res = await page.request.get(`/api/timesheet?week=${weekStart}${userId ? `&userId=${userId}` : ''}`);
  expect(res.status()).toBe(200);
  const sheet = await res.json();
  return (sheet.rows as { projectId: string; jobType: string; cells: { date: string; entries: { id: string; hours: number; version: number; entryDate: string }[] }[] }[])
    .flatMap((row) => row.cells.flatMap((cell) => cell.entries.map((e) => ({ ...e, projectId: row.projectId, jobType: row.jobType }))));
}

/** A job title from a searchable select in `scope` (its options may still be on their way). */
async function pickJobTitle(page: Page, scope: Locator, jobType: string) {
  const box = scope.getByRole('textbox', { name: 'Job title' });
  await expect(async () => {
    await box.click();
    await page.getByRole('option', { name: jobType, exact: true }).click({ timeout: 3_000 });
    await expect(box).toHaveValue(jobType, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function submitWeek(page: Page) {
  await page.getByRole('button', { name: 'Submit week' }).click();
  await page.getByRole('dialog', { name: 'Submit the week' }).getByRole('button', { name: 'Submit week' }).click();
  await expect(status(page)).toHaveText('Submitted');
}

test('weeks that close: fill, copy, timer, the day as time, submit, reject, approve, locked everywhere, reopen, audited', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, LIMITED);
  const me = (await (await page.request.get('/api/auth/session')).json()).user as { id: string; displayName: string };
  const today = localIsoDate(new Date());
  const weekStart = weekStartOf(today, 1); // the firm's week starts on Monday unless Settings say otherwise
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const LOCKED = WEEK_MESSAGES.locked(today);

  // The dashboard reminds of last week, one click from it.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: WEEK_MESSAGES.notSubmitted(addDays(weekStart, -7)) })).toBeVisible();

  // 1. Fill the week: a row by project search and job title, then the four ways to type hours.
  await page.goto(`/timesheet?week=${weekStart}`);
  await expect(status(page)).toHaveText('Not submitted');
  const hit = (await search(page, 'bayonne term'))[0]!;
  await page.getByRole('combobox', { name: 'Project' }).fill('bayonne term');
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Job title' }).click();
  const jobType = (await page.getByRole('option').first().textContent())!.trim();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await expect(rowOf(page, hit.id, jobType)).toBeVisible();
  await cellOf(page, hit.id, jobType, 0).focus();
  for (const [i, text] of ['1.5', '1:30', '90m', '1h 30m'].entries()) {
    if (i) await page.keyboard.press('ArrowRight');
    await typeCell(page, text);
  }
  for (let d = 0; d < 4; d++) await expect(cellOf(page, hit.id, jobType, d)).toHaveValue('1.5');
  await expect(rowOf(page, hit.id, jobType).locator('td[data-status]:not([data-status="clean"])')).toHaveCount(0);

  // 2. Copy the rows (not the hours) into the next week.
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: "Copy last week's rows" }).click();
  await expect(rowOf(page, hit.id, jobType)).toBeVisible();
  await expect(cellOf(page, hit.id, jobType, 0)).toHaveValue('');
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(cellOf(page, hit.id, jobType, 0)).toHaveValue('1.5');

  // 3. Run and stop a timer on the same project: an entry of today, rounded up to 0.1 h.
  const timer = page.getByRole('region', { name: 'Timer' });
  await pressUntilShown(timer.getByRole('button', { name: 'Start a timer' }), timer.getByRole('combobox', { name: 'Project' }));
  await timer.getByRole('combobox', { name: 'Project' }).fill('bayonne term');
  await timer.getByRole('option').first().click();
  await pickJobTitle(page, timer, jobType);
  await timer.getByRole('button', { name: 'Start timer' }).click();
  await expect(timer.getByRole('timer', { name: 'Time running' })).toHaveText(/^0:00:0[1-9]$/);
  await page.reload(); // kept on the server
  await expect(timer.getByRole('timer', { name: 'Time running' })).toBeVisible();
  await timer.getByRole('button', { name: 'Stop' }).click();
  const pick = timer.getByRole('group', { name: 'Day to book the timer on' });
  if (await pick.isVisible()) await pick.getByRole('button').last().click(); // only past midnight
  await expect(timer.getByRole('status')).toContainText(`Booked 0.1 h on ${formatUsDate(today)}`);
  // Its entry is today's, whichever day that is: it leaves the week, so the cells below hold only the
  // hours this test types (on a Tuesday or a Friday it would add 0.1 h to the cell checked next).
  const timed = (await entriesOfWeek(page, weekStart)).filter((e) => e.projectId === hit.id && e.jobType === jobType && e.hours === 0.1);
  expect(timed.map((e) => e.entryDate)).toEqual([today]);
  expect((await send(page, 'DELETE', `/api/time-entries/${timed[0]!.id}?version=${timed[0]!.version}`)).ok()).toBe(true);

  // 4. An action item with a start and end on Tuesday, turned into time from the day view.
  const item = await send(page, 'POST', '/api/action-items', {
    projectId: hit.id, assignee: me.id, shortDescription: 'Weeks e2e site meeting', dueDate: days[1], startTime: '09:00', endTime: '10:30',
  });
  expect(item.status()).toBe(201);
  await page.reload();
  await page.getByTitle("Open the day's view").nth(1).click();
  const suggestion = page.getByRole('listitem', { name: 'Weeks e2e site meeting' });
  await expect(suggestion).toContainText('1.5 h');
  await expect(suggestion.getByRole('textbox', { name: 'Project' })).toHaveValue(hit.label);
  await pickJobTitle(page, suggestion, jobType);
  await suggestion.getByRole('button', { name: 'Enter as time' }).click();
  await expect(suggestion.getByText('Entered as time')).toBeVisible();
  await expect(cellOf(page, hit.id, jobType, 1)).toHaveValue('3'); // 1.5 typed + 1.5 from the item
  await page.screenshot({ path: `${SHOTS}/weeks-01-filled.png`, fullPage: true });

  // 5. Submit; the approver rejects with a note (one click from the dashboard's count).
  await submitWeek(page);
  const approver = await personPage(browser, ADMIN);
  await approver.goto('/dashboard');
  await approver.getByRole('link', { name: /for your approval$/ }).click();
  await expect(approver).toHaveURL(/\/timesheet\/approvals/);
  await expect(approver.getByText(me.displayName).first()).toBeVisible();
  await approver.goto(`/timesheet?user=${me.id}&week=${weekStart}`);
  await expect(status(approver)).toHaveText('Submitted');
  await approver.getByRole('button', { name: 'Reject' }).click();
  const reject = approver.getByRole('dialog', { name: 'Reject the week' });
  await reject.getByLabel('Note').fill('Friday is missing');
  // The connection drops on the first try: the dialog stays open with the note as typed (docs/decisions/223).
  await approver.route('**/api/timesheet/weeks/reject', (route) => route.abort('internetdisconnected'), { times: 1 });
  const failed = approver.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/timesheet/weeks/reject'));
  await reject.getByRole('button', { name: 'Reject' }).click();
  await failed;
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeEnabled();
  await expect(reject.getByLabel('Note')).toHaveValue('Friday is missing');
  await expect(status(approver)).toHaveText('Submitted');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(status(approver)).toHaveText('Rejected');

  // 6. Rejected: editable again; Friday filled, submitted again, approved.
  await page.reload();
  await expect(status(page)).toHaveText('Rejected');
  await expect(page.getByTestId('week-note')).toContainText('Friday is missing');
  await cellOf(page, hit.id, jobType, 4).focus();
  await typeCell(page, '2');
  await expect(rowOf(page, hit.id, jobType).locator('td[data-status]:not([data-status="clean"])')).toHaveCount(0);
  await submitWeek(page);
  await approver.reload();
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(status(approver)).toHaveText('Approved');

  // 7. Approved: locked on every path, each in the exact sentence.
  // The grid.
  await page.reload();
  await expect(status(page)).toHaveText('Approved');
  await cellOf(page, hit.id, jobType, 4).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sheet-notice')).toHaveText(LOCKED);
  await expect(cellOf(page, hit.id, jobType, 4)).toHaveValue('2');
  // The project page: the rows say Approved and why; bulk hours and delete are refused in the sentence.
  await page.goto(`/time-tracking?project=${hit.id}`);
  const entries = (await entriesOfWeek(page, weekStart)).filter((e) => e.projectId === hit.id && e.jobType === jobType);
  const friday = entries.find((e) => e.entryDate === days[4])!;
  const row = page.locator(`[data-row-key="${friday.id}"]`);
  await expect(row.getByText(/Week\s*Approved/)).toBeVisible();
  await expect(page.getByLabel('Rows you cannot change', { exact: true })).toContainText(LOCKED);
  await expect(row.getByRole('spinbutton', { name: 'Hours' })).toBeDisabled();
  await row.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Apply Hours to Selected' }).click();
  await expect(page.getByRole('dialog')).toContainText(LOCKED);
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: 'Delete Row' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Delete Row' })).toHaveAccessibleDescription(LOCKED);
  await page.screenshot({ path: `${SHOTS}/weeks-02-project-page-locked.png`, fullPage: true });
  // The raw API: a save, bulk hours (several saves), a duplicate into the week, a delete, a move in.
  const body = (e: (typeof entries)[number], patch: object = {}) =>
    ({ projectId: e.projectId, entryDate: e.entryDate, jobType: e.jobType, hours: e.hours, version: e.version, ...patch });
  const refusals = [
    await send(page, 'PUT', `/api/time-entries/${friday.id}`, body(friday, { hours: 3 })),
    ...(await Promise.all(entries.slice(0, 3).map((e) => send(page, 'PUT', `/api/time-entries/${e.id}`, body(e, { hours: 4 }))))),
    await send(page, 'PUT', `/api/time-entries/${crypto.randomUUID()}`, { projectId: hit.id, entryDate: days[2], jobType, hours: 1 }),
    await send(page, 'DELETE', `/api/time-entries/${friday.id}?version=${friday.version}`),
  ];
  const nextWeek = await send(page, 'PUT', `/api/time-entries/${crypto.randomUUID()}`, { projectId: hit.id, entryDate: addDays(weekStart, 7), jobType, hours: 1 });
  expect(nextWeek.status()).toBe(200);
  const moved = await nextWeek.json();
  refusals.push(await send(page, 'PUT', `/api/time-entries/${moved.entry.id}`, { projectId: hit.id, entryDate: days[3], jobType, hours: 1, version: moved.entry.version }));
  for (const res of refusals) {
    expect(res.status()).toBe(409);
    expect((await res.json()).error.message).toBe(LOCKED);
  }
  // The day view's suggestion (a second item on Wednesday) and the timer (today is in the week).
  const accept = await send(page, 'POST', '/api/timesheet/day/accept', {
    entryId: crypto.randomUUID(), source: `action_item:${(await item.json()).id}:${days[2]}`, date: days[2],
    projectId: hit.id, jobType, hours: 1, title: 'Weeks e2e site meeting',
  });
  expect(accept.status()).toBe(409);
  expect((await accept.json()).error.message).toBe(LOCKED);
  await page.goto('/dashboard');
  const dashTimer = page.getByRole('region', { name: 'Timer' });
  await pressUntilShown(dashTimer.getByRole('button', { name: 'Start a timer' }), dashTimer.getByRole('combobox', { name: 'Project' }));
  await dashTimer.getByRole('combobox', { name: 'Project' }).fill('bayonne term');
  await dashTimer.getByRole('option').first().click();
  await pickJobTitle(page, dashTimer, jobType);
  await dashTimer.getByRole('button', { name: 'Start timer' }).click();
  await dashTimer.getByRole('button', { name: 'Stop' }).click();
  if (await dashTimer.getByRole('group', { name: 'Day to book the timer on' }).isVisible()) {
    await dashTimer.getByRole('group', { name: 'Day to book the timer on' }).getByRole('button').first().click();
  }
  await expect(dashTimer.getByRole('alert')).toHaveText(LOCKED);
  await dashTimer.getByRole('button', { name: 'Discard' }).click();
  await dashTimer.getByRole('button', { name: 'Discard time' }).click();
  await expect(dashTimer.getByRole('button', { name: 'Start a timer' })).toBeVisible();
  // A limited user cannot reopen it.
  const notMine = await send(page, 'POST', '/api/timesheet/weeks/reopen', { weekStart, note: 'Please' });
  expect(notMine.status()).toBe(403);

  // 8. The approver reopens it with a reason; it changes again.
  await approver.reload();
  await approver.getByRole('button', { name: 'Reopen' }).click();
  const reopen = approver.getByRole('dialog', { name: 'Reopen the week' });
  await reopen.getByLabel('Reason').fill('Client asked for a correction');
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(status(approver)).not.toHaveText('Approved');
  const fresh = (await entriesOfWeek(page, weekStart)).find((e) => e.id === friday.id)!;
  const edited = await send(page, 'PUT', `/api/time-entries/${friday.id}`, body(fresh, { hours: 2.5 }));
  expect(edited.status()).toBe(200);

  // 9. The audit trail: submitted, rejected with its note, approved, reopened with its reason.
  const audit = await approver.request.get('/api/audit?table=timesheet_weeks&limit=200');
  expect(audit.status()).toBe(200);
  const changes = ((await audit.json()).entries as { changes: { field: string; after: unknown }[] }[])
    .reverse()
    .flatMap((e) => e.changes.filter((c) => c.field === 'status' || c.field === 'note').map((c) => `${c.field}:${String(c.after)}`));
  const trail = changes.join(' | ');
  for (const step of ['status:submitted', 'status:rejected', 'note:Friday is missing', 'status:approved', 'note:Client asked for a correction']) {
    expect(trail).toContain(step);
  }
  await approver.goto('/settings/audit');
  const log = approver.getByRole('region', { name: 'Audit log' });
  await expect(log).toBeVisible();
  await approver.screenshot({ path: `${SHOTS}/weeks-03-audit.png`, fullPage: true });
  await approver.context().close();
});
