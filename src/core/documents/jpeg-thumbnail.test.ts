import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeExifJpeg, withExifThumbnail } from '../../../test/helpers/uploads.ts';
import { exifThumbnail } from './jpeg-thumbnail.ts';

describe('EXIF thumbnail', () => {
  it('finds the small picture a camera writes, with the photo orientation; none where there is none', async () => {
    const photo = await makeExifJpeg(1200, 900);
    expect(exifThumbnail(photo)).toBeNull();
    const withThumb = await withExifThumbnail(photo);
    const found = exifThumbnail(withThumb.subarray(0, 65536));
    expect(found).not.toBeNull();
    const meta = await sharp(Buffer.from(found!.jpeg)).metadata();
    expect([meta.width, meta.height, found!.orientation]).toEqual([160, 120, 1]);
    // The photo itself is still whole and readable.
    expect((await sharp(withThumb).metadata()).width).toBe(1200);
    expect(exifThumbnail(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(exifThumbnail(new Uint8Array(10))).toBeNull();
  });
});
