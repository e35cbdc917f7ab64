// Draws the installed app's icons (docs/decisions/101): a white "C" monogram on the theme's indigo
// (Mantine indigo 7, the primary shade), as an SVG rendered to PNG by sharp. The "C" is a stroked
// arc, not a letter of a font, so every machine draws the same icon. Run it after changing the
// drawing and commit what it writes: `node --import tsx scripts/make-app-icons.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../src/web/public');
const INDIGO = '#4263eb';

/** The monogram on a 512 square; `rounded`: the corners cut (a plain icon), else full bleed (maskable). */
function svg(rounded: boolean): string {
  // An arc from 45° to 315° (open to the right), well inside the maskable safe circle (radius 205).
  const [cx, cy, r] = [256, 256, 118];
  const at = (deg: number) => [cx + r * Math.cos((deg * Math.PI) / 180), cy - r * Math.sin((deg * Math.PI) / 180)].map((n) => n.toFixed(1)).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${rounded ? 104 : 0}" fill="${INDIGO}"/>
  <path d="M ${at(45)} A ${r} ${r} 0 1 0 ${at(315)}" fill="none" stroke="#fff" stroke-width="60" stroke-linecap="round"/>
</svg>
`;
}

mkdirSync(path.join(OUT, 'icons'), { recursive: true });
writeFileSync(path.join(OUT, 'favicon.svg'), svg(true));
const png = (drawing: string, size: number, file: string) =>
  sharp(Buffer.from(drawing)).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(OUT, 'icons', file));
await png(svg(true), 192, 'icon-192.png');
await png(svg(true), 512, 'icon-512.png');
await png(svg(false), 512, 'icon-maskable-512.png');
// iOS draws its own rounded corners and ignores transparency: full bleed.
await png(svg(false), 180, 'apple-touch-icon-180.png');
console.log(`icons written to ${OUT}`);
