import type { TRule26 } from '../../core/api/testimony.ts';
import { BILL_PDF_MARGINS } from '../../core/billing/bill-pdf.ts';
import {
  COMPENSATION_WITHHELD, RULE26_COLUMNS, RULE26_EMPTY, RULE26_INTRO, rule26Cells, rule26Title,
} from '../../core/testimony/rule26.ts';
import { createPdf, sectionTitle } from './document.ts';
import { FONT } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';
import { drawTable } from './table.ts';

// The Rule 26 list (issue 40, docs/decisions/136) as a PDF on the firm's letterhead and as a Word
// file to paste into a report; both laid out on a document worker like every other document.

// 532 pt between the 40 pt margins: date, type, caption, court, docket.
const WIDTHS = [58, 62, 200, 132, 80];

export function renderRule26(list: TRule26, letterhead: Letterhead): Promise<Buffer> {
  const title = rule26Title(list.expertName, list.asOf);
  const { doc, finish } = createPdf({ title, margins: BILL_PDF_MARGINS, letterhead });
  doc.font(FONT.bold).fontSize(14).fillColor('#111827').text(title);
  doc.moveDown(0.4);
  doc.font(FONT.regular).fontSize(9).fillColor('#374151').text(RULE26_INTRO);
  doc.moveDown(0.6);
  if (list.events.length === 0) doc.font(FONT.italic).fontSize(10).text(RULE26_EMPTY);
  else {
    drawTable(doc, {
      columns: RULE26_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i]!, align: 'left' as const })),
      rows: list.events.map(rule26Cells), fontSize: 8,
    });
  }
  sectionTitle(doc, 'Compensation');
  doc.font(FONT.regular).fontSize(9).fillColor('#111827');
  for (const line of list.compensation ?? [COMPENSATION_WITHHELD]) doc.text(line);
  return finish();
}

/** The same list as a .docx: a heading, the rule's words, one table, the compensation. */
export async function renderRule26Docx(list: TRule26, letterhead: Letterhead): Promise<Buffer> {
  const { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, HeadingLevel, WidthType } = await import('docx');
  const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  const table = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: RULE26_COLUMNS.map((h) => cell(h, true)) }),
      ...list.events.map((e) => new TableRow({ children: rule26Cells(e).map((c) => cell(c)) })),
    ],
  });
  const doc = new Document({
    creator: letterhead.firmName,
    title: rule26Title(list.expertName, list.asOf),
    sections: [{
      children: [
        new Paragraph({ text: letterhead.firmName }),
        new Paragraph({ heading: HeadingLevel.HEADING_1, text: rule26Title(list.expertName, list.asOf) }),
        new Paragraph({ text: RULE26_INTRO }),
        list.events.length === 0 ? new Paragraph({ text: RULE26_EMPTY }) : table,
        new Paragraph({ heading: HeadingLevel.HEADING_2, text: 'Compensation' }),
        ...(list.compensation ?? [COMPENSATION_WITHHELD]).map((line) => new Paragraph({ text: line })),
      ],
    }],
  });
  return Packer.toBuffer(doc);
}
