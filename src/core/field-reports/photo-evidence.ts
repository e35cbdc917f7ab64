import { firmDateTime } from '../dates/firm-clock.ts';
import { zonedToUtc } from '../calendar/ics.ts';

// Photos that are evidence (issue 26, docs/decisions/103): what the original's EXIF says about when
// and where a photo was taken, read before anything is stripped, and how it reads on screen and paper.

/** The EXIF tags the capture time and place come from, as exifr reads them without reviving values. */
export interface ExifFacts {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTimeOriginal?: unknown;
  OffsetTime?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

export interface CaptureFacts {
  capturedAt: string | null;
  latitude: number | null;
  longitude: number | null;
}

const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * The moment a photo was taken. EXIF keeps the camera's wall clock ('2026:11:20 14:05:09') and, on
 * newer phones, its offset ('-05:00'); without an offset the camera is taken to be on the firm's clock.
 */
export function captureInstant(facts: ExifFacts, firmTimeZone: string): string | null {
  const raw = typeof facts.DateTimeOriginal === 'string' ? facts.DateTimeOriginal : facts.CreateDate;
  const match = typeof raw === 'string' ? EXIF_TIME.exec(raw.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  if (Number(y) < 1990 || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || Number(h) > 23) return null;
  const offset = [facts.OffsetTimeOriginal, facts.OffsetTime].find((o): o is string => typeof o === 'string' && OFFSET.test(o.trim()));
  const instant = offset ? new Date(`${local}${offset.trim()}`) : zonedToUtc(local, firmTimeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Latitude and longitude when both are there and on the globe; (0, 0) is a camera without a fix. */
export function capturePlace(facts: ExifFacts): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = facts;
  if (!finite(latitude) || !finite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

export function captureFacts(facts: ExifFacts, firmTimeZone: string): CaptureFacts {
  const place = capturePlace(facts);
  return { capturedAt: captureInstant(facts, firmTimeZone), latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
}

/** '40.74167, -73.98750': five decimals, about a metre, more than a phone's GPS knows. */
export const placeText = (latitude: number, longitude: number) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/** A map centred on the place (OpenStreetMap: no key, no account). */
export const mapLink = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude.toFixed(5)}&mlon=${longitude.toFixed(5)}#map=18/${latitude.toFixed(5)}/${longitude.toFixed(5)}`;

/** 'Taken 11/20/2026 2:05 PM EST at 40.74167, -73.98750': the line under a photo, on screen and in the PDF. */
export function captureLine(facts: CaptureFacts, timeZone: string): string {
  const when = facts.capturedAt ? `Taken ${firmDateTime(facts.capturedAt, timeZone)}` : '';
  const where = facts.latitude !== null && facts.longitude !== null ? placeText(facts.latitude, facts.longitude) : '';
  if (when && where) return `${when} at ${where}`;
  return when || (where ? `Taken at ${where}` : '');
}

/** 'a1b2c3d4…e5f6' for a SHA-256 read at a glance; the full hash is always one copy away. */
export const shortHash = (sha256: string) => `${sha256.slice(0, 8)}…${sha256.slice(-4)}`;

/** The header the evidence copy carries its SHA-256 in (hex), beside RFC 9530's Repr-Digest (base64). */
export const SHA256_HEADER = 'x-content-sha256';

/** The original's file name, safe in a Content-Disposition header and a download. */
export function evidenceFileName(name: string | null, sha256: string, contentType: string): string {
  const ext = contentType === 'image/png' ? 'png' : contentType === 'image/heic' ? 'heic' : contentType === 'image/webp' ? 'webp' : 'jpg';
  const clean = (name ?? '').replace(/[^\w.\- ]+/g, '_').replace(/^[.\s]+/, '').slice(0, 120).trim();
  return clean || `photo-${sha256.slice(0, 12)}.${ext}`;
}
