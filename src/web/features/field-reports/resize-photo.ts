import { PHOTO_LONG_SIDE } from '../../../core/documents/images.ts';

const JPEG_QUALITY = 0.82;

/**
 * The 1,600 px JPEG of a photo, turned upright by its EXIF orientation, or null when the original is
 * no larger or cannot be decoded here (HEIC outside Safari). Runs in the resize worker, or in the
 * page where there is no OffscreenCanvas.
 */
export async function resizeHere(file: Blob): Promise<Blob | null> {
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
