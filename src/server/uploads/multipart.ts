import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PHOTOS_PER_UPLOAD, MAX_UPLOAD_BYTES, secondFileMessage, UPLOAD_MESSAGES, uploadProblem } from '../../core/documents/images.ts';
import { AppError } from '../errors/app-error.ts';

/** The one upload path: multipart with size and count limits; routes read files with readImages. */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS_PER_UPLOAD, fields: 10, parts: MAX_PHOTOS_PER_UPLOAD + 10, headerPairs: 200 },
  });
}

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/**
 * Reads a multipart request whose files are named parts (one each, of those named), into memory; the
 * caller checks each by content. A part of another name, or a second of one name, refuses the request.
 */
export async function readNamedFiles<N extends string>(request: FastifyRequest, names: readonly N[]): Promise<Partial<Record<N, UploadedFile>>> {
  if (!request.isMultipart()) throw fail(UPLOAD_MESSAGES.noFile);
  const files: Partial<Record<N, UploadedFile>> = {};
  try {
    for await (const part of request.files()) {
      const name = part.fieldname as N;
      if (!names.includes(name) || files[name]) {
        part.file.resume();
        throw fail(`Unexpected file part "${part.fieldname}": send ${names.map((n) => `"${n}"`).join(' and ')} once each.`);
      }
      files[name] = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    throw uploadError(error);
  }
  return files;
}

/**
 * What a failed read of a multipart body answers: our own refusals as they are, the parser's limits in words, and
 * anything else the parser throws (a body cut off before its closing boundary, no boundary, a malformed part header)
 * a 400 saying the upload was broken: the request's fault, never a 500 (docs/decisions/223).
 */
export function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fail(UPLOAD_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return fail(UPLOAD_MESSAGES.tooMany);
  return fail(UPLOAD_MESSAGES.broken);
}

const fail = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * Reads every file of a multipart request into memory and checks each by content (magic bytes),
 * before anything is stored: one bad file refuses the whole upload with a message naming it.
 */
export async function readImages(request: FastifyRequest, options: { max: number }): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw fail(UPLOAD_MESSAGES.noFile);
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.files()) {
      if (files.length >= options.max) {
        part.file.resume();
        throw fail(options.max === 1 ? secondFileMessage(part.fieldname) : UPLOAD_MESSAGES.tooMany);
      }
      const bytes = await part.toBuffer();
      const problem = uploadProblem(bytes);
      if (problem) throw fail(options.max > 1 ? `${part.filename}: ${problem}` : problem);
      files.push({ bytes, fileName: part.filename });
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (files.length === 0) throw fail(UPLOAD_MESSAGES.noFile);
  return files;
}
