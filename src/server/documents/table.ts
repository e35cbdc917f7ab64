import { ensureSpace, type Doc } from './document.ts';
import { FONT } from './fonts.ts';

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface TableOptions {
  columns: readonly Column[];
  rows: readonly (readonly string[])[];
  fontSize?: number;
  padding?: number;
  /** Alternate rows get this fill. */
  stripe?: string | null;
}

const HEADER_FILL = '#e5e7eb';
const BORDER = '#d1d5db';

/**
 * Draws a table from the current y. It pages by itself: a row that does not fit starts a new
 * page, and the header row is drawn again at the top of every page the table reaches.
 */
export function drawTable(doc: Doc, options: TableOptions) {
  const { columns, rows, fontSize = 8, padding = 4, stripe = '#f9fafb' } = options;
  const left = doc.page.margins.left;
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0);

  const lineHeight = () => doc.currentLineHeight(true);
  // Cells repeat (names, dates, statuses): each text is measured once per font. Most cells fit on
  // one line, and measuring a width is far cheaper than wrapping; they are drawn without the wrapper.
  let currentFont = '';
  const widths = new Map<string, number>();
  const widthOf = (cell: string) => {
    const key = `${currentFont}\u0000${cell}`;
    let width = widths.get(key);
    if (width === undefined) widths.set(key, width = doc.widthOfString(cell));
    return width;
  };
  const fitsOneLine = (cell: string, i: number) => !cell.includes('\n') && widthOf(cell) <= columns[i]!.width - 2 * padding;
  const heightOf = (cells: readonly string[], font: string) => {
    currentFont = font;
    doc.font(font).fontSize(fontSize);
    let h = lineHeight();
    cells.forEach((cell, i) => {
      if (cell && !fitsOneLine(cell, i)) h = Math.max(h, doc.heightOfString(cell, { width: columns[i]!.width - 2 * padding }));
    });
    return h + 2 * padding;
  };

  const drawRow = (cells: readonly string[], height: number, font: string, fill: string | null) => {
    const y = doc.y;
    if (fill) doc.rect(left, y, tableWidth, height).fill(fill);
    currentFont = font;
    doc.font(font).fontSize(fontSize).fillColor('#111827');
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      if (cell) {
        const width = column.width - 2 * padding;
        if (fitsOneLine(cell, i)) {
          const shift = column.align === 'center' ? (width - widthOf(cell)) / 2 : column.align === 'right' ? width - widthOf(cell) : 0;
          doc.text(cell, x + padding + shift, y + padding, { lineBreak: false });
        } else {
          doc.text(cell, x + padding, y + padding, { width, align: column.align ?? 'left' });
        }
      }
      x += column.width;
    });
    doc.moveTo(left, y + height).lineTo(left + tableWidth, y + height).lineWidth(0.5).strokeColor(BORDER).stroke();
    doc.x = left;
    doc.y = y + height;
  };

  const headers = columns.map((c) => c.header);
  const headerHeight = heightOf(headers, FONT.bold);
  const drawHeader = () => drawRow(headers, headerHeight, FONT.bold, HEADER_FILL);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // The header never sits alone at the foot of a page.
  ensureSpace(doc, headerHeight + fontSize * 1.2 + 2 * padding);
  drawHeader();
  rows.forEach((row, index) => {
    const height = heightOf(row, FONT.regular);
    if (doc.y + height > bottom()) {
      doc.addPage();
      drawHeader();
    }
    drawRow(row, height, FONT.regular, stripe && index % 2 === 1 ? stripe : null);
  });
}
