import type { TStatement } from '../../core/api/accounting.ts';
import { BILL_PDF_MARGINS, billToLines } from '../../core/billing/bill-pdf.ts';
import { formatUsDate } from '../../core/smart-date.ts';
import {
  AGING_COLUMNS, agingCells, STATEMENT_COLUMNS, STATEMENT_TITLE, statementFacts, statementRows, statementSummary,
} from '../../core/billing/statement-pdf.ts';
import { RETAINER_COLUMNS, retainerRows } from '../../core/billing/statement-retainer.ts';
import { createPdf, sectionTitle } from './document.ts';
import type { Letterhead } from './letterhead.ts';
import { drawHeading, drawTextSection, drawTotals } from './payable-blocks.ts';
import { drawTable } from './table.ts';

// 532 pt between the 40 pt margins, in the columns' order.
const WIDTHS = [60, 70, 194, 68, 68, 72];
const AGING_WIDTHS = [106, 106, 106, 107, 107];

export interface StatementPdfData {
  statement: TStatement;
  /** How to pay the firm (its profile's remittance details). */
  remittance: string;
}

/** A client's statement of account on the firm's letterhead (issue 24), laid out like its bills. */
export function renderStatement({ statement: s, remittance }: StatementPdfData, letterhead: Letterhead): Promise<Buffer> {
  const { doc, finish } = createPdf({ title: STATEMENT_TITLE, margins: BILL_PDF_MARGINS, letterhead });
  const { name: clientName, billToName, billingAddress } = s.client;
  drawHeading(doc, { title: STATEMENT_TITLE, facts: statementFacts(s), toHeading: 'Statement for', to: billToLines({ clientName, billToName, billingAddress }) });
  sectionTitle(doc, 'Account activity');
  drawTable(doc, {
    columns: STATEMENT_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i]!, align: i >= 3 ? 'right' : 'left' })),
    rows: statementRows(s),
  });
  drawTotals(doc, statementSummary(s));
  if (s.retainer.lines.length > 0 || s.retainer.opening !== 0 || s.retainer.closing !== 0) {
    sectionTitle(doc, 'Retainer');
    drawTable(doc, {
      columns: RETAINER_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i]!, align: i >= 3 ? 'right' : 'left' })),
      rows: retainerRows(s),
    });
  }
  sectionTitle(doc, `Aging on ${formatUsDate(s.to)}`, 40);
  drawTable(doc, {
    columns: AGING_COLUMNS.map((header, i) => ({ header, width: AGING_WIDTHS[i]!, align: 'right' })),
    rows: [agingCells(s)], fontSize: 9,
  });
  drawTextSection(doc, 'How to pay', remittance);
  return finish();
}
