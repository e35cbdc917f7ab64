import exifr from 'exifr';
import type { ExifFacts } from '../../core/field-reports/photo-evidence.ts';

const TAGS = ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal', 'OffsetTime', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'];

/**
 * The capture time and place tags of a photo as picked (JPEG, PNG, HEIC, WebP), raw: the camera's
 * wall clock stays a string, read in src/core/field-reports/photo-evidence.ts. A file without EXIF, or with a
 * damaged block, says nothing rather than failing the upload.
 */
export async function readExifFacts(bytes: Buffer): Promise<ExifFacts> {
  try {
    return (await exifr.parse(bytes, { pick: TAGS, gps: true, reviveValues: false })) ?? {};
  } catch {
    return {};
  }
}
