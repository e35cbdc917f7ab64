import { z } from 'zod';
import { ZDataRole, ZSessionResponse } from './auth.ts';

/** A 6-digit code or a recovery code, as typed (spaces and dashes allowed). */
export const ZTwoFactorCodeBody = z.object({ code: z.string().trim().min(1).max(40) });

/** The own account's second factor, in Settings. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The firm requires it of this user's role: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** A set-up begun: the secret as a QR code and as text. */
export const ZTwoFactorSetup = z.object({
  /** Base32, in groups of four. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code, in a data URL. */
  qrCode: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** Shown once, after the first code confirmed the set-up. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** The set-up a sign-in required, confirmed: the codes to keep, and the session that now starts. */
export const ZSignInSetupDone = ZSessionResponse.extend({ recoveryCodes: z.array(z.string()) });
export type TSignInSetupDone = z.infer<typeof ZSignInSetupDone>;

/** The firm's rule (super admins): which data roles must sign in with a second factor. */
export const ZTwoFactorPolicy = z.object({
  requiredRoles: z.array(ZDataRole).max(3).refine((roles) => new Set(roles).size === roles.length, 'Each role once.'),
  version: z.number().int(),
});
export type TTwoFactorPolicy = z.infer<typeof ZTwoFactorPolicy>;

/*
 * Routes:
 *   GET  /api/account/two-factor            → ZTwoFactorStatus
 *   POST /api/account/two-factor/setup      → ZTwoFactorSetup
 *   POST /api/account/two-factor/confirm    ZTwoFactorCodeBody → ZRecoveryCodes
 *   POST /api/account/two-factor/disable    ZTwoFactorCodeBody → ZTwoFactorStatus
 *   GET  /api/settings/two-factor           → ZTwoFactorPolicy (super admins)
 *   PUT  /api/settings/two-factor           ZTwoFactorPolicy → ZTwoFactorPolicy (super admins)
 *   POST /api/users/:id/reset-two-factor    → ZUserAccount (admins)
 *   POST /api/auth/second-step/code         ZTwoFactorCodeBody → ZSessionResponse (pending sign-in cookie)
 *   POST /api/auth/second-step/setup        → ZTwoFactorSetup (pending sign-in cookie)
 *   POST /api/auth/second-step/confirm      ZTwoFactorCodeBody → ZSignInSetupDone (pending sign-in cookie)
 */
