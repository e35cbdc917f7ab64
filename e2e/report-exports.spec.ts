import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import ExcelJS from 'exceljs';
import { ADMIN, SHOTS, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

// Issue 28: the CSV and the XLSX of a grouped report hold the table on the screen, row for row
// (groups, subgroups, subtotals, Grand Total, same labels and numbers); the entries stay available as
// their own CSV and as the XLSX's 'Entries' sheet, each saying whether it is billed and on which bill.

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The report table as the screen shows it: one array of cell texts per row, header first. */
const screenTable = (page: Page) => page.getByRole('table', { name: 'Report' }).evaluate((table) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));

/** A file's row as the screen would print it: hours with one decimal, counts, dollars; no trailing blanks. */
function asScreen(row: unknown[], money: boolean): string[] {
  const cells = row.map((v, i) => {
    if (v === '' || v === null || v === undefined) return '';
    const n = Number(v);
    if (i === 0 || Number.isNaN(n)) return String(v);
    return i === 1 ? n.toFixed(1) : i <= 3 ? String(n) : money ? USD.format(n) : String(n);
  });
  while (cells.length > 1 && cells.at(-1) === '') cells.pop();
  return cells;
}

/** The records of a CSV file (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function csvRows(path: string): string[][] {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  return rows;
}

async function download(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

async function sheetRows(path: string, name: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: unknown[][] = [];
  book.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { names: book.worksheets.map((s) => s.name), rows };
}

const REPORT = '/reports?period=this-year&groupBy=client&thenBy=project';

test('super admin: the grouped CSV and XLSX are the table on screen; entries with their bills', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto(REPORT);
  const table = page.getByRole('table', { name: 'Report' });
  await expect(table.getByRole('columnheader', { name: 'Client / Project' })).toBeVisible();
  await expect(table.locator('tr[data-subtotal]').first()).toBeVisible();
  const screen = await screenTable(page);
  expect(screen.at(-1)![0]).toBe('Grand Total');

  const csv = await download(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
  expect(csv.name).toMatch(/^Report-\d{4}-01-01-to-\d{4}-12-31\.csv$/);
  expect(csvRows(csv.path).map((r) => asScreen(r, true))).toEqual(screen);

  const xlsx = await download(page, () => page.getByRole('link', { name: 'Export XLSX' }).click());
  const report = await sheetRows(xlsx.path, 'Report');
  expect(report.names).toEqual(['Report', 'Entries']);
  expect(report.rows.map((r) => asScreen(r, true))).toEqual(screen);

  // The flat list: the export menu's second choice, one record per entry, with its bill.
  await page.getByRole('button', { name: 'More export choices' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV (entries, one row each)' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-exports-01-menu.png` });
  const entries = await download(page, () => page.getByRole('menuitem', { name: 'CSV (entries, one row each)' }).click());
  expect(entries.name).toMatch(/-entries\.csv$/);
  const [header, ...records] = csvRows(entries.path);
  const billed = header!.indexOf('Billed');
  expect(billed).toBeGreaterThan(0);
  expect(header).toContain('Time value');
  const grand = screen.at(-1)!;
  expect(records.length - 1).toBe(Number(grand[2]) + Number(grand[3]));
  expect(records.slice(0, -1).every((r) => r[billed] === 'Not billed' || /^Bill \d{4,}$/.test(r[billed]!))).toBe(true);
  const xlsxEntries = (await sheetRows(xlsx.path, 'Entries')).rows;
  const xlsxBilled = xlsxEntries[0]!.indexOf('Billed');
  const bills = xlsxEntries.slice(1, -1).map((r) => r[xlsxBilled]);
  expect(bills.every((b) => b === 'Not billed' || /^Bill \d{4,}$/.test(String(b)))).toBe(true);
  expect(bills.some((b) => b !== 'Not billed')).toBe(true);
});

test('administrator: the same rows and hours, no money in any file, bill numbers on entries', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto(REPORT);
  const table = page.getByRole('table', { name: 'Report' });
  await expect(table.getByRole('columnheader', { name: 'Client / Project' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Time value' })).toHaveCount(0);
  const screen = await screenTable(page);
  const csv = await download(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
  expect(csvRows(csv.path).map((r) => asScreen(r, false))).toEqual(screen);
  const xlsx = await download(page, () => page.getByRole('link', { name: 'Export XLSX' }).click());
  expect((await sheetRows(xlsx.path, 'Report')).rows.map((r) => asScreen(r, false))).toEqual(screen);
  const entries = (await sheetRows(xlsx.path, 'Entries')).rows;
  expect(entries[0]).toContain('Billed');
  expect(entries[0]).not.toContain('Time value');
  expect(entries[0]).not.toContain('Rate');
  expect(JSON.stringify(entries)).not.toContain('$');
});
