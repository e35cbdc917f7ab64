import type { TReportQuery } from '../../../core/api/reports.ts';
import { roundToCents } from '../../../core/money.ts';
import { csvLine } from '../../../core/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { exportColumns, exportRows, type ExportRow } from './entry-rows.ts';

// The CSV export (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheet programs read accents),
// produced a page at a time; the last record is the Total row.

export async function* reportCsv(db: DbOrTx, options: { query: TReportQuery; money: boolean }): AsyncGenerator<string> {
  const { money } = options;
  yield `\uFEFF${csvLine(exportColumns(money))}`;
  const total = { hours: 0, value: 0, amount: 0 };
  const cells = (r: ExportRow) => {
    const lead = [r.date, r.kind, r.client, r.caseNumber, r.project, r.staff, r.type, r.hours];
    return money ? [...lead, r.rate, r.value, r.amount, r.description] : [...lead, r.description];
  };
  for await (const rows of exportRows(db, options.query)) {
    let chunk = '';
    for (const r of rows) {
      total.hours += r.hours ?? 0; total.value += r.value ?? 0; total.amount += r.amount ?? 0;
      chunk += csvLine(cells(r));
    }
    yield chunk;
  }
  const hours = Math.round(total.hours * 100) / 100;
  yield csvLine(money
    ? ['Total', '', '', '', '', '', '', hours, '', roundToCents(total.value), roundToCents(total.amount), '']
    : ['Total', '', '', '', '', '', '', hours, '']);
}
