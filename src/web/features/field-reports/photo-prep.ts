import { PHOTO_LONG_SIDE } from '../../../core/images.ts';

// A photo picked on a phone is 3–15 MB; the report shows and prints it at 1,600 px. The browser makes
// that copy before upload (docs/decisions/103) to spare mobile data: turned upright by its EXIF
// orientation, JPEG. The original goes too, unchanged: it is the evidence.

const JPEG_QUALITY = 0.82;

/** The 1,600 px JPEG of a picked photo, or null when the original is small enough or cannot be decoded here (HEIC outside Safari). */
export async function resizedForUpload(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    if (long <= PHOTO_LONG_SIDE && file.type !== 'image/heic' && file.type !== 'image/heif') return null;
    const scale = Math.min(1, PHOTO_LONG_SIDE / long);
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  } finally {
    bitmap.close();
  }
}
