import type { TAgingByClient } from '../../core/api/aging.ts';
import { AGING_BY_CLIENT_COLUMNS, agingByClientRows, agingByClientTitle } from '../../core/billing/aging-by-client.ts';
import { BILL_PDF_MARGINS } from '../../core/billing/bill-pdf.ts';
import { createPdf } from './document.ts';
import { FONT } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';
import { drawTable } from './table.ts';

// 532 pt between the 40 pt margins: the client, the count, five buckets and the total.
const WIDTHS = [132, 36, 60, 60, 60, 60, 62, 62];

/** A/R aging by client on the firm's letterhead (issue 38): the firm's own report, not a client's. */
export function renderAgingByClient(report: TAgingByClient, letterhead: Letterhead): Promise<Buffer> {
  const title = agingByClientTitle(report.today);
  const { doc, finish } = createPdf({ title, margins: BILL_PDF_MARGINS, letterhead });
  doc.font(FONT.bold).fontSize(14).fillColor('#111827').text(title);
  doc.moveDown(0.6);
  drawTable(doc, {
    columns: AGING_BY_CLIENT_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i]!, align: i === 0 ? 'left' : 'right' })),
    rows: agingByClientRows(report), fontSize: 8,
  });
  return finish();
}
