import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportResponse, TReportTotals } from '../../src/core/api/reports.ts';
import { withActor } from '../../src/server/db/connection.ts';
import { logExpense, logTime, query } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

// Issue 28: the CSV and the XLSX of a grouped report hold the screen's table (the JSON the screen
// draws): the same groups, subtotals and grand total, in the same order, with the same labels and
// numbers; money only for super admins; every entry says whether it is billed and on which bill.

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let avery: TrackedProjectFixture;
let secondLabel: string;
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const BY_CLIENT_PROJECT = query({ ...MARCH, groupBy: 'client', thenBy: 'project' });

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  const ad = await t.user('admin');
  const lu = await t.user('limited_user');
  const limited = await t.signIn(lu.email);
  [superAdmin, admin] = await Promise.all([t.signIn(sa.email), t.signIn(ad.email)]);
  avery = await trackedProject(t.database.db, sa.id, { clientName: 'Avery Holdings' });
  const birch = await trackedProject(t.database.db, sa.id, { clientName: 'Birch Partners' });
  // A second project of Avery's case.
  const second = await withActor(t.database.db, sa.id, (tx) => tx.insertInto('projects')
    .values({ case_id: avery.caseId, project_number: `${avery.fileNumber}-02`, project_name: 'Attic survey' })
    .returning('id').executeTakeFirstOrThrow());
  secondLabel = `${avery.fileNumber}-02 — Attic survey`;
  const billed = await logTime(superAdmin, avery.projectId, { entryDate: '2026-03-02', hours: 2 }); // 200
  await logTime(superAdmin, avery.projectId, { entryDate: '2026-03-10', hours: 1.5, jobType: 'Senior Consultant' }); // 262.5
  await logTime(superAdmin, second.id, { entryDate: '2026-03-12', hours: 1 }); // 100
  await logExpense(superAdmin, avery.projectId, { entryDate: '2026-03-05', amount: 42.1 });
  await logTime(limited, birch.projectId, { entryDate: '2026-03-20', hours: 3 }); // 300
  // As issuing bill 0007 leaves it (the billing tests cover issuing itself).
  await withActor(t.database.db, sa.id, (tx) => tx.updateTable('time_entries').set({ locked_bill: 7 }).where('id', '=', billed.id).execute());
});
afterAll(async () => t?.close());

const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url });
const csvRows = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((l) => l.split(','));

/** The screen's table, drawn from the JSON independently of the server's layout code. */
function tableOf(report: TReportResponse): (string | number)[][] {
  const cents = (n: number) => Math.round(n * 100) / 100;
  const cells = (x: TReportTotals) => [x.hours, x.timeEntries, x.expenseEntries,
    ...(report.money ? [x.timeValue!, x.expenses!, cents(x.timeValue! + x.expenses!)] : [])];
  const rows: (string | number)[][] = [];
  for (const row of report.rows) {
    if (!row.children) {
      rows.push([row.label, ...cells(row)]);
      continue;
    }
    rows.push([row.label]);
    for (const child of row.children) rows.push([child.label, ...cells(child)]);
    rows.push([`Subtotal ${row.label}`, ...cells(row)]);
  }
  return [...rows, ['Grand Total', ...cells(report.totals)]];
}

const padded = (rows: (string | number)[][], width: number) =>
  rows.map((r) => [...r.map(String), ...Array<string>(width - r.length).fill('')]);

describe('grouped CSV: the table as on screen', () => {
  it('super admin: groups, subgroups, subtotals and grand total as the JSON, money included', async () => {
    const report = (await get(superAdmin, `/api/reports?${BY_CLIENT_PROJECT}`)).json() as TReportResponse;
    const res = await get(superAdmin, `/api/reports/export.csv?${BY_CLIENT_PROJECT}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Report-2026-03-01-to-2026-03-31.csv"');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Client / Project', 'Hours', 'Time entries', 'Expense entries', 'Time value', 'Expenses', 'Total']);
    expect(rows).toEqual(padded(tableOf(report), 7));
    // The numbers themselves, and the screen's order (subgroups by label, so by project number).
    expect(rows.map((r) => r[0])).toEqual([
      'Avery Holdings', expect.stringMatching(`^${avery.projectNumber} — Roof leak`), secondLabel,
      'Subtotal Avery Holdings', 'Birch Partners', expect.stringMatching(/— Roof leak/), 'Subtotal Birch Partners', 'Grand Total',
    ]);
    expect(rows[3]).toEqual(['Subtotal Avery Holdings', '4.5', '3', '1', '562.5', '42.1', '604.6']);
    expect(rows.at(-1)).toEqual(['Grand Total', '7.5', '4', '1', '862.5', '42.1', '904.6']);
  });

  it('admin: the same rows and hours without any money column', async () => {
    const report = (await get(admin, `/api/reports?${BY_CLIENT_PROJECT}`)).json() as TReportResponse;
    expect(report.money).toBe(false);
    const res = await get(admin, `/api/reports/export.csv?${BY_CLIENT_PROJECT}`);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Client / Project', 'Hours', 'Time entries', 'Expense entries']);
    expect(rows).toEqual(padded(tableOf(report), 4));
    expect(rows.at(-1)).toEqual(['Grand Total', '7.5', '4', '1']);
    expect(res.body).not.toMatch(/862\.5|42\.1|562\.5/);
  });

  it('one level: each group, then the grand total', async () => {
    const params = query({ ...MARCH, groupBy: 'staff' });
    const report = (await get(superAdmin, `/api/reports?${params}`)).json() as TReportResponse;
    const [header, ...rows] = csvRows((await get(superAdmin, `/api/reports/export.csv?${params}&view=grouped`)).body);
    expect(header![0]).toBe('Staff member');
    expect(rows).toEqual(padded(tableOf(report), 7));
    expect(rows).toHaveLength(report.rows.length + 1);
  });

  it('refuses an unknown view and keeps the report\'s own checks', async () => {
    const bad = await get(superAdmin, `/api/reports/export.csv?${BY_CLIENT_PROJECT}&view=pivot`);
    expect(bad.statusCode).toBe(400);
    const same = await get(superAdmin, `/api/reports/export.csv?${query({ ...MARCH, groupBy: 'client', thenBy: 'client' })}`);
    expect(JSON.stringify(same.json())).toContain('Choose a second grouping different from the first.');
    const unknown = await get(superAdmin, `/api/reports/export.csv?${query({ ...MARCH, clientId: '00000000-0000-4000-8000-000000000000' })}&view=entries`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('entries CSV: one record per entry, with its bill', () => {
  it('super admin: the Billed column names the issued bill; money columns present', async () => {
    const res = await get(superAdmin, `/api/reports/export.csv?${BY_CLIENT_PROJECT}&view=entries`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Report-2026-03-01-to-2026-03-31-entries.csv"');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Group: Client', 'Subgroup: Project', 'Date', 'Kind', 'Client', 'Case', 'Project', 'Staff member',
      'Job / expense type', 'Hours', 'Rate', 'Time value', 'Expense amount', 'Billed', 'Description']);
    const billed = header!.indexOf('Billed');
    expect(rows.slice(0, -1).map((r) => [r[2], r[9] || r[12], r[billed]])).toEqual([
      ['2026-03-02', '2', 'Bill 0007'], ['2026-03-10', '1.5', 'Not billed'], ['2026-03-12', '1', 'Not billed'],
      ['2026-03-20', '3', 'Not billed'], ['2026-03-05', '42.1', 'Not billed'],
    ]);
    expect(rows.at(-1)!.join(',')).toBe('Total,,,,,,,,,7.5,,862.5,42.1,,');
  });

  it('admin: bill numbers (not money) in the Billed column, no rate or amounts', async () => {
    const res = await get(admin, `/api/reports/export.csv?${BY_CLIENT_PROJECT}&view=entries`);
    const [header, ...rows] = csvRows(res.body);
    expect(header!.slice(-3)).toEqual(['Hours', 'Billed', 'Description']);
    expect(header).not.toContain('Rate');
    expect(rows[0]![header!.indexOf('Billed')]).toBe('Bill 0007');
    expect(res.body).not.toMatch(/862\.5|42\.1|262\.5/);
  });
});

// The first XLSX of a run starts a document worker (exceljs loads in it): slow on a loaded machine.
describe('XLSX: a Report sheet as on screen, then the Entries', () => {
  const load = async (agent: Agent) => {
    const res = await get(agent, `/api/reports/export.xlsx?${BY_CLIENT_PROJECT}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  };
  const values = (sheet: ExcelJS.Worksheet) => {
    const out: unknown[][] = [];
    sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };

  it('super admin: the rows, numbers as numbers, bold headings and subtotals, subgroups outlined', async () => {
    const report = (await get(superAdmin, `/api/reports?${BY_CLIENT_PROJECT}`)).json() as TReportResponse;
    const book = await load(superAdmin);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Report', 'Entries']);
    const sheet = book.getWorksheet('Report')!;
    const [header, ...rows] = values(sheet);
    expect(header).toEqual(['Client / Project', 'Hours', 'Time entries', 'Expense entries', 'Time value', 'Expenses', 'Total']);
    expect(rows).toEqual(tableOf(report));
    const kinds = tableOf(report).map((r) => (r.length === 1 || /^(Subtotal|Grand Total)/.test(String(r[0])) ? 'bold' : 'plain'));
    kinds.forEach((kind, i) => {
      const row = sheet.getRow(i + 2);
      expect(!!row.getCell(1).font?.bold, String(row.getCell(1).value)).toBe(kind === 'bold');
      expect(row.outlineLevel, String(row.getCell(1).value)).toBe(kind === 'plain' ? 1 : 0);
    });
    const subtotal = sheet.getRow(5);
    expect(subtotal.getCell(2).numFmt).toBe('0.00');
    expect(subtotal.getCell(5).numFmt).toBe('"$"#,##0.00');
    expect(subtotal.getCell(7).value).toBe(604.6);

    const entries = book.getWorksheet('Entries')!;
    const [entryHeader, ...entryRows] = values(entries);
    const billed = entryHeader!.indexOf('Billed');
    expect(entryRows.slice(0, -1).map((r) => r[billed])).toEqual(['Bill 0007', 'Not billed', 'Not billed', 'Not billed', 'Not billed']);
    expect(entryRows.at(-1)![entryHeader!.indexOf('Hours')]).toBe(7.5);
  });

  it('admin: the same rows without money, and bill numbers on the entries', async () => {
    const report = (await get(admin, `/api/reports?${BY_CLIENT_PROJECT}`)).json() as TReportResponse;
    const book = await load(admin);
    const [header, ...rows] = values(book.getWorksheet('Report')!);
    expect(header).toEqual(['Client / Project', 'Hours', 'Time entries', 'Expense entries']);
    expect(rows).toEqual(tableOf(report));
    const [entryHeader, first] = values(book.getWorksheet('Entries')!);
    expect(entryHeader).not.toContain('Time value');
    expect(entryHeader).not.toContain('Rate');
    expect(first![entryHeader!.indexOf('Billed')]).toBe('Bill 0007');
  });
});
