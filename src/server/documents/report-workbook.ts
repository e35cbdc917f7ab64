import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TReportQuery, TReportResponse } from '../../core/api/reports.ts';
import { roundToCents } from '../../core/money.ts';
import { reportTableColumns, reportTableLines, type ReportLineKind } from '../../core/field-reports/report-layout.ts';
import { exportCells, exportColumns, reportLevels, type ExportRow } from '../../core/time/reports.ts';

// The XLSX export through exceljs's streaming writer (docs/decisions/081, 098): a 'Report' sheet
// that is the screen's table (groups, subgroups, subtotals, Grand Total), then an 'Entries' sheet
// with every entry and a Total row.
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
  writeReportSheet(book, report);

  const entries = book.addWorksheet('Entries');
  const widths: Record<string, number> = { Date: 12, Client: 30, Project: 36, Billed: 12, Description: 50 };
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
      const row = entries.addRow([...r.groups, excelDate(r.date), ...exportCells(r, money).slice(1)]);
      styles.forEach((style, i) => { row.getCell(i + 1).style = style; });
      row.commit();
    }
  }
  const hours = Math.round(total.hours * 100) / 100;
  const lead = ['Total', ...Array<null>(levels.length + 6).fill(null), hours];
  const last = entries.addRow(money ? [...lead, null, roundToCents(total.value), roundToCents(total.amount), null, null] : [...lead, null, null]);
  last.font = { bold: true };
  last.commit();
  entries.commit();
  await book.commit();
}

/** Number formats of the table's columns after the label: hours, two counts, then money. */
const TABLE_FORMATS = [HOURS, '0', '0', MONEY, MONEY, MONEY];
const BOLD: ReadonlySet<ReportLineKind> = new Set(['heading', 'subtotal', 'total']);

/**
 * The 'Report' sheet: the screen's table row for row (core/field-reports/report-layout.ts). Group headings,
 * subtotals and the Grand Total are bold; subgroups are indented and one outline level down, so
 * Excel's outline buttons fold a report to its subtotals.
 */
function writeReportSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, report: TReportResponse) {
  const twoLevels = report.thenBy !== null;
  const sheet = book.addWorksheet('Report', {
    views: [{ state: 'frozen', ySplit: 1 }],
    properties: twoLevels ? { outlineLevelRow: 1 } : {},
  });
  sheet.columns = reportTableColumns(report).map((header, i) => (i === 0
    ? { header, width: 48 }
    : { header, width: 14, style: { numFmt: TABLE_FORMATS[i - 1]! } }));
  sheet.getRow(1).font = { bold: true };
  for (const line of reportTableLines(report)) {
    const row = sheet.addRow([line.label, ...(line.values ?? [])]);
    if (BOLD.has(line.kind)) row.font = { bold: true };
    if (line.kind === 'subgroup') {
      row.outlineLevel = 1;
      row.getCell(1).alignment = { indent: 1 };
    }
    row.commit();
  }
  sheet.commit();
}
