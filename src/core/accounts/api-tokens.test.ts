import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, expiryAfter, expiryProblem, looksLikeApiToken, scopeAllows } from './api-tokens.ts';

describe('API token rules', () => {
  it('a read token reads only; a write token does anything its user may', () => {
    expect(scopeAllows('read', 'GET')).toBe(true);
    expect(scopeAllows('read', 'HEAD')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(scopeAllows('read', method)).toBe(false);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(scopeAllows('write', method)).toBe(true);
  });

  it('every token expires after today and within a year', () => {
    expect(expiryProblem('2026-11-27', '2026-11-27')).toBe(API_TOKEN_MESSAGES.expiryPast);
    expect(expiryProblem('2026-11-01', '2026-11-27')).toBe(API_TOKEN_MESSAGES.expiryPast);
    expect(expiryProblem('2026-11-28', '2026-11-27')).toBeNull();
    expect(expiryProblem(expiryAfter('2026-11-27', 365), '2026-11-27')).toBeNull();
    expect(expiryProblem(expiryAfter('2026-11-27', 366), '2026-11-27')).toBe(API_TOKEN_MESSAGES.expiryTooFar);
    expect(expiryAfter('2026-12-31', 30)).toBe('2027-01-30');
  });

  it('recognises the cbk_ prefix and a base64url secret', () => {
    expect(looksLikeApiToken(`cbk_${'A'.repeat(43)}`)).toBe(true);
    expect(looksLikeApiToken(`cbk_abc-_${'9'.repeat(30)}`)).toBe(true);
    expect(looksLikeApiToken(`xyz_${'A'.repeat(43)}`)).toBe(false);
    expect(looksLikeApiToken('cbk_short')).toBe(false);
    expect(looksLikeApiToken(`cbk_${'A'.repeat(40)}==`)).toBe(false);
  });
});
