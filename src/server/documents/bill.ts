import type { TBillDetail } from '../../core/api/accounting.ts';
import {
  BILL_PDF_MARGINS, billFacts, billTitle, billToLines, billTotals, EXPENSE_COLUMNS, expenseCells, TIME_COLUMNS, timeCells,
} from '../../core/billing/bill-pdf.ts';
import { createPdf, sectionTitle } from './document.ts';
import { FONT } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';
import { drawHeading, drawTextSection, drawTotals } from './payable-blocks.ts';
import { drawTable } from './table.ts';

// 532 pt between the 40 pt margins, in the columns' order.
const TIME_WIDTHS = [56, 84, 70, 70, 34, 50, 60, 108];
const EXPENSE_WIDTHS = [56, 84, 70, 80, 60, 182];

export interface BillPdfData {
  bill: TBillDetail;
  /** How to pay the firm (its profile's remittance details). */
  remittance: string;
}

/**
 * A bill a client can pay from, on the firm's letterhead (issues 11 and 24): who it is to, its
 * dates and terms, its time and expense lines with write-downs shown, the totals down to the
 * balance due, the note, and where to send the money.
 */
export function renderBill({ bill, remittance }: BillPdfData, letterhead: Letterhead): Promise<Buffer> {
  const title = billTitle(bill);
  const { doc, finish } = createPdf({ title, margins: BILL_PDF_MARGINS, letterhead });
  drawHeading(doc, { title, facts: billFacts(bill), toHeading: 'Bill to', to: billToLines(bill) });
  doc.font(FONT.regular).fontSize(10).fillColor('#374151')
    .text(`Case: ${bill.fileNumber}${bill.caseName ? ` — ${bill.caseName}` : ''}`);
  if (bill.status === 'void') {
    doc.moveDown(0.8);
    doc.font(FONT.italic).text('This bill is void: its entries are unbilled again.');
  }

  const time = bill.lines.filter((l) => l.kind === 'time');
  const expenses = bill.lines.filter((l) => l.kind === 'expense');
  if (time.length > 0) {
    sectionTitle(doc, 'Time');
    drawTable(doc, { columns: TIME_COLUMNS.map((header, i) => ({ header, width: TIME_WIDTHS[i]!, align: i >= 4 && i <= 6 ? 'right' : 'left' })), rows: time.map(timeCells) });
  }
  if (expenses.length > 0) {
    sectionTitle(doc, 'Expenses');
    drawTable(doc, { columns: EXPENSE_COLUMNS.map((header, i) => ({ header, width: EXPENSE_WIDTHS[i]!, align: i === 4 ? 'right' : 'left' })), rows: expenses.map(expenseCells) });
  }
  drawTotals(doc, billTotals(bill));
  drawTextSection(doc, 'Note', bill.note);
  drawTextSection(doc, 'How to pay', remittance);
  return finish();
}
