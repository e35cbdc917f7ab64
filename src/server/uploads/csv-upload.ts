import type { FastifyRequest } from 'fastify';
import { secondFileMessage } from '../../core/documents/images.ts';
import { AppError } from '../errors/app-error.ts';
import { uploadError } from './multipart.ts';

/** The largest CSV the import takes (a 100,000-row Toggl export is about 15 MB): docs/decisions/093. */
export const MAX_CSV_BYTES = 50 * 1024 * 1024;
/** How many first bytes are looked at for binary content. */
const SNIFF_BYTES = 4096;

const CSV_UPLOAD_MESSAGES = {
  none: 'Please choose a CSV file to upload.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
  binary: 'This is not a CSV file (it holds binary data). Export the report as CSV.',
} as const;

const fail = (message: string) => new AppError('VALIDATION_ERROR', message);

/** A CSV upload being received: its name and its bytes as they arrive (never the whole file at once). */
export interface CsvUpload {
  fileName: string;
  chunks: AsyncIterable<Buffer>;
}

/**
 * The multipart upload's one CSV file (field `file`), with the import's own size limit (the image
 * uploads keep theirs), streamed: its chunks are checked as they pass — binary content (a NUL in
 * the first bytes: a spreadsheet, an archive) is refused before any is handed on, a file over the
 * limit as soon as the limit is reached, an empty one or a second file part at its end
 * (docs/decisions/095, 169), so the consumer's work is undone. A consumer that stops early leaves
 * the rest of the request drained.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw fail(CSV_UPLOAD_MESSAGES.none);
  // Two files pass the parser's limit: the second only to be named in the refusal (a limit of one
  // would drop it silently, and the first file would be imported alone).
  const parts = request.files({ limits: { fileSize: MAX_CSV_BYTES, files: 2 } });
  const { value: part } = await parts.next().catch((error: unknown) => { throw uploadError(error); });
  if (!part) throw fail(CSV_UPLOAD_MESSAGES.none);
  const file = part.file;
  /** After the file: the rest of the request holds no second file (refused naming it, so nothing is kept). */
  const nothingAfter = async () => {
    const next = await parts.next();
    if (next.done) return;
    next.value.file.resume();
    throw fail(secondFileMessage(next.value.fieldname));
  };
  async function* chunks(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let total = 0;
    let sniffed = false;
    const sniff = () => {
      const first = Buffer.concat(head);
      head = [];
      sniffed = true;
      if (first.subarray(0, SNIFF_BYTES).includes(0)) throw fail(CSV_UPLOAD_MESSAGES.binary);
      return first;
    };
    try {
      for await (const chunk of file) {
        if (file.truncated) throw fail(CSV_UPLOAD_MESSAGES.tooLarge);
        total += (chunk as Buffer).length;
        if (sniffed) {
          yield chunk as Buffer;
          continue;
        }
        head.push(chunk as Buffer);
        if (total >= SNIFF_BYTES) yield sniff();
      }
      if (file.truncated) throw fail(CSV_UPLOAD_MESSAGES.tooLarge);
      if (total === 0) throw fail(CSV_UPLOAD_MESSAGES.empty);
      await nothingAfter();
      if (!sniffed) yield sniff();
    } catch (error) {
      // The parser's own failures (a body cut off mid-file) are the request's: a 400 (docs/decisions/223).
      throw uploadError(error);
    } finally {
      // Stopped early (a refused file, an unreadable row): the rest of the body is read and dropped.
      if (!file.readableEnded) file.resume();
    }
  }
  return { fileName: part.filename, chunks: chunks() };
}
