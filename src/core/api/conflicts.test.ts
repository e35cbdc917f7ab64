import { describe, expect, it } from 'vitest';
import { ZConflictDecisionBody, ZConflictQuery } from './conflicts.ts';
import { ZPartyInput } from './parties.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('bad input is refused naming the field', () => {
  it.each([
    ['a name of only punctuation', { role: 'insurer', name: '.,;-!' }, 'name: Party name must contain a letter or a digit'],
    ['a 10,000-character name', { role: 'insurer', name: 'A'.repeat(10_000) },
      'name: Party name has 10,000 characters; the limit is 200. Shorten it to save it.'],
    ['a 500-character claim number', { role: 'insurer', name: 'Acme', claimNumber: '1'.repeat(500) },
      'claimNumber: Claim number has 500 characters; the limit is 60. Shorten it to save it.'],
    ['no name and nothing picked', { role: 'plaintiff' }, 'name: Party name is required'],
    ['an unknown role', { role: 'judge', name: 'X' }, 'role: Role must be one of the listed roles'],
  ])('a party with %s', (_name, body, message) => {
    expect(messages(ZPartyInput.safeParse(body))).toContain(message);
  });

  it.each([
    ['a client name of only punctuation', { clientName: '???' }, 'clientName: Client name must contain a letter or a digit'],
    ['a 500-character claim number', { claimNumbers: ['X'.repeat(500)] },
      'claimNumbers.0: Claim number has 500 characters; the limit is 60. Shorten it to save it.'],
    ['a 10,000-character party name', { parties: [{ role: 'insurer', name: 'b'.repeat(10_000) }] },
      'parties.0.name: Party name has 10,000 characters; the limit is 200. Shorten it to save it.'],
  ])('a check with %s', (_name, body, message) => {
    expect(messages(ZConflictQuery.safeParse(body))).toContain(message);
  });

  it('a decision needs a reason', () => {
    expect(messages(ZConflictDecisionBody.safeParse({ decision: 'cleared' }))).toContain('reason: A reason is required.');
    expect(messages(ZConflictDecisionBody.safeParse({ decision: 'cleared', reason: '   ' }))).toContain('reason: A reason is required.');
    expect(ZConflictDecisionBody.safeParse({ decision: 'cleared', reason: 'Different loss.' }).success).toBe(true);
  });

  it('keeps a good party, a claim number with punctuation and an empty one', () => {
    const ok = ZPartyInput.parse({ role: 'insurer', name: ' Liberty Mutual Ins. Co. ', claimNumber: 'CLM-1/2' });
    expect(ok).toMatchObject({ name: 'Liberty Mutual Ins. Co.', claimNumber: 'CLM-1/2', kind: 'organization' });
    expect(ZPartyInput.parse({ role: 'insurer', name: 'X', claimNumber: '' }).claimNumber).toBeNull();
  });
});
