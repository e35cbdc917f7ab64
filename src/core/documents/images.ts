// Upload rules shared by the server (the check that counts) and the browser (an early message).

export type ImageKind = 'image/jpeg' | 'image/png' | 'image/heic' | 'image/webp';

/** Uploads larger than this are refused before they are read to the end. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
/** Photos one upload request may carry. */
export const MAX_PHOTOS_PER_UPLOAD = 20;
/** Photos are stored as JPEG with this long side at most (what the PDF prints). */
export const PHOTO_LONG_SIDE = 1600;
export const THUMBNAIL_LONG_SIDE = 320;
/** Logos and signatures are small images on a page: a smaller bound keeps PDFs light. */
export const MARK_LONG_SIDE = 800;

export const UPLOAD_MESSAGES = {
  notImage: 'This file is not a JPEG or PNG image. Please choose a photo or picture file.',
  heic: 'HEIC photos cannot be read here. Please choose a JPEG or PNG (on an iPhone: Settings › Camera › Formats › Most Compatible).',
  tooLarge: `This file is larger than ${MAX_UPLOAD_MB} MB. Please choose a smaller file.`,
  tooMany: `Please upload at most ${MAX_PHOTOS_PER_UPLOAD} images at a time.`,
  noFile: 'Please choose a file to upload.',
  unreadable: 'This image could not be read. It may be damaged; please choose another file.',
  /** The form upload itself is broken: cut off before its end, or without a boundary (docs/decisions/223). */
  broken: 'The upload could not be read: it was cut off or is not a well-formed file upload. Please send the file again.',
} as const;

/**
 * A one-file upload (a CSV import, a logo, a signature) that carried a second file part: refused whole,
 * naming the part (its field name), never half-read (issue 37, docs/decisions/169).
 */
export const secondFileMessage = (part: string) => `Send one file: the part '${part}' is a second file.`;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The image type by content (magic bytes), whatever the file is called; null when it is none we know. */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'image/heic';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** What to tell the user about an upload, or null when it may go on to be decoded. */
export function uploadProblem(bytes: Uint8Array): string | null {
  const kind = detectImageType(bytes);
  if (kind === 'image/jpeg' || kind === 'image/png') return null;
  return kind === 'image/heic' ? UPLOAD_MESSAGES.heic : UPLOAD_MESSAGES.notImage;
}
