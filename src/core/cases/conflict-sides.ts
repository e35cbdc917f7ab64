// Which side a party sat on, and when a hit is Adverse (issue 39, docs/decisions/172).

export const PARTY_ROLES = [
  'client', 'retaining_attorney', 'retaining_law_firm', 'opposing_counsel', 'opposing_law_firm',
  'plaintiff', 'defendant', 'insurer', 'adjuster', 'property_owner', 'other',
] as const;
export type TPartyRole = (typeof PARTY_ROLES)[number];
export const RETAINED_SIDES = ['plaintiff', 'defense', 'neutral'] as const;
export type TRetainedSide = (typeof RETAINED_SIDES)[number];

export const ROLE_LABELS: Record<TPartyRole, string> = {
  client: 'Client', retaining_attorney: 'Retaining attorney', retaining_law_firm: 'Retaining law firm',
  opposing_counsel: 'Opposing counsel', opposing_law_firm: 'Opposing law firm', plaintiff: 'Plaintiff', defendant: 'Defendant',
  insurer: 'Insurer / carrier', adjuster: 'Adjuster', property_owner: 'Property owner', other: 'Other',
};
export const SIDE_LABELS: Record<TRetainedSide, string> = { plaintiff: 'Plaintiff', defense: 'Defense', neutral: 'Neutral / court' };

/** Where a party stood relative to the firm in one case: with the firm, against it, or not known. */
export type TAlignment = 'ours' | 'theirs' | null;

/**
 * The litigation side a role sits on by itself. The carrier and its adjuster sit with the defense:
 * the insured or the claimant is the one who sues (docs/decisions/172). Property owner and other: not known.
 */
const ROLE_SIDE: Partial<Record<TPartyRole, 'plaintiff' | 'defense'>> = {
  plaintiff: 'plaintiff', defendant: 'defense', insurer: 'defense', adjuster: 'defense',
};

/**
 * A party's alignment with the firm in a case: whoever retained the firm (client, retaining attorney
 * and law firm) is ours and opposing counsel is theirs whatever the side; a plaintiff, defendant,
 * insurer or adjuster is ours when on the side that retained the firm, theirs on the other, not known
 * when the firm was neutral or the side was not recorded.
 */
export function alignment(role: TPartyRole, retainedSide: TRetainedSide | null): TAlignment {
  if (role === 'client' || role === 'retaining_attorney' || role === 'retaining_law_firm') return 'ours';
  if (role === 'opposing_counsel' || role === 'opposing_law_firm') return 'theirs';
  const side = ROLE_SIDE[role];
  if (!side || (retainedSide !== 'plaintiff' && retainedSide !== 'defense')) return null;
  return side === retainedSide ? 'ours' : 'theirs';
}

/**
 * A name hit is Adverse when the same party sat on the other side: with the firm then and against
 * it now, or against it then and with it now. Not known on either side is never Adverse.
 */
export function isAdverseParty(then: { role: TPartyRole; retainedSide: TRetainedSide | null },
  now: { role: TPartyRole; retainedSide: TRetainedSide | null }): boolean {
  const a = alignment(then.role, then.retainedSide);
  const b = alignment(now.role, now.retainedSide);
  return a !== null && b !== null && a !== b;
}

/** A hit on the loss itself (claim number, loss address) is Adverse when the firm worked it for the other side. */
export function isAdverseLoss(thenSide: TRetainedSide | null, nowSide: TRetainedSide | null): boolean {
  const sided = (s: TRetainedSide | null) => s === 'plaintiff' || s === 'defense';
  return sided(thenSide) && sided(nowSide) && thenSide !== nowSide;
}
