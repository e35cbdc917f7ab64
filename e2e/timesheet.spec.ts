// Issue 25: the weekly timesheet against the real server. Weeks the demo data leaves open
// (src/server/seed/demo-weeks.ts closes one to four weeks back) and no other spec uses: the
// journey in seven and six weeks back, the several-entries cell in nine weeks back.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { expect, test, type Page } from './test.ts';
import { HOURS_TEXT_MESSAGE } from '../src/core/time/hours-text.ts';
import { formatUsDate } from '../src/core/smart-date.ts';
import { WEEK_MESSAGES } from '../src/core/time/weeks.ts';
import { dayLabel } from '../src/web/features/timesheet/grid-context.ts';
import { ADMIN, search, SHOTS, signIn, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';
import { addDays, weekStartOf } from '../src/core/dates/iso-date.ts';

test.use({ bypassCSP: true }); // axe is injected as a script
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The first day (Monday, the demo firm's) of the week `back` weeks before this one. */
const weeksBack = (back: number) => addDays(weekStartOf(todayIso(), 1), -7 * back);

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The grid row of a project and job title, and its cell of day `d` (0 = the week's first day). */
const rowOf = (page: Page, projectId: string, jobType: string) => page.locator(`tr[data-row="${projectId}|${jobType}"]`);
const cellOf = (page: Page, projectId: string, jobType: string, d: number) => rowOf(page, projectId, jobType).locator('input[data-cell]').nth(d);

async function typeCell(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('the timesheet journey: four formats, copy, submit, withdraw, reject, approve, lock, queue, reopen', async ({ page, browser }) => {
  await signInOnly(page, SUPER_ADMIN);
  // Another approver decides on Margaret's week (nobody decides on their own: docs/decisions/116).
  const me = (await (await page.request.get('/api/auth/session')).json()).user.id as string;
  const approver = await (await browser.newContext()).newPage();
  await signIn(approver, ADMIN);
  const tag = 'real';
  const weekStart = weeksBack(7);
  await page.goto(`/timesheet?week=${weekStart}`);
  await expect(page.getByRole('heading', { name: 'Timesheet', exact: true })).toBeVisible();
  await expect(page.getByTestId('week-status')).toHaveText('Not submitted');

  // Add a row: a project by the search box, then a job title.
  const projectId = (await search(page, 'bayonne term'))[0]!.id;
  await page.getByRole('combobox', { name: 'Project' }).fill('bayonne term');
  await page.getByRole('listbox').getByRole('option').first().click();
  const label = await page.getByRole('textbox', { name: 'Project' }).inputValue();
  await page.getByRole('textbox', { name: 'Job title' }).click();
  const jobType = (await page.getByRole('option').first().textContent())!.trim();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await expect(rowOf(page, projectId, jobType)).toContainText(label);

  // The four ways to type hours, one a day, by keyboard alone; then one that is not hours.
  await cellOf(page, projectId, jobType, 0).focus();
  await typeCell(page, '1.5');
  await page.keyboard.press('ArrowRight');
  await typeCell(page, '1:30');
  await page.keyboard.press('ArrowRight');
  await typeCell(page, '90m');
  await page.keyboard.press('ArrowRight');
  await typeCell(page, '1h 30m');
  await page.keyboard.press('ArrowRight');
  await typeCell(page, 'lots');
  await expect(rowOf(page, projectId, jobType).getByRole('alert')).toHaveText(HOURS_TEXT_MESSAGE);
  await page.keyboard.press('Escape');
  await expect(rowOf(page, projectId, jobType).getByRole('alert')).toHaveCount(0);
  // Enter edits, Esc cancels: the cell keeps its hours.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('9');
  await page.keyboard.press('Escape');
  await expect(cellOf(page, projectId, jobType, 3)).toHaveValue('1.5');
  for (let d = 0; d < 4; d++) await expect(cellOf(page, projectId, jobType, d)).toHaveValue('1.5');
  await expect(page.getByLabel(`Total ${label}, ${jobType}: 6 hours`)).toBeVisible();

  // The side panel: the focused cell's description.
  const panel = page.getByRole('complementary', { name: 'Cell details' });
  await cellOf(page, projectId, jobType, 0).click();
  await expect(panel).toContainText(dayLabel(weekStart));
  await panel.getByLabel('Description').fill(`Site visit ${tag}`);
  await expect(rowOf(page, projectId, jobType).locator('td[data-status]:not([data-status="clean"])')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/timesheet-${tag}-desktop.png`, fullPage: true });

  // Saved: a reload shows them; clearing a cell deletes its entry.
  await page.reload();
  await expect(cellOf(page, projectId, jobType, 2)).toHaveValue('1.5');
  await cellOf(page, projectId, jobType, 0).click();
  await expect(panel.getByLabel('Description')).toHaveValue(`Site visit ${tag}`);
  await cellOf(page, projectId, jobType, 3).focus();
  await page.keyboard.press('Delete');
  await expect(cellOf(page, projectId, jobType, 3)).toHaveValue('');
  await expect(page.getByLabel(`Total ${label}, ${jobType}: 4.5 hours`)).toBeVisible();

  // Copy the rows (not the hours) into the next week.
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: "Copy last week's rows" }).click();
  await expect(rowOf(page, projectId, jobType)).toBeVisible();
  await expect(cellOf(page, projectId, jobType, 0)).toHaveValue('');
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(cellOf(page, projectId, jobType, 0)).toHaveValue('1.5');

  // Submit: the summary first, with the empty weekdays.
  await page.getByRole('button', { name: 'Submit week' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit the week' });
  await expect(dialog.getByRole('table', { name: 'Hours per project' })).toContainText(label);
  await expect(dialog).toContainText(WEEK_MESSAGES.emptyWeekdays(['Thursday', 'Friday']));
  await page.screenshot({ path: `${SHOTS}/timesheet-${tag}-submit.png` });
  await dialog.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Submitted');
  // The day it was submitted is the firm's day (the UTC timestamp's date is the next day late in the evening).
  await expect(page.getByTestId('week-when')).toHaveText(`on ${formatUsDate(todayIso())}`);
  const submitted = WEEK_MESSAGES.submitted(todayIso());
  await cellOf(page, projectId, jobType, 1).focus();
  await page.keyboard.type('2');
  await expect(page.getByTestId('sheet-notice')).toHaveText(submitted);
  await expect(cellOf(page, projectId, jobType, 1)).toHaveValue('1.5');

  // Withdraw, submit again, rejected with a note (required), editable again.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Not submitted');
  await page.getByRole('button', { name: 'Submit week' }).click();
  await page.getByRole('dialog', { name: 'Submit the week' }).getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Submitted');
  await expect(page.getByText(WEEK_MESSAGES.ownWeek)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await approver.goto(`/timesheet?user=${me}&week=${weekStart}`);
  await approver.getByRole('button', { name: 'Reject' }).click();
  const reject = approver.getByRole('dialog', { name: 'Reject the week' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toContainText(WEEK_MESSAGES.rejectNoteRequired);
  await reject.getByLabel('Note').fill('Friday is missing');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(approver.getByTestId('week-status')).toHaveText('Rejected');
  await page.reload();
  await expect(page.getByTestId('week-status')).toHaveText('Rejected');
  await expect(page.getByTestId('week-note')).toContainText('Friday is missing');
  await cellOf(page, projectId, jobType, 4).focus();
  await typeCell(page, '2');
  await expect(rowOf(page, projectId, jobType).locator('td[data-status]:not([data-status="clean"])')).toHaveCount(0);

  // Submitted again and approved: locked, in the server's words.
  await page.getByRole('button', { name: 'Submit week' }).click();
  await page.getByRole('dialog', { name: 'Submit the week' }).getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Submitted');
  await approver.reload();
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByTestId('week-status')).toHaveText('Approved');
  await page.reload();
  await expect(page.getByTestId('week-status')).toHaveText('Approved');
  await expect(page.getByTestId('week-when')).toHaveText(`on ${formatUsDate(todayIso())} by Denise Park`);
  await cellOf(page, projectId, jobType, 4).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sheet-notice')).toHaveText(`This week was approved on ${formatUsDate(todayIso())} and can no longer be changed.`);
  await page.keyboard.press('Delete');
  await expect(cellOf(page, projectId, jobType, 4)).toHaveValue('2');
  await page.screenshot({ path: `${SHOTS}/timesheet-${tag}-approved.png`, fullPage: true });

  // The approvals queue: the week's people, one click to a person's week.
  await page.getByRole('link', { name: 'Approvals queue' }).click();
  await expect(page).toHaveURL(new RegExp(`/timesheet/approvals\\?week=${weekStart}`));
  const people = page.getByRole('table', { name: 'People this week' });
  await expect(people).toContainText('Approved');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/timesheet-${tag}-approvals.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/timesheet-${tag}-approvals-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await people.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/timesheet\?user=.*week=/);

  // Reopen needs a reason; then the week changes again.
  await approver.reload();
  await approver.getByRole('button', { name: 'Reopen' }).click();
  const reopen = approver.getByRole('dialog', { name: 'Reopen the week' });
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(reopen).toContainText(WEEK_MESSAGES.reopenReasonRequired);
  await reopen.getByLabel('Reason').fill('Client asked for a correction');
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(approver.getByTestId('week-status')).toHaveText('Not submitted');
  await approver.context().close();
  await page.goto(`/timesheet?week=${weekStart}`);
  await expect(page.getByTestId('week-status')).toHaveText('Not submitted');
  await expect(page.getByTestId('week-note')).toContainText('Client asked for a correction');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/timesheet-${tag}-mobile.png`, fullPage: true });
  await cellOf(page, projectId, jobType, 4).focus();
  await page.keyboard.press('Delete');
  await expect(cellOf(page, projectId, jobType, 4)).toHaveValue('');
});

test('a cell holding several entries opens them in the side panel; a conflict offers the choice', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  const hit = (await search(page, 'bayonne term'))[0]!;
  const jobType: string = (await (await page.request.get(`/api/time-tracking/projects/${hit.id}`)).json()).jobTitles[0];
  const weekStart = weeksBack(9);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const put = async (id: string, body: object) => {
    const res = await page.request.put(`/api/time-entries/${id}`, { data: body, headers: { 'x-csrf-token': csrf } });
    expect(res.status()).toBe(200);
    return (await res.json()).entry;
  };
  const base = { projectId: hit.id, entryDate: addDays(weekStart, 1), jobType };
  await put(randomUUID(), { ...base, hours: 1, description: 'Morning' });
  await put(randomUUID(), { ...base, hours: 0.5, description: 'Afternoon' });
  const single = await put(randomUUID(), { ...base, entryDate: addDays(weekStart, 2), hours: 2, description: 'Report' });

  await page.goto(`/timesheet?week=${weekStart}`);
  const several = cellOf(page, hit.id, jobType, 1);
  await expect(several).toHaveValue('1.5');
  await several.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Cell details' });
  await expect(panel.getByLabel('Hours (entry 1)')).toBeFocused();
  await expect(panel.getByLabel('Description (entry 2)')).toHaveValue('Afternoon');
  await panel.getByLabel('Hours (entry 2)').fill('1:15');
  await panel.getByLabel('Hours (entry 2)').press('Enter');
  await expect(several).toHaveValue('2.25');

  // Someone else saves the Wednesday entry first: the cell's save answers 409 and the choice shows.
  await put(single.id, { ...base, entryDate: addDays(weekStart, 2), hours: 3, description: 'Report', version: single.version });
  await cellOf(page, hit.id, jobType, 2).focus();
  await typeCell(page, '4');
  const conflict = page.locator('[data-conflict]');
  await expect(conflict).toContainText('Someone else saved this entry while you were editing it.');
  await page.screenshot({ path: `${SHOTS}/timesheet-conflict.png` });
  await conflict.getByRole('button', { name: 'Use their version' }).click();
  await expect(cellOf(page, hit.id, jobType, 2)).toHaveValue('3');
});
