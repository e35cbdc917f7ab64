import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logExpense, logTime, query } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let superAdmin: Agent;
let limited: Agent;
let saId: string;
let luId: string;
let a: TrackedProjectFixture;
let b: TrackedProjectFixture;
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  const lu = await t.user('limited_user');
  saId = sa.id;
  luId = lu.id;
  [superAdmin, limited] = await Promise.all([t.signIn(sa.email), t.signIn(lu.email)]);
  a = await trackedProject(t.database.db, sa.id, { clientName: 'Avery Holdings' });
  b = await trackedProject(t.database.db, sa.id, { clientName: 'Birch Partners' });
  // Consultant 100/h; Senior Consultant 175/h (the case's custom rate).
  await logTime(superAdmin, a.projectId, { entryDate: '2026-03-02', hours: 2 });
  await logTime(superAdmin, a.projectId, { entryDate: '2026-03-10', hours: 1.5, jobType: 'Senior Consultant' });
  await logTime(limited, b.projectId, { entryDate: '2026-03-20', hours: 3, description: 'Said "hi", then, left\nearly' });
  await logTime(limited, b.projectId, { entryDate: '2026-04-01', hours: 8 }); // outside March
  await logExpense(superAdmin, a.projectId, { entryDate: '2026-03-05', amount: 42.1 });
});
afterAll(async () => t?.close());

const report = (agent: Agent, params: Record<string, string>) =>
  agent.request({ method: 'GET', url: `/api/reports?${query(params)}` });

describe('GET /api/reports', () => {
  it('groups a month by staff member with hours, time value and expenses for a super admin', async () => {
    const res = await report(superAdmin, { ...MARCH, groupBy: 'staff' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.money).toBe(true);
    const mine = body.rows.find((r: { key: string }) => r.key === saId);
    const theirs = body.rows.find((r: { key: string }) => r.key === luId);
    expect(mine).toMatchObject({ label: 'Test super_admin', hours: 3.5, timeValue: 462.5, expenses: 42.1, timeEntries: 2, expenseEntries: 1 });
    expect(theirs).toMatchObject({ hours: 3, timeValue: 300, expenses: 0, timeEntries: 1 });
    expect(body.totals).toEqual({ hours: 6.5, timeValue: 762.5, expenses: 42.1, timeEntries: 3, expenseEntries: 1 });
  });

  it('leaves every money field out for a limited user', async () => {
    const body = (await report(limited, { ...MARCH, groupBy: 'staff' })).json();
    expect(body.money).toBe(false);
    expect(body.totals).toEqual({ hours: 6.5, timeEntries: 3, expenseEntries: 1 });
    for (const row of body.rows) expect(Object.keys(row).sort()).toEqual(['expenseEntries', 'hours', 'key', 'label', 'timeEntries']);
  });

  it.each(['client', 'case', 'project', 'job-type', 'day', 'week', 'month'])('groups by %s with the same grand total', async (groupBy) => {
    const body = (await report(superAdmin, { ...MARCH, groupBy })).json();
    expect(body.totals).toMatchObject({ hours: 6.5, timeValue: 762.5, expenses: 42.1 });
    const sum = body.rows.reduce((s: number, r: { hours: number }) => s + r.hours, 0);
    expect(sum).toBeCloseTo(6.5);
  });

  it('labels groups as people read them', async () => {
    const byClient = (await report(superAdmin, { ...MARCH, groupBy: 'client' })).json();
    expect(byClient.rows.map((r: { label: string }) => r.label)).toEqual(['Avery Holdings', 'Birch Partners']);
    const byWeek = (await report(superAdmin, { ...MARCH, groupBy: 'week' })).json();
    expect(byWeek.rows[0].label).toBe('Week of 03/02/2026');
    const byType = (await report(superAdmin, { ...MARCH, groupBy: 'job-type' })).json();
    expect(byType.rows.map((r: { label: string }) => r.label)).toEqual(['Consultant', 'Fuel (expense)', 'Senior Consultant']);
  });

  it('filters by client, staff member, kind and job type', async () => {
    expect((await report(superAdmin, { ...MARCH, clientId: 'not-a-uuid' })).statusCode).toBe(400);
    const byCase = (await report(superAdmin, { ...MARCH, caseId: a.caseId })).json();
    expect(byCase.totals).toMatchObject({ hours: 3.5, expenses: 42.1 });
    const byUser = (await report(superAdmin, { ...MARCH, userId: luId })).json();
    expect(byUser.totals).toMatchObject({ hours: 3, expenseEntries: 0 });
    const expensesOnly = (await report(superAdmin, { ...MARCH, kind: 'expense' })).json();
    expect(expensesOnly.totals).toMatchObject({ hours: 0, timeEntries: 0, expenses: 42.1 });
    const senior = (await report(superAdmin, { ...MARCH, jobType: 'Senior Consultant' })).json();
    expect(senior.totals).toMatchObject({ hours: 1.5, timeValue: 262.5, expenseEntries: 0 });
  });

  it('refuses a period whose end is before its start, and an unknown client', async () => {
    const backwards = await report(superAdmin, { from: '2026-03-31', to: '2026-03-01' });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('The end of the period is before its start.');
    const unknown = await report(superAdmin, { ...MARCH, clientId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This client was not found.');
    expect((await report(superAdmin, { from: '2026-02-30', to: '2026-03-01' })).statusCode).toBe(400);
  });
});

describe('exports', () => {
  it('streams the entries CSV with RFC 4180 quoting, a Total row and money only for super admins', async () => {
    const res = await superAdmin.request({ method: 'GET', url: `/api/reports/export.csv?${query(MARCH)}&view=entries` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Report-2026-03-01-to-2026-03-31-entries.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Group: Staff member,Date,Kind,Client,Case,Project,Staff member,Job / expense type,Hours,Rate,Time value,Expense amount,Billed,Description');
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(res.body).toContain('"Said ""hi"", then, left\nearly"');
    expect(lines.at(-1)).toBe('Total,,,,,,,,6.5,,762.5,42.1,,');

    const plain = await limited.request({ method: 'GET', url: `/api/reports/export.csv?${query(MARCH)}&view=entries` });
    const plainLines = plain.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(plainLines[0]).toBe('Group: Staff member,Date,Kind,Client,Case,Project,Staff member,Job / expense type,Hours,Billed,Description');
    expect(plain.body).not.toContain('762.5');
    expect(plainLines.at(-1)).toBe('Total,,,,,,,,6.5,,');
  });

  it('streams the grouped CSV (the default) as the table: groups then the Grand Total', async () => {
    const res = await superAdmin.request({ method: 'GET', url: `/api/reports/export.csv?${query({ ...MARCH, groupBy: 'client' })}` });
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual([
      'Client,Hours,Time entries,Expense entries,Time value,Expenses,Total',
      'Avery Holdings,3.5,2,1,462.5,42.1,504.6', 'Birch Partners,3,1,0,300,0,300', 'Grand Total,6.5,3,1,762.5,42.1,804.6',
    ]);
    const plain = await limited.request({ method: 'GET', url: `/api/reports/export.csv?${query({ ...MARCH, groupBy: 'client' })}` });
    expect(plain.body.replace(/^\uFEFF/, '').split('\r\n').at(-2)).toBe('Grand Total,6.5,3,1');
  });

  it('writes XLSX with real dates and numbers, a header row and totals rows', async () => {
    const res = await superAdmin.request({ method: 'GET', url: `/api/reports/export.xlsx?${query({ ...MARCH, groupBy: 'client' })}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Report-2026-03-01-to-2026-03-31.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = book.getWorksheet('Report')!;
    expect(summary.getRow(1).values).toEqual([undefined, 'Client', 'Hours', 'Time entries', 'Expense entries', 'Time value', 'Expenses', 'Total']);
    expect(summary.getRow(2).values).toEqual([undefined, 'Avery Holdings', 3.5, 2, 1, 462.5, 42.1, 504.6]);
    expect(summary.getRow(4).values).toEqual([undefined, 'Grand Total', 6.5, 3, 1, 762.5, 42.1, 804.6]);
    const entries = book.getWorksheet('Entries')!;
    expect(entries.rowCount).toBe(1 + 4 + 1);
    const first = entries.getRow(2);
    expect(first.getCell(1).value).toBe('Avery Holdings');
    expect(first.getCell(2).value).toEqual(new Date(Date.UTC(2026, 2, 2)));
    expect(first.getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(first.getCell(9).value).toBe(2);
    expect(first.getCell(9).numFmt).toBe('0.00');
    expect(first.getCell(11).value).toBe(200);
    expect(first.getCell(11).numFmt).toBe('"$"#,##0.00');
    expect(entries.getRow(6).getCell(9).value).toBe(6.5);

    const plain = await limited.request({ method: 'GET', url: `/api/reports/export.xlsx?${query(MARCH)}` });
    const plainBook = new ExcelJS.Workbook();
    await plainBook.xlsx.load(plain.rawPayload as unknown as ArrayBuffer);
    expect(plainBook.getWorksheet('Report')!.getRow(1).values).toEqual([undefined, 'Staff member', 'Hours', 'Time entries', 'Expense entries']);
    expect(plainBook.getWorksheet('Entries')!.getRow(1).values).not.toContain('Time value');
  });
});

describe('a second grouping level', () => {
  type Row = { key: string; label: string; hours: number; timeValue?: number; expenses?: number; timeEntries: number; children?: Row[] };
  const GROUPS = ['client', 'case', 'project', 'staff', 'job-type', 'day', 'week', 'month'];
  const PAIRS = GROUPS.flatMap((g) => GROUPS.filter((h) => h !== g).map((h) => [g, h]));

  it.each(PAIRS)('%s then %s: each group is the subtotal of its subgroups, the grand total unchanged', async (groupBy, thenBy) => {
    const res = await report(superAdmin, { ...MARCH, groupBy, thenBy });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { thenBy: string; rows: Row[]; totals: Row };
    expect(body.thenBy).toBe(thenBy);
    expect(body.totals).toMatchObject({ hours: 6.5, timeValue: 762.5, expenses: 42.1 });
    for (const row of body.rows) {
      expect(row.children!.length).toBeGreaterThan(0);
      const sum = (k: 'hours' | 'timeValue' | 'expenses' | 'timeEntries') => row.children!.reduce((s, c) => s + c[k]!, 0);
      expect(sum('hours')).toBeCloseTo(row.hours);
      expect(sum('timeValue')).toBeCloseTo(row.timeValue!);
      expect(sum('expenses')).toBeCloseTo(row.expenses!);
      expect(sum('timeEntries')).toBe(row.timeEntries);
    }
  });

  it('labels and orders both levels; a limited user gets no money at either', async () => {
    const body = (await report(superAdmin, { ...MARCH, groupBy: 'client', thenBy: 'job-type' })).json();
    expect(body.rows.map((r: Row) => r.label)).toEqual(['Avery Holdings', 'Birch Partners']);
    expect(body.rows[0].children.map((c: Row) => [c.label, c.hours, c.timeValue, c.expenses])).toEqual([
      ['Consultant', 2, 200, 0], ['Fuel (expense)', 0, 0, 42.1], ['Senior Consultant', 1.5, 262.5, 0],
    ]);
    const byStaff = (await report(superAdmin, { ...MARCH, groupBy: 'staff', thenBy: 'week' })).json();
    const mine = byStaff.rows.find((r: Row) => r.key === saId);
    expect(mine.children.map((c: Row) => c.label)).toEqual(['Week of 03/02/2026', 'Week of 03/09/2026']);
    const plain = (await report(limited, { ...MARCH, groupBy: 'client', thenBy: 'staff' })).json();
    for (const row of plain.rows) {
      for (const child of row.children) expect(Object.keys(child).sort()).toEqual(['expenseEntries', 'hours', 'key', 'label', 'timeEntries']);
    }
    expect(JSON.stringify(plain)).not.toContain('timeValue');
  });

  it('refuses the same grouping twice', async () => {
    const res = await report(superAdmin, { ...MARCH, groupBy: 'client', thenBy: 'client' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Choose a second grouping different from the first.');
  });

  it('carries both levels into the CSV and the XLSX', async () => {
    const params = query({ ...MARCH, groupBy: 'client', thenBy: 'staff' });
    const csv = await superAdmin.request({ method: 'GET', url: `/api/reports/export.csv?${params}&view=entries` });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Group: Client,Subgroup: Staff member,Date,Kind,/);
    expect(lines).toContain('Avery Holdings,Test super_admin,2026-03-02,Time,Avery Holdings,' + lines[1]!.split(',').slice(5).join(','));
    expect(lines.at(-1)).toBe('Total,,,,,,,,,6.5,,762.5,42.1,,');

    const xlsx = await superAdmin.request({ method: 'GET', url: `/api/reports/export.xlsx?${params}` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const summary = book.getWorksheet('Report')!;
    expect(summary.getRow(1).values).toEqual([undefined, 'Client / Staff member', 'Hours', 'Time entries', 'Expense entries', 'Time value', 'Expenses', 'Total']);
    expect(summary.getRow(2).values).toEqual([undefined, 'Avery Holdings']);
    expect(summary.getRow(2).font?.bold).toBe(true);
    expect(summary.getRow(3).values).toEqual([undefined, 'Test super_admin', 3.5, 2, 1, 462.5, 42.1, 504.6]);
    expect(summary.getRow(4).values).toEqual([undefined, 'Subtotal Avery Holdings', 3.5, 2, 1, 462.5, 42.1, 504.6]);
    expect(summary.getRow(5).values).toEqual([undefined, 'Birch Partners']);
    expect(summary.getRow(8).values).toEqual([undefined, 'Grand Total', 6.5, 3, 1, 762.5, 42.1, 804.6]);
    const entries = book.getWorksheet('Entries')!;
    expect(entries.getRow(1).values).toEqual(expect.arrayContaining(['Group: Client', 'Subgroup: Staff member']));
    expect(entries.getRow(2).getCell(2).value).toBe('Test super_admin');
  });
});

describe("the firm's week (issue 44)", () => {
  it('groups by week from the firm\'s first day, and /api/config says which day that is', async () => {
    const config = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json().weekStartsOn;
    expect(await config()).toBe(1);
    const weekly = async () => (await report(superAdmin, { ...MARCH, groupBy: 'week' })).json().rows
      .map((r: { key: string; hours: number }) => [r.key, r.hours]);
    // Mondays: 03/02 (2 h), 03/09 (1.5 h), 03/16 (3 h).
    expect(await weekly()).toEqual([['2026-03-02', 2], ['2026-03-09', 1.5], ['2026-03-16', 3]]);
    const current = (await superAdmin.request({ method: 'GET', url: '/api/settings/timesheets' })).json();
    const sunday = await superAdmin.request({ method: 'PUT', url: '/api/settings/timesheets', payload: { ...current, weekStartsOn: 7 } });
    expect(sunday.statusCode, sunday.body).toBe(200);
    try {
      expect(await config()).toBe(7);
      // Sundays: 03/01 (03/02), 03/08 (03/10), 03/15 (03/20).
      expect(await weekly()).toEqual([['2026-03-01', 2], ['2026-03-08', 1.5], ['2026-03-15', 3]]);
    } finally {
      const now = (await superAdmin.request({ method: 'GET', url: '/api/settings/timesheets' })).json();
      await superAdmin.request({ method: 'PUT', url: '/api/settings/timesheets', payload: { ...now, weekStartsOn: 1 } });
    }
  });
});
