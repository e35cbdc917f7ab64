import { BILL_PDF_MARGINS } from '../../core/billing/bill-pdf.ts';
import { createPdf, ensureSpace } from './document.ts';
import { FONT } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';

export interface EngagementLetterPdfData {
  title: string;
  /** The letter as rendered from the firm's template (src/core/cases/engagement-template.ts): plain text. */
  text: string;
}

/** A line in capitals (a heading of the letter, 'FEES AND EXPENSES') is set in bold. */
const isHeading = (line: string) => /[A-Z]{3}/.test(line) && line === line.toUpperCase() && line.trim().length <= 80;

/**
 * The engagement letter of a case on the firm's letterhead (issue 39): the rendered template's
 * text as written, line by line, in the letter's own breaks; blank lines keep their space.
 */
export function renderEngagementLetter({ title, text }: EngagementLetterPdfData, letterhead: Letterhead): Promise<Buffer> {
  const { doc, finish } = createPdf({ title, margins: BILL_PDF_MARGINS, letterhead });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fillColor('#111827').fontSize(10.5);
  for (const line of text.replace(/\r\n?/g, '\n').trimEnd().split('\n')) {
    if (line.trim() === '') {
      doc.moveDown(0.6);
      continue;
    }
    const heading = isHeading(line);
    // A heading is kept with the first lines of what it heads.
    if (heading) ensureSpace(doc, 60);
    doc.font(heading ? FONT.bold : FONT.regular).text(line, left, doc.y, { width, lineGap: 1.5 });
  }
  return finish();
}
