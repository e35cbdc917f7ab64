import { addDays } from '../dates/iso-date.ts';

// Client share links of certified field reports (issue 26, docs/decisions/105): the rules the
// staff dialog, the anonymous page and the server share.

/** Random bytes of a link's secret: 256 bits, base64url in the address (43 characters). */
export const SHARE_TOKEN_BYTES = 32;
/** Every link expires; this is the furthest day it may be made to last. */
export const SHARE_MAX_DAYS = 90;
/** The choices the dialog offers; 30 days is the default. */
export const SHARE_EXPIRY_CHOICES = [7, 30, 90] as const;
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_LABEL_MAX = 100;
/** Live links one report may have at once: plenty for a report's clients, a limit for a runaway script. */
export const SHARE_MAX_LIVE_LINKS = 20;

export const SHARE_MESSAGES = {
  /** The one answer for an unknown, revoked or expired link (page and API alike: links cannot be probed). */
  unavailable: 'This link is no longer available.',
  notCertified: 'Only a certified report can be shared.',
  expiryPast: 'The last day must be after today.',
  expiryTooFar: `A link can last at most ${SHARE_MAX_DAYS} days.`,
  revokeNotAllowed: 'Only the person who made this link or an administrator can revoke it.',
  tooMany: `A report can have at most ${SHARE_MAX_LIVE_LINKS} links at once. Revoke one that is no longer needed.`,
} as const;

/** What the anonymous page says above a report that a later revision replaced. */
export const supersededNotice = (firmName: string) =>
  `This report has been replaced by a later revision. Please ask ${firmName} for the current one.`;

/** Why a link's last day (YYYY-MM-DD, in the firm's calendar) is refused on `today`, or null. */
export function shareExpiryProblem(expiresOn: string, today: string): string | null {
  if (expiresOn <= today) return SHARE_MESSAGES.expiryPast;
  if (expiresOn > addDays(today, SHARE_MAX_DAYS)) return SHARE_MESSAGES.expiryTooFar;
  return null;
}

/** Whether text may be a link's secret (base64url of 32 bytes): anything else is refused unread. */
export const looksLikeShareToken = (text: string) => /^[A-Za-z0-9_-]{43}$/.test(text);

export type TShareLinkState = 'active' | 'expired' | 'revoked';

/** A link's state at `now` (ms). */
export function shareLinkState(link: { expiresAt: string; revokedAt: string | null }, now: number): TShareLinkState {
  if (link.revokedAt) return 'revoked';
  return Date.parse(link.expiresAt) <= now ? 'expired' : 'active';
}

/** Who may revoke a link: the person who made it, or an administrator (any staff member may make one). */
export const mayRevokeShareLink = (link: { createdById: string | null }, viewer: { id: string; role: string }) =>
  link.createdById === viewer.id || viewer.role === 'admin' || viewer.role === 'super_admin';

/** Who opened the page, as the audit log names them: nobody is signed in. */
export const shareViewerName = (label: string) => (label ? `Anyone with the link "${label}"` : 'Anyone with the link');
