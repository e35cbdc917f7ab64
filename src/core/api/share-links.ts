import { z } from 'zod';
import { SHARE_LABEL_MAX } from '../field-reports/share-links.ts';
import { isoDateProblem } from '../smart-date.ts';
import { ZAnnotations } from './annotations.ts';
import { rule } from './common.ts';

// The HTTP contract of client share links (docs/decisions/105): staff routes under a report, and
// the anonymous routes under /api/shared/{token}.

export const ZCreateShareLinkBody = z.object({
  /** The last day the link works (YYYY-MM-DD, the firm's calendar): after today, at most 90 days ahead. */
  expiresOn: z.string().superRefine(rule((value: string) => isoDateProblem(value, new Date())))
    .describe('The last day the link works, YYYY-MM-DD (after today, at most 90 days ahead)'),
  label: z.string().trim().max(SHARE_LABEL_MAX).default('').describe('Who the link is for, e.g. "Granite Mutual adjuster"'),
});
export type TCreateShareLinkBody = z.input<typeof ZCreateShareLinkBody>;

export const ZShareLink = z.object({
  id: z.uuid(),
  label: z.string(),
  createdByName: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  viewCount: z.number().int(),
  lastViewedAt: z.iso.datetime().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
  /** Whether the person asking may revoke it (its maker or an administrator). */
  canRevoke: z.boolean(),
});
export type TShareLink = z.infer<typeof ZShareLink>;

export const ZShareLinkList = z.object({ links: z.array(ZShareLink) });

/** The answer to making a link: the only time its secret is ever sent. */
export const ZCreatedShareLink = z.object({ link: ZShareLink, token: z.string() });
export type TCreatedShareLink = z.infer<typeof ZCreatedShareLink>;

export const ZShareLinkParams = z.object({ id: z.uuid(), linkId: z.uuid() });
export const ZSharedTokenParams = z.object({ token: z.string().max(100) });
export const ZSharedPhotoParams = z.object({ token: z.string().max(100), imageId: z.uuid() });

/** What the anonymous page shows: the firm, the report's facts and its photos. Never money, never staff-only data. */
export const ZSharedReport = z.object({
  firm: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), website: z.string() }),
  reportType: z.string(),
  displayNumber: z.string(),
  date: z.string(),
  projectName: z.string(),
  propertyAddress: z.string(),
  inspectorName: z.string(),
  certifiedAt: z.iso.datetime().nullable(),
  /** The day it was certified in the firm's time zone (YYYY-MM-DD), whatever the viewer's zone. */
  certifiedOn: z.iso.date().nullable(),
  /** A later revision replaced this one: the page says so. */
  superseded: z.boolean(),
  pdfFileName: z.string(),
  /** The stored copies (no EXIF) with the annotations drawn on them, as on screen and in the PDF. */
  photos: z.array(z.object({ id: z.string(), caption: z.string(), width: z.number().int(), height: z.number().int(), annotations: ZAnnotations })),
  /** The moment the link stops working. */
  expiresAt: z.iso.datetime(),
  /** The last day the link works in the firm's time zone (YYYY-MM-DD): the page says until when. */
  lastDay: z.iso.date(),
});
export type TSharedReport = z.infer<typeof ZSharedReport>;
