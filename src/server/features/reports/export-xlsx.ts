import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TReportQuery, TReportResponse } from '../../../core/api/reports.ts';
import { roundToCents } from '../../../core/money.ts';
import { GROUP_LABELS } from '../../../core/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { exportColumns, exportRows } from './entry-rows.ts';

// The XLSX export through exceljs's streaming writer (docs/decisions/081): a Summary sheet with the
// report's grouped rows and a Total row, then an Entries sheet with every entry and a Total row.
// Dates are real dates, hours and money numbers with formats.

const HOURS = '0.00';
const MONEY = '"$"#,##0.00';
const DATE = 'mm/dd/yyyy';

const excelDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

export function reportXlsx(db: DbOrTx, options: { query: TReportQuery; report: TReportResponse }): PassThrough {
  const out = new PassThrough();
  write(db, options, out).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

async function write(db: DbOrTx, { query, report }: { query: TReportQuery; report: TReportResponse }, out: PassThrough) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const { money } = report;
  const summary = book.addWorksheet('Summary');
  summary.columns = [
    { header: GROUP_LABELS[report.groupBy], width: 40 },
    { header: 'Hours', width: 10, style: { numFmt: HOURS } },
    { header: 'Time entries', width: 12 }, { header: 'Expense entries', width: 14 },
    ...(money ? [{ header: 'Time value', width: 14, style: { numFmt: MONEY } }, { header: 'Expenses', width: 14, style: { numFmt: MONEY } }] : []),
  ];
  const summaryCells = (label: string, t: TReportResponse['totals']) =>
    [label, t.hours, t.timeEntries, t.expenseEntries, ...(money ? [t.timeValue ?? 0, t.expenses ?? 0] : [])];
  summary.getRow(1).font = { bold: true };
  for (const row of report.rows) summary.addRow(summaryCells(row.label, row)).commit();
  const summaryTotal = summary.addRow(summaryCells('Total', report.totals));
  summaryTotal.font = { bold: true };
  summaryTotal.commit();
  summary.commit();

  const entries = book.addWorksheet('Entries');
  const widths: Record<string, number> = { Date: 12, Client: 30, Project: 36, Description: 50 };
  const formats: Record<string, string> = { Date: DATE, Hours: HOURS, Rate: MONEY, 'Time value': MONEY, 'Expense amount': MONEY };
  entries.columns = exportColumns(money).map((header) => ({
    header, width: widths[header] ?? 16, ...(formats[header] ? { style: { numFmt: formats[header] } } : {}),
  }));
  entries.getRow(1).font = { bold: true };
  const total = { hours: 0, value: 0, amount: 0 };
  for await (const rows of exportRows(db, query)) {
    for (const r of rows) {
      total.hours += r.hours ?? 0; total.value += r.value ?? 0; total.amount += r.amount ?? 0;
      const lead = [excelDate(r.date), r.kind, r.client, r.caseNumber, r.project, r.staff, r.type, r.hours];
      entries.addRow(money ? [...lead, r.rate, r.value, r.amount, r.description] : [...lead, r.description]).commit();
    }
  }
  const hours = Math.round(total.hours * 100) / 100;
  const last = entries.addRow(money
    ? ['Total', null, null, null, null, null, null, hours, null, roundToCents(total.value), roundToCents(total.amount), null]
    : ['Total', null, null, null, null, null, null, hours, null]);
  last.font = { bold: true };
  last.commit();
  entries.commit();
  await book.commit();
}
