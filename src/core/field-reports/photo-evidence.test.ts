import { describe, expect, it } from 'vitest';
import { captureFacts, captureInstant, captureLine, capturePlace, evidenceFileName, mapLink, shortHash } from './photo-evidence.ts';

describe('photo evidence', () => {
  it('reads the capture moment from the camera clock, with its offset or on the firm clock', () => {
    expect(captureInstant({ DateTimeOriginal: '2026:11:20 14:05:09', OffsetTimeOriginal: '-05:00' }, 'Europe/Paris')).toBe('2026-11-20T19:05:09.000Z');
    expect(captureInstant({ DateTimeOriginal: '2026:07:01 09:00:00' }, 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(captureInstant({ CreateDate: '2026:01:05 08:30:00' }, 'America/New_York')).toBe('2026-01-05T13:30:00.000Z');
    expect(captureInstant({ DateTimeOriginal: '0000:00:00 00:00:00' }, 'UTC')).toBeNull();
    expect(captureInstant({ DateTimeOriginal: new Date() }, 'UTC')).toBeNull();
    expect(captureInstant({}, 'UTC')).toBeNull();
  });

  it('takes a place only when both coordinates are on the globe and not the no-fix (0, 0)', () => {
    expect(capturePlace({ latitude: 40.7, longitude: -73.9 })).toEqual({ latitude: 40.7, longitude: -73.9 });
    expect(capturePlace({ latitude: 0, longitude: 0 })).toBeNull();
    expect(capturePlace({ latitude: 95, longitude: 10 })).toBeNull();
    expect(capturePlace({ latitude: 40.7 })).toBeNull();
    expect(capturePlace({ latitude: Number.NaN, longitude: 1 })).toBeNull();
  });

  it('writes the capture line in the firm zone, with the place rounded', () => {
    const facts = captureFacts({ DateTimeOriginal: '2026:11:20 14:05:09', OffsetTimeOriginal: '-05:00', latitude: 40.741666666, longitude: -73.9875 }, 'UTC');
    expect(captureLine(facts, 'America/New_York')).toBe('Taken 11/20/2026 2:05 PM EST at 40.74167, -73.98750');
    expect(captureLine({ ...facts, latitude: null, longitude: null }, 'America/New_York')).toBe('Taken 11/20/2026 2:05 PM EST');
    expect(captureLine({ ...facts, capturedAt: null }, 'America/New_York')).toBe('Taken at 40.74167, -73.98750');
    expect(captureLine({ capturedAt: null, latitude: null, longitude: null }, 'UTC')).toBe('');
    expect(mapLink(40.741666, -73.9875)).toContain('mlat=40.74167&mlon=-73.98750');
  });

  it('shortens a hash and names the evidence file safely', () => {
    const sha = 'a'.repeat(60) + 'bcde';
    expect(shortHash(sha)).toBe('aaaaaaaa…bcde');
    expect(evidenceFileName('IMG_0001.JPG', sha, 'image/jpeg')).toBe('IMG_0001.JPG');
    expect(evidenceFileName('../"evil"\r\n.jpg', sha, 'image/jpeg')).toBe('_evil_.jpg');
    expect(evidenceFileName(null, sha, 'image/png')).toBe('photo-aaaaaaaaaaaa.png');
  });
});
