import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { LIMITED, search, SHOTS, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

const grandTotal = (page: Page) => page.getByRole('table', { name: 'Report' }).locator('tfoot tr');

test('super admin: this month by staff member matches the API, chart, URL filters, CSV and XLSX downloads', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/reports');
  // The first visit loads the chart library's chunk.
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page).toHaveTitle(/Reports/);
  const table = page.getByRole('table', { name: 'Report' });
  await expect(table.getByRole('columnheader', { name: 'Staff member' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Time value' })).toBeVisible();
  await expect(page.getByLabel('Report chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reports-01-month-by-staff.png`, fullPage: true });

  // The screen's grand total is the API's, which the API tests check against the entries' sum.
  const from = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`;
  });
  const to = await page.evaluate(() => {
    const d = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 0);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const api = await (await page.request.get(`/api/reports?from=${from}&to=${to}&groupBy=staff`)).json();
  await expect(grandTotal(page)).toContainText(api.totals.hours.toFixed(1));
  await expect(grandTotal(page)).toContainText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(api.totals.timeValue));
  await expect(table.locator('tbody tr')).toHaveCount(api.rows.length);

  // Group by month: a line chart, and the choice is in the URL.
  await page.getByRole('textbox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Month' }).click();
  await expect(page).toHaveURL(/groupBy=month/);
  await page.getByRole('textbox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'This year' }).click();
  await expect(page).toHaveURL(/period=this-year/);
  await expect(page.getByLabel('Report chart').locator('.recharts-line-curve')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reports-05-year-by-month.png`, fullPage: true });
  await page.getByRole('textbox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'This month' }).click();

  // CSV: the file name names the period; the table as on screen, its Grand Total the report's
  // (e2e/report-exports.spec.ts compares every row); the entries CSV holds one record per entry.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`Report-${from}-to-${to}.csv`);
  const lines = readFileSync((await csv.path())!, 'utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('Time value');
  const money = api.totals.timeValue + api.totals.expenses;
  expect(lines.at(-1)).toBe(`Grand Total,${api.totals.hours},${api.totals.timeEntries},${api.totals.expenseEntries},${api.totals.timeValue},${api.totals.expenses},${Math.round(money * 100) / 100}`);
  // The screen is grouped by month at this point: one row per month of the period.
  const byMonth = await (await page.request.get(`/api/reports?from=${from}&to=${to}&groupBy=month`)).json();
  expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(byMonth.rows.map((r: { label: string }) => r.label));
  await page.getByRole('button', { name: 'More export choices' }).click();
  const entriesDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (entries, one row each)' }).click();
  const entries = await entriesDownload;
  expect(entries.suggestedFilename()).toBe(`Report-${from}-to-${to}-entries.csv`);
  const entryLines = readFileSync((await entries.path())!, 'utf8').split('\r\n').filter(Boolean);
  expect(entryLines.at(-1)).toMatch(new RegExp(`^Total,,,,,,,,${api.totals.hours},,${api.totals.timeValue},${api.totals.expenses},,$`));
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export XLSX' }).click();
  expect((await xlsxDownload).suggestedFilename()).toBe(`Report-${from}-to-${to}.xlsx`);

  // A second level: staff members split by client, each with its subtotal; the URL and the CSV carry it.
  await page.getByRole('textbox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Staff member' }).click();
  await page.getByRole('textbox', { name: 'Then by' }).click();
  await page.getByRole('option', { name: 'Client' }).click();
  await expect(page).toHaveURL(/groupBy=staff.*thenBy=client|thenBy=client.*groupBy=staff/);
  await expect(table.getByRole('columnheader', { name: 'Staff member / Client' })).toBeVisible();
  const two = await (await page.request.get(`/api/reports?from=${from}&to=${to}&groupBy=staff&thenBy=client`)).json();
  await expect(table.locator('tr[data-subtotal]')).toHaveCount(two.rows.length);
  await expect(table.locator('tr[data-subtotal]').first()).toContainText(`Subtotal ${two.rows[0].label}`);
  await expect(table.locator('tr[data-subtotal]').first()).toContainText(two.rows[0].hours.toFixed(1));
  await expect(grandTotal(page)).toContainText(api.totals.hours.toFixed(1));
  await page.screenshot({ path: `${SHOTS}/reports-06-staff-then-client.png`, fullPage: true });
  const twoCsv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect(readFileSync((await (await twoCsv).path())!, 'utf8').split('\r\n').slice(0, 2)).toEqual([
    '\uFEFFStaff member / Client,Hours,Time entries,Expense entries,Time value,Expenses,Total', two.rows[0].label + ',,,,,,',
  ]);

  // A bookmarked custom range with nothing in it: the empty state. A backwards range: the message.
  await page.goto('/reports?period=custom&from=2019-01-01&to=2019-01-31&groupBy=client');
  await expect(page.getByText('No time or expense entries match these filters.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reports-02-empty.png` });
  await page.goto('/reports?period=custom&from=2026-03-31&to=2026-03-01');
  await expect(page.getByText('The end of the period is before its start.')).toBeVisible();

  // A client filter from the URL narrows the report and shows the client's name.
  const hit = (await search(page, 'bayonne'))[0]!;
  const project = await (await page.request.get(`/api/projects/${hit.id}`)).json();
  await page.goto(`/reports?period=this-year&groupBy=project&clientId=${project.client.id}`);
  await expect(page.getByRole('textbox', { name: 'Client' })).toHaveValue(project.client.name);
  await expect(page.getByRole('table', { name: 'Report' })).toContainText(hit.projectNumber.replace(/-\d+$/, '-'));
  await page.screenshot({ path: `${SHOTS}/reports-03-client-by-project.png`, fullPage: true });
});

test('limited user: hours without any money column, and a CSV without money', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/reports?period=this-year&groupBy=job-type');
  const table = page.getByRole('table', { name: 'Report' });
  await expect(table.getByRole('columnheader', { name: 'Job type' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Hours' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Time value' })).toHaveCount(0);
  await expect(page.getByText('$')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/reports-04-limited.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const text = readFileSync((await (await download).path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFFJob type,Hours,Time entries,Expense entries');
  expect(text).not.toContain('$');
});
