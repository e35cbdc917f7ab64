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
