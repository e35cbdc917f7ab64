import { z } from 'zod';
import { CONFLICT_DECISIONS, CONFLICT_MESSAGES } from '../cases/conflict-status.ts';
import { PARTY_LIMITS, tooLongMessage } from '../limits.ts';
import { ZNamedText, ZPartyRole, ZRetainedSide } from './parties.ts';

// HTTP contract of the conflict check and its decision (issue 39, docs/decisions/120).

const claim = z.string().trim()
  .max(PARTY_LIMITS.claimNumber, { error: (i) => tooLongMessage('Claim number', String(i.input ?? '').length, PARTY_LIMITS.claimNumber) });
const address = z.string().trim()
  .max(PARTY_LIMITS.lossAddress, { error: (i) => tooLongMessage('Loss address', String(i.input ?? '').length, PARTY_LIMITS.lossAddress) });

/** What a check looks for: the prospective client, parties, claim numbers and loss addresses, and the side retaining the firm. */
export const ZConflictQuery = z.object({
  clientName: ZNamedText('Client name', PARTY_LIMITS.name).nullable().optional().transform((v) => v ?? null),
  retainedSide: ZRetainedSide.nullable().default(null),
  parties: z.array(z.object({ name: ZNamedText('Party name', PARTY_LIMITS.name), role: ZPartyRole })).max(50).default([]),
  claimNumbers: z.array(claim).max(20).default([]),
  lossAddresses: z.array(address).max(10).default([]),
});
export type TConflictQuery = z.output<typeof ZConflictQuery>;
/** The query as a check keeps it (answers carry no transforms). */
const ZConflictQueryRead = z.object({
  clientName: z.string().nullable(),
  retainedSide: ZRetainedSide.nullable(),
  parties: z.array(z.object({ name: z.string(), role: ZPartyRole })),
  claimNumbers: z.array(z.string()),
  lossAddresses: z.array(z.string()),
});

export const ZConflictHit = z.object({
  /** The same hit has the same key in every check (which case, which field, whom). */
  key: z.string(),
  caseId: z.string(),
  fileNumber: z.string(),
  caseName: z.string(),
  caseStatus: z.string(),
  openedOn: z.string(),
  dateOfLoss: z.string().nullable(),
  clientName: z.string(),
  partyName: z.string(),
  /** The party's role in the earlier case ('client', 'insurer'…); a loss hit names the case's client. */
  role: ZPartyRole,
  /** The side that retained the firm in the earlier case. */
  side: ZRetainedSide.nullable(),
  matchedField: z.enum(['name', 'claim_number', 'loss_address']),
  /** What of ours it matched: a name, a claim number or an address as typed. */
  matchedText: z.string(),
  similarity: z.number(),
  adverse: z.boolean(),
});
export type TConflictHit = z.infer<typeof ZConflictHit>;

export const ZConflictDecisionRead = z.object({
  decision: z.enum(CONFLICT_DECISIONS),
  reason: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string(),
  waiver: z.object({ id: z.string(), fileName: z.string(), sha256: z.string() }).nullable(),
});

export const ZConflictCheck = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  ranAt: z.string(),
  ranBy: z.string(),
  query: ZConflictQueryRead,
  /** Only what no earlier check of the case showed (all of them for the first check). */
  hits: z.array(ZConflictHit),
  seenBefore: z.number().int(),
  decision: ZConflictDecisionRead.nullable(),
});
export type TConflictCheck = z.infer<typeof ZConflictCheck>;

export const ZCaseConflicts = z.object({
  status: z.enum(['cleared', 'not_cleared', 'declined', 'grandfathered']),
  checks: z.array(ZConflictCheck),
});
export type TCaseConflicts = z.infer<typeof ZCaseConflicts>;

export const ZConflictDecisionBody = z.object({
  decision: z.enum(CONFLICT_DECISIONS, { error: 'Decision must be cleared, cleared with waiver or declined' }),
  reason: z.string({ error: CONFLICT_MESSAGES.reasonRequired }).trim().min(1, CONFLICT_MESSAGES.reasonRequired)
    .max(PARTY_LIMITS.reason, { error: (i) => tooLongMessage('Reason', String(i.input ?? '').length, PARTY_LIMITS.reason) }),
  /** A waiver uploaded first (POST /api/conflict-waivers); required with cleared_with_waiver only. */
  waiverId: z.guid().nullable().default(null),
});
export const ZCheckIdParams = z.object({ checkId: z.guid() });
export const ZWaiver = z.object({ id: z.string(), fileName: z.string(), sha256: z.string(), bytes: z.number().int() });
