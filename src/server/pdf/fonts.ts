import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import type PDFDocument from 'pdfkit';

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
let parsed: [string, Font][] | null = null;

/**
 * Parsed once per process and shared by every document (each still subsets its own copy): parsing
 * the layout tables of three fonts for each PDF cost more than drawing a 1,000-row table.
 */
function fonts(): [string, Font][] {
  parsed ??= Object.entries(FILES).map(([name, file]) => {
    const font = create(readFileSync(new URL(`./fonts/${file}`, import.meta.url)));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    return [name, font];
  });
  return parsed;
}

export function registerFonts(doc: InstanceType<typeof PDFDocument>) {
  // pdfkit takes a parsed fontkit font as well as bytes; its types name only the bytes.
  for (const [name, font] of fonts()) doc.registerFont(name, font as unknown as Buffer);
}
