import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { UploadedFile } from './multipart.ts';

/** The largest CSV the import takes (a 100,000-row Toggl export is about 20 MB): docs/decisions/093. */
export const MAX_CSV_BYTES = 50 * 1024 * 1024;

const fail = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * The multipart upload's one CSV file (field `file`), read as bytes with the import's own size
 * limit (the image uploads keep theirs). Binary content (a NUL in the first bytes: a spreadsheet,
 * an archive) is refused; the text itself is read later, streaming.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw fail('Please choose a CSV file to upload.');
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw fail('Please upload one file.');
    throw error;
  }
  if (!part) throw fail('Please choose a CSV file to upload.');
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw fail(`The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw fail('The file is empty.');
  if (bytes.subarray(0, 4096).includes(0)) throw fail('This is not a CSV file (it holds binary data). Export the report as CSV.');
  return { bytes, fileName: part.filename };
}
