import { canonicalJson } from '../audit/hash-chain.ts';

// Evidence custody's rules (issue 42, docs/decisions/140): the tag, what a custody entry's hash
// covers, and when a destructive test may start.

/** E-0001 … E-9999, then E-10000: one firm-wide series. */
export const tagText = (n: number) => `E-${String(n).padStart(4, '0')}`;

export const CUSTODY_KINDS = ['collected', 'received', 'released', 'moved', 'to_lab', 'from_lab', 'photo', 'correction',
  'test_started', 'returned', 'disposed'] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];

/** Movements a person records on the item page (the others are made by collecting, photos, tests and closing). */
export const MOVEMENT_KINDS = ['received', 'released', 'moved', 'to_lab', 'from_lab'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const CUSTODY_KIND_LABEL: Record<CustodyKind, string> = {
  collected: 'Collected', received: 'Received from', released: 'Released to', moved: 'Moved to', to_lab: 'Sent to lab',
  from_lab: 'Back from lab', photo: 'Photographed', correction: 'Correction', test_started: 'Destructive test started',
  returned: 'Returned', disposed: 'Disposed of',
};

/** What a new item made by a destructive test is to the item tested. */
export const DERIVATION_LABEL = { result: 'Result', remaining: 'Remaining portion' } as const;
export type Derivation = keyof typeof DERIVATION_LABEL;

/** The fields of an entry its hash covers, as stored. */
export interface CustodyContent {
  id: string;
  itemId: string;
  seq: number;
  kind: string;
  /** ISO 8601 with milliseconds (what the database gives back for what was stored). */
  at: string;
  from: string;
  to: string;
  location: string;
  purpose: string;
  correctsId: string | null;
  signedByName: string;
  signatureSha256: string | null;
  photoSha256s: readonly string[];
  recordedBy: string | null;
}

/** The canonical text of an entry (photos' hashes sorted, so their order of upload does not matter). */
export function custodyContentText(c: CustodyContent): string {
  return canonicalJson({
    v: 1, id: c.id, itemId: c.itemId, seq: c.seq, kind: c.kind, at: c.at, from: c.from, to: c.to, location: c.location,
    purpose: c.purpose, correctsId: c.correctsId, signedByName: c.signedByName, signatureSha256: c.signatureSha256,
    photoSha256s: [...c.photoSha256s].sort(), recordedBy: c.recordedBy,
  });
}

/** Where the item is and who holds it after an entry (unchanged by entries that do not move it). */
export function afterEntry(current: { location: string; custodian: string }, entry: { kind: string; to: string; location: string }) {
  const moves = ['collected', 'received', 'released', 'moved', 'to_lab', 'from_lab', 'returned', 'disposed'].includes(entry.kind);
  if (!moves) return current;
  return { location: entry.location.trim() || current.location, custodian: entry.to.trim() || current.custodian };
}

export const EVIDENCE_MESSAGES = {
  closed: 'This item was returned or disposed of and is read-only.',
  signature: 'Please sign on the screen to record this entry.',
  noticePending: (date: string) => `The notice period has not passed: the test may start on ${date}, unless every party waives in writing.`,
  notTold: (names: string) => `Not every party has been told of the test: ${names}. Record how each was told, or attach their written waiver.`,
  alreadyStarted: 'This test was already recorded as started.',
  correctsOther: 'The corrected entry belongs to another item.',
  noParties: 'The case has no parties to notify. Add the case\'s parties first.',
} as const;

export interface NoticeParty {
  name: string;
  toldAt: Date | null;
  waived: boolean;
}

/**
 * Whether a destructive test may be recorded as started `now`: every party waived in writing, or
 * every party was told and the notice period (days, counted from the last party told, or from the
 * planning when the case has no parties) has passed.
 */
export function testStartProblem(options: {
  parties: readonly NoticeParty[]; noticeDays: number; now: Date; formatDate(d: Date): string;
  /** When the test was planned and the notice given: the period never counts from earlier. */
  since?: Date;
}):
  { ok: true } | { ok: false; reason: 'not-told' | 'too-early'; message: string; earliest?: Date } {
  const { parties, noticeDays, now } = options;
  if (parties.length > 0 && parties.every((p) => p.waived)) return { ok: true };
  const untold = parties.filter((p) => !p.toldAt && !p.waived);
  if (untold.length) return { ok: false, reason: 'not-told', message: EVIDENCE_MESSAGES.notTold(untold.map((p) => p.name).join(', ')) };
  const lastTold = Math.max(...parties.filter((p) => p.toldAt).map((p) => p.toldAt!.getTime()), options.since?.getTime() ?? 0);
  const earliest = new Date(lastTold + noticeDays * 86_400_000);
  if (now.getTime() < earliest.getTime()) {
    return { ok: false, reason: 'too-early', message: EVIDENCE_MESSAGES.noticePending(options.formatDate(earliest)), earliest };
  }
  return { ok: true };
}
