import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { AppError } from '../../errors/app-error.ts';

// The one CSV reader of the import: papaparse streaming over the file's chunks as they come (from
// the upload, or read back from import_chunks), one row at a time, paused while the consumer works:
// never the whole file as one string or one buffer (docs/decisions/093, 095).

const SLICE = 64 * 1024;
const HIGH_WATER = 2_000;

/** The chunks as a UTF-8 text stream in slices (the decoder keeps a character split between slices whole). */
function textStream(chunks: AsyncIterable<Buffer>): Readable {
  async function* slices() {
    for await (const chunk of chunks) {
      for (let at = 0; at < chunk.length; at += SLICE) yield chunk.subarray(at, at + SLICE);
    }
  }
  return Readable.from(slices(), { objectMode: false }).setEncoding('utf8');
}

export interface CsvRow {
  /** The row's number in the file as a person counts it (the header is row 1). */
  row: number;
  cells: string[];
}

const malformed = (row: number, message: string) =>
  new AppError('VALIDATION_ERROR', `The file is not a readable CSV (row ${row}: ${message}).`);

/**
 * Yields the header row (row 1), then every data row. A quote left open or a row with more cells
 * than the header is a 400 naming the row; fewer cells are padded (tools leave trailing ones out).
 * A failure of the chunks' source (a refused upload, the database) is thrown as it is. Stopping
 * early stops the source too.
 */
export async function* readCsv(chunks: AsyncIterable<Buffer>): AsyncGenerator<CsvRow> {
  const text = textStream(chunks);
  const queue: CsvRow[] = [];
  let failure: Error | null = null;
  let finished = false;
  let wake: (() => void) | null = null;
  let handle: Papa.Parser | null = null;
  let paused = false;
  let count = 0;
  let width = 0;
  const notify = () => {
    wake?.();
    wake = null;
  };
  Papa.parse<string[]>(text as unknown as Papa.LocalFile, {
    header: false,
    skipEmptyLines: 'greedy',
    step(results, parser) {
      handle = parser;
      if (failure) return;
      count += 1;
      const problem = results.errors.find((e) => e.type === 'Quotes');
      // A NUL cannot be stored in PostgreSQL text (docs/decisions/034): dropped as the row is read.
      const cells = results.data.map((cell) => (count === 1 ? cell.replace(/^\uFEFF/, '') : cell).replaceAll('\0', ''));
      if (count === 1) width = cells.length;
      if (problem) failure = malformed(count, 'a quote is not closed');
      else if (count > 1 && cells.length > width && cells.slice(width).some((c) => c.trim() !== '')) {
        failure = malformed(count, `${cells.length} cells where the header has ${width}`);
      }
      if (failure) {
        parser.abort();
        notify();
        return;
      }
      while (cells.length < width) cells.push('');
      queue.push({ row: count, cells: cells.slice(0, Math.max(width, 1)) });
      if (queue.length >= HIGH_WATER && !paused) {
        paused = true;
        parser.pause();
      }
      notify();
    },
    complete() {
      finished = true;
      notify();
    },
    error(error) {
      failure = error;
      notify();
    },
  });
  try {
    for (;;) {
      if (queue.length) {
        yield queue.shift()!;
        if (paused && queue.length < HIGH_WATER / 4) {
          paused = false;
          (handle as Papa.Parser | null)?.resume();
        }
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!finished) (handle as Papa.Parser | null)?.abort();
    text.destroy();
  }
}
