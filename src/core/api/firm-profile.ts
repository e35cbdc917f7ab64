import { z } from 'zod';
import { FIRM_PROFILE_LIMITS } from '../limits.ts';
import { ZText } from './common.ts';

// Firm profile (the letterhead and footer of every PDF) and each user's signature.

export const ZFirmProfile = z.object({
  /** The saved name, or FIRM_NAME until an admin saves one. */
  firmName: z.string(),
  licenceNumber: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  /** Remittance details printed on every bill (several lines) (issue 24). */
  remittance: z.string(),
  /** The firm's tax id, its id in LEDES files. With the remittance details: money's authority, changed by super admins only (issue 38). */
  ledesFirmId: z.string(),
  /** Whether the reader may change the remittance details and tax id (a super admin); admins see them read-only. */
  canChangeMoney: z.boolean(),
  hasLogo: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TFirmProfile = z.infer<typeof ZFirmProfile>;

const line = (key: keyof typeof FIRM_PROFILE_LIMITS) => ZText(FIRM_PROFILE_LIMITS[key]);

export const ZFirmProfileBody = z.object({
  firmName: line('firmName').min(1, 'Firm name is required'),
  licenceNumber: line('licenceNumber'),
  address: line('address'),
  phone: line('phone'),
  email: z.union([z.literal(''), z.email('Please enter a valid e-mail address').max(FIRM_PROFILE_LIMITS.email)]),
  website: line('website'),
  // Added with billing (issue 24): kept as they are when a form leaves them out.
  remittance: line('remittance').optional(),
  /** The tax id: super admins only, like the remittance details (an admin sending a different value gets 403). */
  ledesFirmId: line('ledesFirmId').optional(),
  version: z.number().int().positive(),
});
export type TFirmProfileBody = z.input<typeof ZFirmProfileBody>;

export const ZSignatureStatus = z.object({ hasSignature: z.boolean(), updatedAt: z.string().nullable() });
export type TSignatureStatus = z.infer<typeof ZSignatureStatus>;

/** An image sent as a data URL (the signature drawn on screen): PNG or JPEG, base64. */
export const ZImageDataUrl = z.string().max(2_000_000).regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Invalid image');

/** Issue 38: the message an admin gets for trying to change money's authority. */
export const MONEY_AUTHORITY_MESSAGE = 'Only a super admin can change the remittance details and the tax id.';

/** GET /api/me/money-alerts: changes of the remittance details or tax id the super admin has not yet dismissed. */
export const ZMoneyAlert = z.object({
  id: z.number().int(),
  at: z.string(),
  /** 'Denise Park changed the remittance details printed on every bill.' */
  text: z.string(),
});
export const ZMoneyAlerts = z.object({ alerts: z.array(ZMoneyAlert) });
export type TMoneyAlerts = z.infer<typeof ZMoneyAlerts>;
export const ZMoneyAlertParams = z.object({ id: z.coerce.number().int().positive() });

const FIELD_NAMES: Record<string, string> = { remittance: 'the remittance details', ledes_firm_id: 'the tax id' };
/** The alert's words: who changed which of the two, printed on every bill. */
export function moneyAlertText(actor: string | null, fields: readonly string[]): string {
  const what = fields.map((f) => FIELD_NAMES[f] ?? f).join(' and ');
  return `${actor ?? 'Someone'} changed ${what} printed on every bill. Check the change in the audit log.`;
}
