import PDFDocument from 'pdfkit';
import { FONT, registerFonts } from './fonts.ts';
import { stampPage, type Letterhead } from './letterhead.ts';
import { breakLongWordsIn } from './long-words.ts';

export type Doc = InstanceType<typeof PDFDocument>;
export interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** pdfkit reuses an opened image (one embedded copy) wherever it is drawn; its types omit openImage. */
export const openImage = (doc: Doc, bytes: Buffer): unknown =>
  (doc as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);

/**
 * The one way to start a document: US letter portrait in points, pages buffered so that the
 * letterhead, the footer and 'Page x of y' are stamped on every page once the layout is done.
 */
export function createPdf(options: { title: string; margins: Margins; letterhead: Letterhead }) {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'portrait',
    margins: options.margins,
    bufferPages: true,
    // No standard font is loaded: every text is set in the embedded Unicode font.
    font: null as unknown as string,
    info: { Title: options.title, Author: options.letterhead.firmName, Creator: options.letterhead.firmName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Embedded once, drawn on every page.
  const logo = options.letterhead.logo ? openImage(doc, options.letterhead.logo) : null;
  registerFonts(doc);
  breakLongWordsIn(doc);
  doc.font(FONT.regular).fontSize(10);

  /** Stamps every page, ends the document and resolves with its bytes. */
  async function finish(): Promise<Buffer> {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      stampPage(doc, options.letterhead, logo, i + 1 - range.start, range.count);
    }
    doc.flushPages();
    doc.end();
    return ended;
  }
  return { doc, finish };
}

/** Space left above the bottom margin on the current page. */
export const spaceLeft = (doc: Doc): number => doc.page.height - doc.page.margins.bottom - doc.y;

/** Starts a new page unless `needed` points still fit on this one. */
export function ensureSpace(doc: Doc, needed: number) {
  if (spaceLeft(doc) < needed) doc.addPage();
}

/** A section heading with a rule under it, kept with at least `keep` points of what follows. */
export function sectionTitle(doc: Doc, title: string, keep = 60) {
  ensureSpace(doc, keep + 24);
  const x = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.moveDown(0.6);
  doc.font(FONT.bold).fontSize(11).fillColor('#111827').text(title.toUpperCase(), x, doc.y, { characterSpacing: 0.5 });
  const y = doc.y + 2;
  doc.moveTo(x, y).lineTo(right, y).lineWidth(0.5).strokeColor('#d1d5db').stroke();
  doc.y = y + 6;
  doc.font(FONT.regular).fontSize(10).fillColor('#1f2937');
}
