import { z } from 'zod';
import { hasLettersOrDigits } from '../cases/conflict-keys.ts';
import { PARTY_ROLES, RETAINED_SIDES } from '../cases/conflict-sides.ts';
import { PARTY_LIMITS, tooLongMessage } from '../limits.ts';
import { ZStoredDate } from './common.ts';

// HTTP contract of a case's parties and facts (issue 39, docs/decisions/120). Each refusal names its field.

/** A name people type: trimmed, with a letter or a digit, at most `max` characters. */
export const ZNamedText = (label: string, max: number) => z.string({ error: `${label} is required` }).trim()
  .min(1, `${label} is required`)
  .max(max, { error: (issue) => tooLongMessage(label, String(issue.input ?? '').length, max) })
  .refine(hasLettersOrDigits, `${label} must contain a letter or a digit`);

/** A claim or policy number: optional, with a letter or a digit when given. */
export const ZNumberText = (label: string) => z.string().trim()
  .max(PARTY_LIMITS.claimNumber, { error: (issue) => tooLongMessage(label, String(issue.input ?? '').length, PARTY_LIMITS.claimNumber) })
  .refine((v) => v === '' || hasLettersOrDigits(v), `${label} must contain a letter or a digit`)
  .nullable().optional().transform((v) => (v ? v : null));

export const ZPartyRole = z.enum(PARTY_ROLES, { error: 'Role must be one of the listed roles' });
export const ZRetainedSide = z.enum(RETAINED_SIDES, { error: 'Retained side must be plaintiff, defense or neutral' });

export const ZPartyInput = z.object({
  role: ZPartyRole,
  kind: z.enum(['person', 'organization']).default('organization'),
  /** Optional when an attorney or a law firm is picked: their name is copied. */
  name: ZNamedText('Party name', PARTY_LIMITS.name).optional(),
  attorneyId: z.guid().nullable().default(null),
  lawFirmId: z.guid().nullable().default(null),
  claimNumber: ZNumberText('Claim number'),
  notes: z.string().trim().max(PARTY_LIMITS.notes, { error: (i) => tooLongMessage('Notes', String(i.input ?? '').length, PARTY_LIMITS.notes) }).default(''),
}).refine((p) => p.name || p.attorneyId || p.lawFirmId, { message: 'Party name is required', path: ['name'] });
export type TPartyInput = z.output<typeof ZPartyInput>;
export const ZPartyUpdate = z.object({ version: z.number().int() }).and(ZPartyInput);
export const ZPartyParams = z.object({ id: z.guid(), partyId: z.guid() });

export const ZParty = z.object({
  id: z.string(),
  caseId: z.string(),
  role: ZPartyRole,
  kind: z.enum(['person', 'organization']),
  name: z.string(),
  attorneyId: z.string().nullable(),
  lawFirmId: z.string().nullable(),
  claimNumber: z.string().nullable(),
  notes: z.string(),
  version: z.number().int(),
});
export type TParty = z.infer<typeof ZParty>;
export const ZPartyList = z.object({ parties: z.array(ZParty) });

/** The facts a conflict check reads from a case; each optional on a write (left out: kept). */
export const ZCaseFacts = z.object({
  retainedSide: ZRetainedSide.nullable().optional(),
  claimNumber: ZNumberText('Claim number'),
  policyNumber: ZNumberText('Policy number'),
  dateOfLoss: ZStoredDate.nullable().optional(),
}).partial();
