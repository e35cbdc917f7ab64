import { PassThrough } from 'node:stream';
import type { TReportQuery, TReportResponse } from '../../../core/api/reports.ts';
import { roundToCents } from '../../../core/money.ts';
import { reportTableColumns, reportTableLines } from '../../../core/field-reports/report-layout.ts';
import { csvLine, exportCells, exportColumns, reportLevels } from '../../../core/time/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { waitForReader } from '../../http/stream-out.ts';
import { forEachEntryPage } from './entry-rows.ts';

// The CSV exports (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheet programs read accents), docs/decisions/098:
// the grouped report as the screen's table, and the entries, written a page at a time as the client reads them.

/** The report's table as on screen: groups, subgroups, 'Subtotal …' rows and the Grand Total (a few rows). */
export function groupedCsv(report: TReportResponse): string {
  const columns = reportTableColumns(report);
  const lines = reportTableLines(report).map((l) => {
    const values = l.values ?? Array<string>(columns.length - 1).fill('');
    return csvLine([l.label, ...values]);
  });
  return `\uFEFF${csvLine(columns)}${lines.join('')}`;
}

/** Every entry behind the report, one record each, and a last Total record. */
export function entriesCsv(db: DbOrTx, options: { query: TReportQuery; money: boolean }): PassThrough {
  const out = new PassThrough();
  write(db, options, out).then(() => out.end(), (error: unknown) => out.destroy(error as Error));
  return out;
}

async function write(db: DbOrTx, { query, money }: { query: TReportQuery; money: boolean }, out: PassThrough) {
  const levels = reportLevels(query);
  out.write(`\uFEFF${csvLine(exportColumns(money, levels))}`);
  const total = { hours: 0, value: 0, amount: 0 };
  await forEachEntryPage(db, query, async (rows) => {
    let chunk = '';
    for (const r of rows) {
      total.hours += r.hours ?? 0; total.value += r.value ?? 0; total.amount += r.amount ?? 0;
      chunk += csvLine([...r.groups, ...exportCells(r, money)]);
    }
    out.write(chunk);
    await waitForReader(out);
  });
  const hours = Math.round(total.hours * 100) / 100;
  const blanks = (n: number) => Array<string>(n).fill('');
  const lead = ['Total', ...blanks(levels.length + 6), hours];
  out.write(csvLine(money ? [...lead, '', roundToCents(total.value), roundToCents(total.amount), '', ''] : [...lead, '', '']));
}
