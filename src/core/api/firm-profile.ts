import { z } from 'zod';

// Firm profile (the letterhead and footer of every PDF) and each user's signature.

export const ZFirmProfile = z.object({
  /** The saved name, or FIRM_NAME until an admin saves one. */
  firmName: z.string(),
  licenceNumber: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  hasLogo: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TFirmProfile = z.infer<typeof ZFirmProfile>;

const line = (max: number) => z.string().trim().max(max);

export const ZFirmProfileBody = z.object({
  firmName: line(200).min(1, 'Firm name is required'),
  licenceNumber: line(100),
  address: line(500),
  phone: line(50),
  email: z.union([z.literal(''), z.email('Please enter a valid e-mail address').max(200)]),
  website: line(200),
  version: z.number().int().positive(),
});
export type TFirmProfileBody = z.input<typeof ZFirmProfileBody>;

export const ZSignatureStatus = z.object({ hasSignature: z.boolean(), updatedAt: z.string().nullable() });
export type TSignatureStatus = z.infer<typeof ZSignatureStatus>;

/** An image sent as a data URL (the signature drawn on screen): PNG or JPEG, base64. */
export const ZImageDataUrl = z.string().max(2_000_000).regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Invalid image');
