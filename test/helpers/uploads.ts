import sharp from 'sharp';

/** A multipart/form-data body with these files under the field name `file`. */
export function multipart(files: { filename: string; content: Buffer; type?: string }[]) {
  const boundary = `----casebook${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\n` +
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
