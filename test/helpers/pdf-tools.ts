import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Checks PDFs with poppler-utils (pdftotext, pdfinfo, pdfimages), as a reader would see them.
function withFile<T>(pdf: Buffer, fn: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  try {
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page (pdftotext -layout), in page order. */
export function pdfPages(pdf: Buffer): string[] {
  const text = withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
  return text.split('\f').slice(0, -1);
}

export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = withFile(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  return Object.fromEntries(out.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

/** One entry per image placement listed by pdfimages -list (soft masks left out): page, pixels. */
export function pdfImages(pdf: Buffer): { page: number; width: number; height: number }[] {
  const out = withFile(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  return out.split('\n').slice(2).filter((l) => l.trim()).map((l) => l.trim().split(/\s+/))
    .filter(([, , type]) => type === 'image')
    .map(([page, , , width, height]) => ({ page: Number(page), width: Number(width), height: Number(height) }));
}

/** Keeps a copy under test-results/pdfs/ to look at (pdftoppm -png). */
export function savePdf(name: string, pdf: Buffer) {
  const dir = path.resolve(import.meta.dirname, '../../test-results/pdfs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), pdf);
}

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box in points from the page's top left (pdftotext -bbox), to check margins. */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const html = withFile(pdf, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  const words: PdfWord[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]! });
  }
  return words;
}
