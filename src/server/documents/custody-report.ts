import { BILL_PDF_MARGINS } from '../../core/billing/bill-pdf.ts';
import { createPdf, ensureSpace, openImage, sectionTitle } from './document.ts';
import { FONT } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';

// The custody report (issue 42): per item, its details, the chain's verification result, and every
// entry with its signature and photos' hashes, then the photos; per case, each item in turn.

export interface CustodyReportEntry {
  seq: number;
  kindLabel: string;
  at: string;
  from: string;
  to: string;
  location: string;
  purpose: string;
  corrects: string | null;
  signedByName: string;
  recordedBy: string;
  signature: Buffer | null;
  hash: string;
  photoSha256s: string[];
}

export interface CustodyReportItem {
  tag: string;
  description: string;
  facts: [string, string][];
  verdict: { ok: boolean; text: string };
  entries: CustodyReportEntry[];
  photos: { image: Buffer; sha256: string; caption: string }[];
}

export interface CustodyReportPdfData {
  title: string;
  subtitle: string;
  items: CustodyReportItem[];
}

export function renderCustodyReport(data: CustodyReportPdfData, letterhead: Letterhead): Promise<Buffer> {
  const { doc, finish } = createPdf({ title: data.title, margins: BILL_PDF_MARGINS, letterhead });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // One embedded copy of each signature, however many entries carry the same bytes.
  const images = new Map<string, unknown>();
  const image = (key: string, bytes: Buffer) => {
    if (!images.has(key)) images.set(key, openImage(doc, bytes));
    return images.get(key);
  };
  doc.font(FONT.bold).fontSize(15).fillColor('#111827').text(data.title, left, doc.y, { width });
  doc.font(FONT.regular).fontSize(10).fillColor('#374151').text(data.subtitle, { width });
  data.items.forEach((item, index) => {
    if (index > 0) doc.addPage();
    sectionTitle(doc, `${item.tag}: ${item.description}`.slice(0, 120));
    for (const [label, value] of item.facts) {
      doc.font(FONT.bold).fontSize(9).fillColor('#111827').text(`${label}: `, left, doc.y, { continued: true, width });
      doc.font(FONT.regular).text(value || '—');
    }
    doc.moveDown(0.4);
    doc.font(FONT.bold).fontSize(10).fillColor(item.verdict.ok ? '#065f46' : '#b91c1c').text(item.verdict.text, left, doc.y, { width });
    doc.fillColor('#1f2937');
    sectionTitle(doc, `Chain of custody (${item.entries.length} entries)`);
    for (const e of item.entries) {
      ensureSpace(doc, e.signature ? 120 : 70);
      doc.font(FONT.bold).fontSize(9.5).fillColor('#111827').text(`${e.seq}. ${e.kindLabel} · ${e.at}`, left, doc.y, { width });
      doc.font(FONT.regular).fontSize(8.5).fillColor('#1f2937');
      const lines = [
        e.from || e.to ? `From: ${e.from || '—'}    To: ${e.to || '—'}` : '',
        e.location ? `Location: ${e.location}` : '',
        e.purpose ? `Purpose: ${e.purpose}` : '',
        e.corrects ? `Corrects: ${e.corrects}` : '',
        e.photoSha256s.length ? `Photos (SHA-256): ${e.photoSha256s.join(', ')}` : '',
        `Signed by: ${e.signedByName || '—'}    Recorded by: ${e.recordedBy}`,
      ].filter(Boolean);
      doc.text(lines.join('\n'), left + 12, doc.y, { width: width - 12 });
      if (e.signature) {
        const y = doc.y + 2;
        doc.image(image(e.signature.toString('base64', 0, 64) + e.signature.length, e.signature) as Buffer, left + 12, y, { fit: [150, 45] });
        doc.y = y + 47;
      }
      doc.font(FONT.regular).fontSize(7).fillColor('#6b7280').text(`SHA-256 ${e.hash}`, left + 12, doc.y, { width: width - 12 });
      doc.moveDown(0.5);
    }
    if (item.photos.length) {
      sectionTitle(doc, 'Photos', 200);
      let x = left;
      const size = (width - 16) / 3;
      for (const photo of item.photos) {
        ensureSpace(doc, size + 30);
        const y = doc.y;
        doc.image(photo.image, x, y, { fit: [size, size] });
        doc.font(FONT.regular).fontSize(6.5).fillColor('#374151').text(`${photo.caption}\nSHA-256 ${photo.sha256}`, x, y + size + 2, { width: size });
        x += size + 8;
        if (x + size > left + width + 1) {
          x = left;
          doc.y = y + size + 30;
        } else doc.y = y;
      }
      if (x !== left) doc.y += size + 30;
    }
  });
  return finish();
}
