import { z } from 'zod';
import { templateProblem } from '../cases/engagement-template.ts';
import { ZAmount, ZStoredDate, rule } from './common.ts';

// The engagement letter (issue 39, docs/decisions/121): the firm's template (admins), the letter of a
// case and the retainer it asks for (money: super admins), and the signed letter that marks a case engaged.

/** GET and PUT /api/settings/engagement-letter. */
export const ZEngagementTemplate = z.object({
  template: z.string(),
  /** No template saved: the default letter is used. */
  isDefault: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TEngagementTemplate = z.infer<typeof ZEngagementTemplate>;

export const ZEngagementTemplateBody = z.object({
  template: z.string().superRefine(rule(templateProblem)),
  version: z.number().int().positive(),
});

export const ZCaseParams = z.object({ id: z.uuid() });
export const ZSignedLetterParams = z.object({ id: z.uuid() });

/** GET and PUT /api/cases/:id/engagement/retainer (super admins): the retainer the letter asks for. */
export const ZRetainerRequested = z.object({ retainerRequested: ZAmount(10_000_000).nullable() });
export type TRetainerRequested = z.infer<typeof ZRetainerRequested>;

/** POST /api/cases/:id/engagement/signed?engagedOn=YYYY-MM-DD, with the signed PDF as the one file. */
export const ZSignedLetterQuery = z.object({ engagedOn: ZStoredDate }).strict();

export const ZSignedLetter = z.object({
  id: z.string(),
  engagedOn: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  byteSize: z.number().int(),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
});

/** GET /api/cases/:id/engagement (everyone signed in): whether the case is engaged, since when, by which signed letter. */
export const ZEngagement = z.object({
  /** The latest signed letter's date; null: not engaged. */
  engagedOn: z.string().nullable(),
  signedLetter: ZSignedLetter.nullable(),
});
export type TEngagement = z.infer<typeof ZEngagement>;

/** The refusals of the signed letter's upload (issue 39): a PDF, and no later than the firm's today. */
export const SIGNED_LETTER_MESSAGES = {
  notPdf: 'This file is not a PDF. Please choose the signed letter as a PDF file.',
  future: 'The date engaged cannot be later than today.',
} as const;
