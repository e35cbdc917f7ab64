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
  /** Remittance details printed on every bill (several lines), and the firm's id in LEDES files (issue 24). */
  remittance: z.string(),
  ledesFirmId: z.string(),
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
  ledesFirmId: line('ledesFirmId').optional(),
  version: z.number().int().positive(),
});
export type TFirmProfileBody = z.input<typeof ZFirmProfileBody>;

export const ZSignatureStatus = z.object({ hasSignature: z.boolean(), updatedAt: z.string().nullable() });
export type TSignatureStatus = z.infer<typeof ZSignatureStatus>;

/** An image sent as a data URL (the signature drawn on screen): PNG or JPEG, base64. */
export const ZImageDataUrl = z.string().max(2_000_000).regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Invalid image');
