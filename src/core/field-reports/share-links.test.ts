import { describe, expect, it } from 'vitest';
import {
  looksLikeShareToken, mayRevokeShareLink, SHARE_MAX_DAYS, SHARE_MESSAGES, shareExpiryProblem, shareLinkState, shareViewerName,
} from './share-links.ts';
import { addDays } from '../dates/iso-date.ts';

describe('share link rules', () => {
  it('a link expires after today and within the maximum', () => {
    expect(shareExpiryProblem('2026-11-27', '2026-11-27')).toBe(SHARE_MESSAGES.expiryPast);
    expect(shareExpiryProblem('2026-10-01', '2026-11-27')).toBe(SHARE_MESSAGES.expiryPast);
    expect(shareExpiryProblem('2026-11-28', '2026-11-27')).toBeNull();
    expect(shareExpiryProblem(addDays('2026-11-27', SHARE_MAX_DAYS), '2026-11-27')).toBeNull();
    expect(shareExpiryProblem(addDays('2026-11-27', SHARE_MAX_DAYS + 1), '2026-11-27')).toBe(SHARE_MESSAGES.expiryTooFar);
  });

  it('a token is 43 base64url characters (32 random bytes), nothing else', () => {
    expect(looksLikeShareToken('A'.repeat(43))).toBe(true);
    expect(looksLikeShareToken(`ab-_${'9'.repeat(39)}`)).toBe(true);
    expect(looksLikeShareToken('A'.repeat(42))).toBe(false);
    expect(looksLikeShareToken(`${'A'.repeat(42)}=`)).toBe(false);
    expect(looksLikeShareToken(`${'A'.repeat(42)}/`)).toBe(false);
  });

  it('a link is active until revoked or past its expiry', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(shareLinkState({ expiresAt: '2026-11-28T05:00:00Z', revokedAt: null }, now)).toBe('active');
    expect(shareLinkState({ expiresAt: '2026-11-27T12:00:00Z', revokedAt: null }, now)).toBe('expired');
    expect(shareLinkState({ expiresAt: '2026-11-28T05:00:00Z', revokedAt: '2026-11-27T10:00:00Z' }, now)).toBe('revoked');
  });

  it('the maker or an administrator revokes; any other member of staff does not', () => {
    const link = { createdById: 'u1' };
    expect(mayRevokeShareLink(link, { id: 'u1', role: 'limited_user' })).toBe(true);
    expect(mayRevokeShareLink(link, { id: 'u2', role: 'limited_user' })).toBe(false);
    expect(mayRevokeShareLink(link, { id: 'u2', role: 'admin' })).toBe(true);
    expect(mayRevokeShareLink(link, { id: 'u2', role: 'super_admin' })).toBe(true);
    expect(mayRevokeShareLink({ createdById: null }, { id: 'u2', role: 'limited_user' })).toBe(false);
  });

  it('names the anonymous viewer by the link', () => {
    expect(shareViewerName('')).toBe('Anyone with the link');
    expect(shareViewerName('Adjuster')).toBe('Anyone with the link "Adjuster"');
  });
});
