import { PassThrough } from 'node:stream';
import type { TReportQuery } from '../../../core/api/reports.ts';
import { roundToCents } from '../../../core/money.ts';
import { csvLine, exportColumns, reportLevels, type ExportRow } from '../../../core/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { forEachEntryPage } from './entry-rows.ts';
import { waitForReader } from './stream-out.ts';

// The CSV export (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheet programs read accents),
// written a page at a time as the client reads it; the last record is the Total row.

export function reportCsv(db: DbOrTx, options: { query: TReportQuery; money: boolean }): PassThrough {
  const out = new PassThrough();
  write(db, options, out).then(() => out.end(), (error: unknown) => out.destroy(error as Error));
  return out;
}

async function write(db: DbOrTx, { query, money }: { query: TReportQuery; money: boolean }, out: PassThrough) {
  const levels = reportLevels(query);
  out.write(`\uFEFF${csvLine(exportColumns(money, levels))}`);
  const total = { hours: 0, value: 0, amount: 0 };
  const cells = (r: ExportRow) => {
    const lead = [...r.groups, r.date, r.kind, r.client, r.caseNumber, r.project, r.staff, r.type, r.hours];
    return money ? [...lead, r.rate, r.value, r.amount, r.description] : [...lead, r.description];
  };
  await forEachEntryPage(db, query, async (rows) => {
    let chunk = '';
    for (const r of rows) {
      total.hours += r.hours ?? 0; total.value += r.value ?? 0; total.amount += r.amount ?? 0;
      chunk += csvLine(cells(r));
    }
    out.write(chunk);
    await waitForReader(out);
  });
  const hours = Math.round(total.hours * 100) / 100;
  const blanks = (n: number) => Array<string>(n).fill('');
  const lead = ['Total', ...blanks(levels.length + 6), hours];
  out.write(csvLine(money ? [...lead, '', roundToCents(total.value), roundToCents(total.amount), ''] : [...lead, '']));
}
