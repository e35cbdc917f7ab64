import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One page of a PDF as pixels (pdftoppm), to check what is drawn where. */
export interface PagePixels {
  width: number;
  height: number;
  /** [r, g, b] at a pixel. */
  at(x: number, y: number): [number, number, number];
}

export function renderPage(pdf: Buffer, page: number, dpi = 144): PagePixels {
  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-ppm-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-singlefile', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const ppm = readFileSync(path.join(dir, 'page.ppm'));
    // P6 header: "P6\n<width> <height>\n255\n", then RGB bytes.
    const header = ppm.subarray(0, 40).toString('latin1').split(/\s+/);
    const [width, height] = [Number(header[1]), Number(header[2])];
    const start = header.slice(0, 4).join(' ').length + 1;
    return {
      width, height,
      at: (x, y) => {
        const i = start + (Math.round(y) * width + Math.round(x)) * 3;
        return [ppm[i]!, ppm[i + 1]!, ppm[i + 2]!];
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The box of the pixels that pass `test` (e.g. a flat-coloured photo on the page). */
export function boxOfPixels(page: PagePixels, test: (rgb: [number, number, number]) => boolean) {
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      if (!test(page.at(x, y))) continue;
      left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
    }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
