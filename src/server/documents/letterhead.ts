import type PDFDocument from 'pdfkit';
import { FONT } from './fonts.ts';

/** What every PDF prints at the top and bottom of each page (the firm profile, or FIRM_NAME alone). */
export interface Letterhead {
  firmName: string;
  licenceNumber: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  logo: Buffer | null;
}

type Doc = InstanceType<typeof PDFDocument>;

const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const LOGO_BOX = { width: 120, height: 40 };

/** Address, phone, e-mail and website that are filled in; nothing invented for the empty ones. */
const contactLine = (l: Letterhead): string =>
  [l.address, l.phone, l.email, l.website].map((s) => s.trim()).filter(Boolean).join('  ·  ');

const licenceText = (l: Letterhead): string => (l.licenceNumber.trim() ? `License No. ${l.licenceNumber.trim()}` : '');

/**
 * Draws the letterhead and footer on the current page, inside its margins' space. Called for every
 * page after layout, so the footer knows the page count; margins are lifted meanwhile so pdfkit
 * never starts a new page for text written in them.
 */
export function stampPage(doc: Doc, l: Letterhead, logo: unknown, page: number, pages: number) {
  const margins = doc.page.margins;
  const { width, height } = doc.page;
  doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
  const left = 40;
  const right = width - 40;
  const top = 16;
  let textX = left;
  if (logo) {
    doc.image(logo as Buffer, left, top, { fit: [LOGO_BOX.width, LOGO_BOX.height], valign: 'center' });
    textX = left + LOGO_BOX.width + 12;
  }
  const textWidth = right - textX;
  // One line each, cut with an ellipsis: pdfkit applies it only within a height.
  const oneLine = () => ({ height: doc.currentLineHeight(true), ellipsis: true });
  doc.fillColor(INK).font(FONT.bold).fontSize(13)
    .text(l.firmName, textX, top + 2, { width: textWidth, ...oneLine() });
  const contact = contactLine(l);
  if (contact) {
    doc.fillColor(MUTED).font(FONT.regular).fontSize(8)
      .text(contact, textX, top + 20, { width: textWidth, height: 22, ellipsis: true });
  }
  doc.moveTo(left, 62).lineTo(right, 62).lineWidth(0.75).strokeColor(RULE).stroke();

  const footerTop = height - 56;
  doc.moveTo(left, footerTop).lineTo(right, footerTop).lineWidth(0.5).strokeColor(RULE).stroke();
  const pageText = `Page ${page} of ${pages}`;
  doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
  const pageWidth = doc.widthOfString(pageText);
  doc.text(pageText, right - pageWidth, footerTop + 8, { lineBreak: false });
  const footerWidth = right - left - pageWidth - 16;
  const first = [l.firmName, licenceText(l)].filter(Boolean).join('  ·  ');
  doc.font(FONT.bold).text(first, left, footerTop + 8, { width: footerWidth, ...oneLine() });
  if (contact) doc.font(FONT.regular).text(contact, left, footerTop + 20, { width: footerWidth, ...oneLine() });
  doc.page.margins = margins;
  doc.fillColor(INK);
}
