import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TReportQuery, TReportResponse } from '../../core/api/reports.ts';
import { roundToCents } from '../../core/money.ts';
import { exportColumns, GROUP_LABELS, reportLevels, type ExportRow } from '../../core/reports.ts';

// The XLSX export through exceljs's streaming writer (docs/decisions/081): a Summary sheet with the
// report's grouped rows and a Total row, then an Entries sheet with every entry and a Total row.
// Dates are real dates, hours and money numbers with formats. It runs in the document worker
// (docs/decisions/065): the request thread reads the entries and hands them over a page at a time.

const HOURS = '0.00';
const MONEY = '"$"#,##0.00';
const DATE = 'mm/dd/yyyy';

const excelDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

export interface ReportWorkbookInput {
  query: TReportQuery;
  report: TReportResponse;
}

/** Writes the workbook into `out` (and ends it) from the report and its entries' pages. */
export async function writeReportWorkbook({ query, report }: ReportWorkbookInput, pages: AsyncIterable<ExportRow[]>, out: Writable) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const { money } = report;
  const levels = reportLevels(query);
  const summary = book.addWorksheet('Summary');
  summary.columns = [
    ...levels.map((g) => ({ header: GROUP_LABELS[g], width: 40 })),
    { header: 'Hours', width: 10, style: { numFmt: HOURS } },
    { header: 'Time entries', width: 12 }, { header: 'Expense entries', width: 14 },
    ...(money ? [{ header: 'Time value', width: 14, style: { numFmt: MONEY } }, { header: 'Expenses', width: 14, style: { numFmt: MONEY } }] : []),
  ];
  const summaryCells = (labels: (string | null)[], t: TReportResponse['totals']) =>
    [...labels, t.hours, t.timeEntries, t.expenseEntries, ...(money ? [t.timeValue ?? 0, t.expenses ?? 0] : [])];
  summary.getRow(1).font = { bold: true };
  // With a second level, each group's row is its subtotal (bold), followed by its subgroups.
  for (const row of report.rows) {
    const group = summary.addRow(summaryCells(levels.length === 2 ? [row.label, null] : [row.label], row));
    if (row.children) group.font = { bold: true };
    group.commit();
    for (const child of row.children ?? []) summary.addRow(summaryCells([null, child.label], child)).commit();
  }
  const summaryTotal = summary.addRow(summaryCells(levels.length === 2 ? ['Total', null] : ['Total'], report.totals));
  summaryTotal.font = { bold: true };
  summaryTotal.commit();
  summary.commit();

  const entries = book.addWorksheet('Entries');
  const widths: Record<string, number> = { Date: 12, Client: 30, Project: 36, Description: 50 };
  const formats: Record<string, string> = { Date: DATE, Hours: HOURS, Rate: MONEY, 'Time value': MONEY, 'Expense amount': MONEY };
  const headers = exportColumns(money, levels);
  entries.columns = headers.map((header) => ({
    header, width: widths[header] ?? (header.includes(': ') ? 30 : 16), ...(formats[header] ? { style: { numFmt: formats[header] } } : {}),
  }));
  // One style object per column shared by every cell: exceljs then finds a cell's style id by
  // identity instead of serialising a fresh copy of it for each of the 100,000s of cells.
  const styles = headers.map((header) => (formats[header] ? { numFmt: formats[header] } : {}));
  entries.getRow(1).font = { bold: true };
  const total = { hours: 0, value: 0, amount: 0 };
  for await (const rows of pages) {
    for (const r of rows) {
      total.hours += r.hours ?? 0; total.value += r.value ?? 0; total.amount += r.amount ?? 0;
      const lead = [...r.groups, excelDate(r.date), r.kind, r.client, r.caseNumber, r.project, r.staff, r.type, r.hours];
      const row = entries.addRow(money ? [...lead, r.rate, r.value, r.amount, r.description] : [...lead, r.description]);
      styles.forEach((style, i) => { row.getCell(i + 1).style = style; });
      row.commit();
    }
  }
  const hours = Math.round(total.hours * 100) / 100;
  const lead = ['Total', ...Array<null>(levels.length + 6).fill(null), hours];
  const last = entries.addRow(money ? [...lead, null, roundToCents(total.value), roundToCents(total.amount), null] : [...lead, null]);
  last.font = { bold: true };
  last.commit();
  entries.commit();
  await book.commit();
}
