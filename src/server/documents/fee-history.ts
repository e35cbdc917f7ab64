import type { TFeeHistory } from '../../core/api/testimony.ts';
import { BILL_PDF_MARGINS } from '../../core/billing/bill-pdf.ts';
import { FEE_HISTORY_COLUMNS, feeHistoryCells, feeHistorySummary, feeHistoryTitle } from '../../core/billing/fee-history.ts';
import { createPdf, sectionTitle } from './document.ts';
import { FONT } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';
import { drawTable } from './table.ts';

// 532 pt: bill, issued, deposition, caption, payer, charged, paid, status.
const WIDTHS = [40, 58, 58, 128, 98, 52, 52, 46];

/** An expert's deposition fee history (CCP §2034.470, issue 40): money, printed for super admins only. */
export function renderFeeHistory(h: TFeeHistory, letterhead: Letterhead): Promise<Buffer> {
  const title = feeHistoryTitle(h.expertName);
  const { doc, finish } = createPdf({ title, margins: BILL_PDF_MARGINS, letterhead });
  doc.font(FONT.bold).fontSize(14).fillColor('#111827').text(title);
  doc.moveDown(0.4);
  doc.font(FONT.regular).fontSize(10).fillColor('#111827');
  for (const line of feeHistorySummary(h)) doc.text(line);
  sectionTitle(doc, 'Deposition fees charged');
  drawTable(doc, {
    columns: FEE_HISTORY_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i]!, align: i === 5 || i === 6 ? 'right' as const : 'left' as const })),
    rows: h.bills.map(feeHistoryCells), fontSize: 8,
  });
  return finish();
}
