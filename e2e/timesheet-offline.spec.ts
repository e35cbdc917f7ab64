// Issue 44 (docs/decisions/129): the timesheet's cells save through the one outbox, so a cell typed
// without a connection waits as one change, is counted in the header's line, and is saved once
// when the connection returns. A week no other spec uses (eleven back), as the admin.
import { expect, test, type Page } from './test.ts';
import { ADMIN, search, signInOnly } from './time-tracking-helpers.ts';
import { addDays, weekStartOf } from '../src/core/dates/iso-date.ts';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const weekStart = addDays(weekStartOf(todayIso(), 1), -7 * 11);

const rowOf = (page: Page, projectId: string, jobType: string) => page.locator(`tr[data-row="${projectId}|${jobType}"]`);
const cellOf = (page: Page, projectId: string, jobType: string, d: number) => rowOf(page, projectId, jobType).locator('input[data-cell]').nth(d);
const queueLine = (page: Page, text: string | RegExp) => page.getByRole('button', { name: text });

test('a cell typed offline waits in the outbox, is counted, and is saved once when the connection returns', async ({ page, context }) => {
  await signInOnly(page, ADMIN);
  await page.goto(`/timesheet?week=${weekStart}`);
  await expect(page.getByRole('heading', { name: 'Timesheet', exact: true })).toBeVisible();

  const projectId = (await search(page, 'hudson crest'))[0]!.id;
  await page.getByRole('combobox', { name: 'Project' }).fill('hudson crest');
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Job title' }).click();
  const jobType = (await page.getByRole('option').first().textContent())!.trim();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await expect(rowOf(page, projectId, jobType)).toBeVisible();
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/time-entries/')) puts.push(r.url());
  });
  await context.setOffline(true);
  await cellOf(page, projectId, jobType, 2).focus();
  await page.keyboard.type('2.75');
  await page.keyboard.press('Enter');
  const cell = rowOf(page, projectId, jobType).locator('td[data-status]').nth(2);
  await expect(cell).toHaveAttribute('data-status', 'waiting');
  await expect(queueLine(page, /1 change waiting/)).toBeVisible();

  await context.setOffline(false);
  await expect(cell).toHaveAttribute('data-status', 'clean', { timeout: 30_000 });
  await expect(page.getByText('All saved', { exact: true })).toBeVisible();
  const sheet = await (await page.request.get(`/api/timesheet?week=${weekStart}`)).json() as {
    rows: { projectId: string; jobType: string; cells: { entries: { hours: number }[] }[] }[];
  };
  const row = sheet.rows.find((r) => r.projectId === projectId && r.jobType === jobType)!;
  expect(row.cells[2]!.entries.map((e) => e.hours)).toEqual([2.75]);
  // Saved once: the sends that got no answer offline never reached the server; one did.
  expect(new Set(puts).size).toBe(1);

  // A reload shows it from the server; nothing waits.
  await page.reload();
  await expect(cellOf(page, projectId, jobType, 2)).toHaveValue('2.75');
});
