// The small picture a camera writes into a JPEG's EXIF (IFD1, typically 160×120): shown the moment a
// photo is picked, long before the 12 MP image itself is decoded (docs/decisions/161). Pure bytes.

export interface ExifThumbnail {
  /** The thumbnail's JPEG bytes, as the camera wrote them (not yet turned upright). */
  jpeg: Uint8Array;
  /** The photo's EXIF orientation (1–8); the thumbnail shares it. */
  orientation: number;
}

/** The EXIF thumbnail of a JPEG's first bytes (64 KB hold the EXIF block), or null when it has none. */
export function exifThumbnail(bytes: Uint8Array): ExifThumbnail | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = view.getUint16(at + 2);
    if (marker === 0xe1 && at + 10 <= bytes.length && String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === 'Exif') {
      return fromTiff(bytes, view, at + 10, Math.min(bytes.length, at + 2 + length));
    }
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

function fromTiff(bytes: Uint8Array, view: DataView, tiff: number, end: number): ExifThumbnail | null {
  if (tiff + 8 > end) return null;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (o: number) => view.getUint16(o, little);
  const u32 = (o: number) => view.getUint32(o, little);
  const entries = (ifd: number) => {
    const out = new Map<number, number>();
    if (ifd + 2 > end) return { out, next: 0 };
    const count = u16(ifd);
    for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= end; i++) {
      const e = ifd + 2 + i * 12;
      const type = u16(e + 2);
      out.set(u16(e), type === 3 ? u16(e + 8) : u32(e + 8));
    }
    const nextAt = ifd + 2 + count * 12;
    return { out, next: nextAt + 4 <= end ? u32(nextAt) : 0 };
  };
  const ifd0 = entries(tiff + u32(tiff + 4));
  const orientation = ifd0.out.get(0x0112) ?? 1;
  if (!ifd0.next) return null;
  const ifd1 = entries(tiff + ifd0.next).out;
  const offset = ifd1.get(0x0201);
  const length = ifd1.get(0x0202);
  if (offset === undefined || !length || tiff + offset + length > end) return null;
  const jpeg = bytes.subarray(tiff + offset, tiff + offset + length);
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  return { jpeg, orientation: orientation >= 1 && orientation <= 8 ? orientation : 1 };
}
