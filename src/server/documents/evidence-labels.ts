import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { FONT, registerFonts } from './fonts.ts';

// The evidence label sheet (issue 42): Avery 5160 (30 per sheet, 2⅝ × 1 in) or 5163 (10 per sheet,
// 4 × 2 in). Each label: the tag number, the case's file number, a short description and a QR code of
// the item's address, drawn as vector squares so it scans sharp at any printer's resolution.

export interface EvidenceLabel {
  tag: string;
  fileNumber: string;
  description: string;
  /** The item's absolute address, which the QR code holds. */
  url: string;
}

export interface EvidenceLabelsPdfData {
  format: '5160' | '2x4';
  labels: EvidenceLabel[];
}

const IN = 72;
const SHEETS = {
  '5160': { cols: 3, rows: 10, width: 2.625 * IN, height: 1 * IN, left: 0.1875 * IN, top: 0.5 * IN, pitchX: 2.75 * IN, pitchY: 1 * IN, qr: 0.86 * IN, tag: 11, small: 7, lines: 3 },
  '2x4': { cols: 2, rows: 5, width: 4 * IN, height: 2 * IN, left: 0.156 * IN, top: 0.5 * IN, pitchX: 4.188 * IN, pitchY: 2 * IN, qr: 1.6 * IN, tag: 18, small: 10, lines: 5 },
} as const;

function drawQr(doc: InstanceType<typeof PDFDocument>, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  // The standard's quiet zone of 4 modules: with 2, zbarimg missed 41 of 300 codes on full sheets
  // printed at 300 dpi (neighbouring text and codes too close); with 4, none.
  const quiet = 4;
  const cell = size / (n + quiet * 2);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
}

export function renderEvidenceLabels({ format, labels }: EvidenceLabelsPdfData): Promise<Buffer> {
  const sheet = SHEETS[format];
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false, font: null as unknown as string, info: { Title: 'Evidence labels' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  const perPage = sheet.cols * sheet.rows;
  labels.forEach((label, i) => {
    if (i % perPage === 0) doc.addPage();
    const slot = i % perPage;
    const x = sheet.left + (slot % sheet.cols) * sheet.pitchX;
    const y = sheet.top + Math.floor(slot / sheet.cols) * sheet.pitchY;
    const pad = (sheet.height - sheet.qr) / 2;
    drawQr(doc, label.url, x + pad, y + pad, sheet.qr);
    const tx = x + pad + sheet.qr + 4;
    const width = sheet.width - (tx - x) - pad;
    doc.font(FONT.bold).fontSize(sheet.tag).fillColor('#000000').text(label.tag, tx, y + pad + 2, { width, lineBreak: false });
    doc.font(FONT.regular).fontSize(sheet.small).text(`File ${label.fileNumber}`, tx, doc.y + 1, { width, lineBreak: false, ellipsis: true });
    doc.text(label.description, tx, doc.y + 1, { width, height: sheet.small * 1.3 * sheet.lines, ellipsis: true });
  });
  if (labels.length === 0) doc.addPage();
  doc.end();
  return ended;
}
