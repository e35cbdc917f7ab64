import { describe, expect, it } from 'vitest';
import { alignment, isAdverseLoss, isAdverseParty, type TPartyRole, type TRetainedSide } from './conflict-sides.ts';
import { billsMayIssue, conflictStatus } from './conflict-status.ts';

describe('alignment', () => {
  it.each([
    ['client', 'plaintiff', 'ours'], ['client', 'neutral', 'ours'], ['client', null, 'ours'],
    ['retaining_attorney', 'defense', 'ours'], ['retaining_law_firm', null, 'ours'],
    ['opposing_counsel', 'plaintiff', 'theirs'], ['opposing_law_firm', 'neutral', 'theirs'],
    ['plaintiff', 'plaintiff', 'ours'], ['plaintiff', 'defense', 'theirs'], ['plaintiff', 'neutral', null], ['plaintiff', null, null],
    ['defendant', 'defense', 'ours'], ['defendant', 'plaintiff', 'theirs'],
    ['insurer', 'defense', 'ours'], ['insurer', 'plaintiff', 'theirs'], ['adjuster', 'plaintiff', 'theirs'],
    ['property_owner', 'plaintiff', null], ['other', 'defense', null],
  ] as [TPartyRole, TRetainedSide | null, string | null][])('%s when the firm is %s: %s', (role, side, expected) => {
    expect(alignment(role, side)).toBe(expected);
  });
});

describe('adverse', () => {
  it.each([
    // then (role, side) → now (role, side): adverse?
    ['insurer', 'defense', 'insurer', 'plaintiff', true],
    ['insurer', 'defense', 'insurer', 'defense', false],
    ['plaintiff', 'plaintiff', 'plaintiff', 'defense', true],
    ['defendant', 'plaintiff', 'client', 'defense', true],
    ['opposing_counsel', 'plaintiff', 'retaining_attorney', 'defense', true],
    ['opposing_counsel', 'plaintiff', 'opposing_counsel', 'defense', false],
    ['client', 'plaintiff', 'client', 'defense', false],
    ['client', 'plaintiff', 'defendant', 'plaintiff', true],
    ['client', 'neutral', 'plaintiff', 'plaintiff', false],
    ['property_owner', 'plaintiff', 'client', 'defense', false],
    ['plaintiff', null, 'client', 'defense', false],
  ] as [TPartyRole, TRetainedSide | null, TPartyRole, TRetainedSide | null, boolean][])(
    '%s (%s) then, %s (%s) now: %s', (r1, s1, r2, s2, adverse) => {
      expect(isAdverseParty({ role: r1, retainedSide: s1 }, { role: r2, retainedSide: s2 })).toBe(adverse);
    });
  it.each([
    ['plaintiff', 'defense', true], ['defense', 'plaintiff', true], ['plaintiff', 'plaintiff', false],
    ['neutral', 'defense', false], [null, 'plaintiff', false], ['defense', null, false],
  ] as [TRetainedSide | null, TRetainedSide | null, boolean][])('the same loss, %s then and %s now: %s', (then, now, adverse) => {
    expect(isAdverseLoss(then, now)).toBe(adverse);
  });
});

describe('conflict status', () => {
  const c = (newHitCount: number, decision: 'cleared' | 'cleared_with_waiver' | 'declined' | null = null) => ({ newHitCount, decision });
  it.each([
    ['no check, opened before checks', [], false, 'grandfathered'],
    ['no check, opened since', [], true, 'not_cleared'],
    ['a first check with no hits, undecided', [c(0)], true, 'not_cleared'],
    ['a first check with hits, undecided', [c(2)], true, 'not_cleared'],
    ['cleared', [c(2, 'cleared')], true, 'cleared'],
    ['cleared with waiver', [c(2, 'cleared_with_waiver')], true, 'cleared'],
    ['declined', [c(2, 'declined')], true, 'declined'],
    ['a re-check with nothing new after a clearance', [c(0), c(2, 'cleared')], true, 'cleared'],
    ['a re-check with a new hit after a clearance', [c(1), c(2, 'cleared')], true, 'not_cleared'],
    ['a re-check with nothing new after a decline', [c(0), c(1, 'declined')], true, 'declined'],
    ['a re-check with nothing new after an undecided check', [c(0), c(1)], true, 'not_cleared'],
    ['a grandfathered case that ran a check', [c(0)], false, 'not_cleared'],
  ] as const)('%s → %s', (_name, checks, required, status) => {
    expect(conflictStatus(checks, required)).toBe(status);
  });
  it('bills issue when cleared or grandfathered only', () => {
    expect([billsMayIssue('cleared'), billsMayIssue('grandfathered'), billsMayIssue('not_cleared'), billsMayIssue('declined')])
      .toEqual([true, true, false, false]);
  });
});
