import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * The one typeface of every PDF: Noto Sans (SIL Open Font License, shipped by the npm package
 * @expo-google-fonts/noto-sans), embedded and subset by pdfkit. It covers Latin with every accent,
 * Greek, Cyrillic, curly quotes, dashes and €, which the 14 standard PDF fonts (WinAnsi) print blank.
 */
export const FONT = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic' } as const;

const FILES: Record<(typeof FONT)[keyof typeof FONT], string> = {
  [FONT.regular]: '400Regular/NotoSans_400Regular.ttf',
  [FONT.bold]: '700Bold/NotoSans_700Bold.ttf',
  [FONT.italic]: '400Regular_Italic/NotoSans_400Regular_Italic.ttf',
};

const require = createRequire(import.meta.url);
let parsed: [string, Font][] | null = null;

/**
 * Parsed once per process and shared by every document (each still subsets its own copy): parsing
 * the layout tables of three fonts for each PDF cost more than drawing a 1,000-row table.
 */
function fonts(): [string, Font][] {
  parsed ??= Object.entries(FILES).map(([name, file]) => {
    const font = create(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`)));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    return [name, font];
  });
  return parsed;
}

export function registerFonts(doc: InstanceType<typeof PDFDocument>) {
  // pdfkit takes a parsed fontkit font as well as bytes; its types name only the bytes.
  for (const [name, font] of fonts()) doc.registerFont(name, font as unknown as Buffer);
}
