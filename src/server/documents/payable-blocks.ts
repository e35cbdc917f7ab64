import type { TotalLine } from '../../core/billing/bill-pdf.ts';
import { ensureSpace, sectionTitle, type Doc } from './document.ts';
import { FONT } from './fonts.ts';

// The blocks of documents a client pays from (the bill and the statement, issue 24): the title
// with its facts beside it, who it is addressed to, the amounts down to what is due, and where to
// send the money.

const INK = '#111827';
const MUTED = '#4b5563';
const FACTS_WIDTH = 220;

/**
 * The title on the left, label–value facts on the right, then the addressee under the title;
 * leaves doc.y under whichever of the two columns ends lower.
 */
export function drawHeading(doc: Doc, options: { title: string; facts: readonly [string, string][]; toHeading: string; to: readonly string[] }) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const top = doc.page.margins.top;
  const factsX = right - FACTS_WIDTH;
  doc.font(FONT.bold).fontSize(16).fillColor(INK).text(options.title, left, top, { width: factsX - left - 12 });
  doc.moveDown(0.8);
  doc.font(FONT.bold).fontSize(8).fillColor(MUTED).text(options.toHeading.toUpperCase(), { characterSpacing: 0.5 });
  doc.font(FONT.regular).fontSize(10).fillColor(INK);
  for (const line of options.to) doc.text(line, { width: factsX - left - 12 });
  const leftEnd = doc.y;

  let y = top + 2;
  doc.fontSize(9);
  for (const [label, value] of options.facts) {
    doc.font(FONT.regular).fillColor(MUTED).text(label, factsX, y, { width: 80, lineBreak: false });
    doc.font(FONT.bold).fillColor(INK).text(value, factsX + 80, y, { width: FACTS_WIDTH - 80, align: 'right' });
    y = doc.y + 2;
  }
  doc.x = left;
  doc.y = Math.max(leftEnd, y) + 8;
  doc.font(FONT.regular).fontSize(10).fillColor(INK);
}

/** Label and amount lines, right-aligned under what came before, kept together; strong lines ruled and bold. */
export function drawTotals(doc: Doc, lines: readonly TotalLine[]) {
  const right = doc.page.width - doc.page.margins.right;
  const labelX = right - 320;
  doc.moveDown(1);
  ensureSpace(doc, lines.length * 17 + 10);
  for (const line of lines) {
    const y = doc.y + (line.strong ? 4 : 0);
    if (line.strong) doc.moveTo(labelX, y - 3).lineTo(right, y - 3).lineWidth(0.75).strokeColor('#6b7280').stroke();
    doc.font(line.strong ? FONT.bold : FONT.regular).fontSize(line.strong ? 11 : 10).fillColor(INK);
    // A long label (a payment's reference) wraps; the next line starts under the lower of the two.
    doc.text(line.label, labelX, y, { width: 216 });
    const labelEnd = doc.y;
    doc.text(line.amount, labelX + 220, y, { width: 100, align: 'right' });
    doc.y = Math.max(labelEnd, doc.y) + 2;
  }
  doc.x = doc.page.margins.left;
  doc.font(FONT.regular).fontSize(10);
}

/** A titled block of text (a note, the remittance details); nothing when the text is empty. */
export function drawTextSection(doc: Doc, title: string, text: string) {
  if (!text.trim()) return;
  sectionTitle(doc, title, 30);
  doc.font(FONT.regular).fontSize(10).fillColor(INK).text(text.trim(), doc.page.margins.left, doc.y, {
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
  });
}
