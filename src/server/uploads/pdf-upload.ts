import type { FastifyRequest } from 'fastify';
import { SIGNED_LETTER_MESSAGES } from '../../core/api/engagement.ts';
import { looksLikePdf } from '../../core/cases/engagement-letter.ts';
import { secondFileMessage, UPLOAD_MESSAGES } from '../../core/documents/images.ts';
import { AppError, refuse } from '../errors/app-error.ts';
import { uploadError, type UploadedFile } from './multipart.ts';

/** Refused naming the file part (docs/decisions/034). */
const fail = (message: string) => refuse('file', message, 'pdf');

/**
 * A one-file upload of a PDF (a signed letter): the whole request is read before anything is kept; a
 * second file part refuses it naming the part (docs/decisions/169), a file that is not a PDF by
 * content, an empty one or one over the upload limit is refused.
 */
export async function readOnePdf(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw fail(UPLOAD_MESSAGES.noFile);
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.files()) {
      if (file) {
        part.file.resume();
        throw fail(secondFileMessage(part.fieldname));
      }
      file = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail(uploadError(error).message);
  }
  if (!file || file.bytes.length === 0) throw fail(UPLOAD_MESSAGES.noFile);
  if (!looksLikePdf(file.bytes)) throw fail(SIGNED_LETTER_MESSAGES.notPdf);
  return file;
}
