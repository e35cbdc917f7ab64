import { describe, expect, it } from 'vitest';
import { withoutShareSecret } from './security-headers.ts';

describe('withoutShareSecret', () => {
  it('blanks a share link\'s secret in the page and API addresses, and leaves others alone', () => {
    const secret = 'A'.repeat(43);
    expect(withoutShareSecret(`/shared/${secret}`)).toBe('/shared/…');
    expect(withoutShareSecret(`/api/shared/${secret}/photos/1/thumbnail`)).toBe('/api/shared/…/photos/1/thumbnail');
    expect(withoutShareSecret(`/api/shared/${secret}?x=1`)).toBe('/api/shared/…?x=1');
    expect(withoutShareSecret('/api/field-reports/1/share-links')).toBe('/api/field-reports/1/share-links');
  });
});
