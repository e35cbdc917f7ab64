import type { TBillDetail } from '../../core/api/accounting.ts';
import {
  BILL_PDF_MARGINS, billHeading, billTitle, billTotals, EXPENSE_COLUMNS, expenseCells, TIME_COLUMNS, timeCells,
} from '../../core/bill-pdf.ts';
import { createPdf, ensureSpace, sectionTitle } from './document.ts';
import type { Letterhead } from './letterhead.ts';
import { drawTable } from './table.ts';

// 532 pt between the 40 pt margins, in the columns' order.
const TIME_WIDTHS = [56, 84, 70, 70, 34, 50, 56, 112];
const EXPENSE_WIDTHS = [56, 84, 70, 80, 56, 186];

/** A bill on the firm's letterhead: heading, time lines, expense lines, totals (issue 11). */
export function renderBill(bill: TBillDetail, letterhead: Letterhead): Promise<Buffer> {
  const title = billTitle(bill);
  const { doc, finish } = createPdf({ title, margins: BILL_PDF_MARGINS, letterhead });
  const left = BILL_PDF_MARGINS.left;
  const right = doc.page.width - BILL_PDF_MARGINS.right;
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#111827').text(title, left, BILL_PDF_MARGINS.top);
  doc.font('Helvetica').fontSize(10).fillColor('#374151');
  for (const line of billHeading(bill)) doc.text(line);

  const time = bill.lines.filter((l) => l.kind === 'time');
  const expenses = bill.lines.filter((l) => l.kind === 'expense');
  if (bill.status === 'void') {
    doc.moveDown(0.8);
    doc.font('Helvetica-Oblique').text('This bill is void: its entries are unbilled again.');
  }
  if (time.length > 0) {
    sectionTitle(doc, 'Time');
    drawTable(doc, { columns: TIME_COLUMNS.map((header, i) => ({ header, width: TIME_WIDTHS[i]!, align: i >= 4 && i <= 6 ? 'right' : 'left' })), rows: time.map(timeCells) });
  }
  if (expenses.length > 0) {
    sectionTitle(doc, 'Expenses');
    drawTable(doc, { columns: EXPENSE_COLUMNS.map((header, i) => ({ header, width: EXPENSE_WIDTHS[i]!, align: i === 4 ? 'right' : 'left' })), rows: expenses.map(expenseCells) });
  }

  // The totals stay together, right-aligned under the tables.
  const totals = billTotals(bill);
  doc.moveDown(1);
  ensureSpace(doc, totals.length * 16 + 8);
  const labelX = right - 220;
  for (const [label, amount] of totals) {
    const last = label === 'Total';
    const y = doc.y;
    if (last) doc.moveTo(labelX, y - 2).lineTo(right, y - 2).lineWidth(0.75).strokeColor('#6b7280').stroke();
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 10).fillColor('#111827');
    doc.text(label, labelX, y + (last ? 2 : 0), { width: 100, lineBreak: false });
    doc.text(amount, labelX + 100, y + (last ? 2 : 0), { width: 120, align: 'right' });
  }
  return finish();
}
