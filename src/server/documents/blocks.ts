import type { Doc } from './document.ts';
import { FONT } from './fonts.ts';

// Small building blocks of report pages: labelled values, paragraphs and check boxes.

const LABEL = '#6b7280';
const INK = '#111827';
const EMPTY = '—';

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Label/value pairs in `columns` columns; a pair never splits across pages. */
export function fieldGrid(doc: Doc, pairs: readonly (readonly [string, string])[], columns = 2) {
  const left = doc.page.margins.left;
  const gap = 16;
  const width = (contentWidth(doc) - gap * (columns - 1)) / columns;
  for (let i = 0; i < pairs.length; i += columns) {
    const row = pairs.slice(i, i + columns);
    doc.font(FONT.regular).fontSize(10);
    const height = Math.max(...row.map(([, v]) => doc.heightOfString(v || EMPTY, { width }))) + 14;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    row.forEach(([label, value], c) => {
      const x = left + c * (width + gap);
      doc.font(FONT.regular).fontSize(7.5).fillColor(LABEL).text(label.toUpperCase(), x, y, { width, lineBreak: false });
      doc.font(FONT.regular).fontSize(10).fillColor(INK).text(value || EMPTY, x, y + 10, { width });
    });
    doc.x = left;
    doc.y = y + height + 4;
  }
}

/** A labelled paragraph that may run across pages. */
export function paragraph(doc: Doc, label: string | null, text: string) {
  const left = doc.page.margins.left;
  if (label) {
    if (doc.y + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font(FONT.regular).fontSize(7.5).fillColor(LABEL).text(label.toUpperCase(), left, doc.y);
    doc.moveDown(0.15);
  }
  doc.font(FONT.regular).fontSize(10).fillColor(INK).text(text.trim() || EMPTY, left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.6);
}

/** A check box with an X when ticked, then its label, on one line. */
export function checkLine(doc: Doc, label: string, ticked: boolean, note = '') {
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.rect(left, y, 10, 10).lineWidth(0.8).strokeColor(INK).stroke();
  doc.font(FONT.bold).fontSize(9).fillColor(INK);
  if (ticked) doc.text('X', left + 2.2, y + 1.2, { lineBreak: false });
  doc.font(FONT.regular).fontSize(10).text(`${label}${note ? `  ${note}` : ''}`, left + 16, y, { lineBreak: false });
  doc.x = left;
  doc.y = y + 16;
}

export const yesNo = (value: boolean | null | undefined, unknown = 'Not determined') =>
  value === true ? 'Yes' : value === false ? 'No' : unknown;
