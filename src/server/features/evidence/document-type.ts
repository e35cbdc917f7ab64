import { detectImageType } from '../../../core/documents/images.ts';

/** A document's type read from its first bytes (never its name): PDF, JPEG or PNG; null otherwise. */
export function detectDocumentType(bytes: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = detectImageType(bytes);
  return image === 'image/jpeg' || image === 'image/png' ? image : null;
}
