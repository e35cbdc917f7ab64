import sharp from 'sharp';

/** A multipart/form-data body with these files under their field name (`file` unless named). */
export function multipart(files: { filename: string; content: Buffer; type?: string; name?: string }[]) {
  const boundary = `----casebook${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.filename}"\r\n` +
      `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A photo-like JPEG (noise compresses like a real photo), optionally with an EXIF orientation. */
export async function makeJpeg(width: number, height: number, options: { orientation?: number; quality?: number } = {}) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i / (width * 3)) | 0) * 13 + Math.floor(Math.random() * 40)) & 0xff;
  let image = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: options.quality ?? 85 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

export const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 60, b: 160, alpha: 1 } } }).png().toBuffer();

/** A JPEG as a phone writes it: EXIF with the capture time (and its offset) and a GPS position. */
export async function makeExifJpeg(width: number, height: number, options: { taken?: string; offset?: string; gps?: [number, number] } = {}) {
  const dms = (v: number) => {
    const a = Math.abs(v);
    const d = Math.floor(a);
    const m = Math.floor((a - d) * 60);
    const s = Math.round(((a - d) * 60 - m) * 60 * 100);
    return `${d}/1 ${m}/1 ${s}/100`;
  };
  const [lat, lon] = options.gps ?? [40.7416667, -73.9875];
  const jpeg = await makeJpeg(width, height);
  return sharp(jpeg).withExif({
    IFD0: { Make: 'Casebook', Model: 'Test phone' },
    IFD2: { DateTimeOriginal: options.taken ?? '2026:11:20 14:05:09', ...(options.offset === '' ? {} : { OffsetTimeOriginal: options.offset ?? '-05:00' }) },
    IFD3: { GPSLatitudeRef: lat >= 0 ? 'N' : 'S', GPSLatitude: dms(lat), GPSLongitudeRef: lon >= 0 ? 'E' : 'W', GPSLongitude: dms(lon) },
  }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Adds an EXIF thumbnail (IFD1) to a JPEG whose EXIF block sharp wrote, as cameras do: the TIFF block
 * gets an IFD1 pointing at the small JPEG, appended after it, and IFD0 points at IFD1.
 */
export async function withExifThumbnail(jpeg: Buffer, width = 160, height = 120): Promise<Buffer> {
  const thumb = await sharp(jpeg).resize(width, height, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer();
  if (jpeg.readUInt16BE(2) !== 0xffe1 || jpeg.subarray(6, 10).toString('latin1') !== 'Exif') throw new Error('the JPEG has no EXIF block first');
  const length = jpeg.readUInt16BE(4);
  const tiff = Buffer.from(jpeg.subarray(12, 4 + length));
  const little = tiff.readUInt16BE(0) === 0x4949;
  const r16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const r32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = r32(4);
  const nextAt = ifd0 + 2 + r16(ifd0) * 12;
  if (r32(nextAt) !== 0) throw new Error('the JPEG has an IFD1 already');
  const ifd1 = tiff.length + (tiff.length % 2);
  const ifd = Buffer.alloc(2 + 2 * 12 + 4);
  const w16 = (b: Buffer, v: number, o: number) => (little ? b.writeUInt16LE(v, o) : b.writeUInt16BE(v, o));
  const w32 = (b: Buffer, v: number, o: number) => (little ? b.writeUInt32LE(v, o) : b.writeUInt32BE(v, o));
  w16(ifd, 2, 0);
  const entry = (i: number, tag: number, value: number) => {
    w16(ifd, tag, 2 + i * 12);
    w16(ifd, 4, 4 + i * 12);
    w32(ifd, 1, 6 + i * 12);
    w32(ifd, value, 10 + i * 12);
  };
  entry(0, 0x0201, ifd1 + ifd.length);
  entry(1, 0x0202, thumb.length);
  w32(tiff, ifd1, nextAt);
  const block = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, Buffer.alloc(ifd1 - tiff.length), ifd, thumb]);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(block.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, block, jpeg.subarray(4 + length)]);
}
