import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create, type Font } from 'fontkit';
import type PDFDocument from 'pdfkit';
import { APP_ROOT } from '../runtime.ts';

/**
 * The one typeface of every PDF: Noto Sans (SIL Open Font License, fonts/OFL.txt), its three files
 * kept in fonts/ beside this module, embedded and subset by pdfkit. It covers Latin with every accent,
 * Greek, Cyrillic, curly quotes, dashes and €, which the 14 standard PDF fonts (WinAnsi) print blank.
 */
export const FONT = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic' } as const;

const FILES: Record<(typeof FONT)[keyof typeof FONT], string> = {
  [FONT.regular]: 'NotoSans_400Regular.ttf',
  [FONT.bold]: 'NotoSans_700Bold.ttf',
  [FONT.italic]: 'NotoSans_400Regular_Italic.ttf',
};
let bytes: [string, Buffer][] | null = null;

/**
 * Read once per process, parsed for each document. A parsed font shared by documents was faster
 * (parsing the layout tables of three fonts costs about a 1,000-row table), but fontkit's subsetter
 * rewrites the shared glyphs of an accented capital: after one PDF with 'É', every later PDF of that
 * worker printed 'ngineering' for 'Engineering' (fonts.test.ts).
 */
function fonts(): [string, Font][] {
  bytes ??= Object.entries(FILES).map(([name, file]) => [name, readFileSync(path.join(APP_ROOT, 'src/server/documents/fonts', file))]);
  return bytes.map(([name, data]) => {
    const font = create(data);
    if (!('layout' in font)) throw new Error(`${name} is a font collection`);
    return [name, font];
  });
}

export function registerFonts(doc: InstanceType<typeof PDFDocument>) {
  // pdfkit takes a parsed fontkit font as well as bytes; its types name only the bytes.
  for (const [name, font] of fonts()) doc.registerFont(name, font as unknown as Buffer);
}
