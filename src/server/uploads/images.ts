import sharp from 'sharp';
import { MARK_LONG_SIDE, PHOTO_LONG_SIDE, THUMBNAIL_LONG_SIDE, UPLOAD_MESSAGES } from '../../core/documents/images.ts';
import type { ImageType } from '../db/report-types.ts';
import { AppError } from '../errors/app-error.ts';

// Decoding runs on libuv's thread pool (sharp), so a 12 MB photo never blocks the event loop. By
// default libvips also works each image with a thread per core, and sharp takes as many images at
// once as requests bring: on a 2-core server both cores were busy decoding and the event loop
// (requests, garbage collection) waited for one. Images are worked one at a time, on one thread,
// and no decoded image is cached: the other core stays free for requests.
sharp.concurrency(1);
sharp.cache(false);
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const inside = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });

async function decode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await oneAtATime(work);
  } catch {
    throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.unreadable);
  }
}

export interface StoredPhoto {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** A photo as stored: turned upright by its EXIF orientation, long side ≤ 1600 px, JPEG; and its thumbnail. */
export function preparePhoto(bytes: Buffer): Promise<StoredPhoto> {
  return decode(async () => {
    const { data, info } = await sharp(bytes, { failOn: 'error' }).rotate().resize(inside(PHOTO_LONG_SIDE))
      .flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data).resize(inside(THUMBNAIL_LONG_SIDE)).jpeg({ quality: 70 }).toBuffer();
    return { image: data, thumbnail, width: info.width, height: info.height };
  });
}

/** A logo or signature: upright, long side ≤ 800 px; PNG stays PNG (transparency), JPEG stays JPEG. */
export function prepareMark(bytes: Buffer): Promise<{ image: Buffer; type: ImageType }> {
  return decode(async () => {
    const source = sharp(bytes, { failOn: 'error' });
    const { format } = await source.metadata();
    const resized = source.rotate().resize(inside(MARK_LONG_SIDE));
    if (format === 'png') return { image: await resized.png().toBuffer(), type: 'image/png' as const };
    return { image: await resized.jpeg({ quality: 90 }).toBuffer(), type: 'image/jpeg' as const };
  });
}
