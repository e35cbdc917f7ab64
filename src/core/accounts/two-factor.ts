import type { TDataRole } from '../api/auth.ts';

/** TOTP as RFC 6238 and every authenticator app: 6 digits, 30-second steps, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too (clocks drift, people type slowly). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long a signed-in password waits for its second step. */
export const PENDING_SIGN_IN_MINUTES = 10;
export const TWO_FACTOR_ISSUER = 'Casebook';

/** Every user-facing message of two-factor sign-in, shown by the server's refusals and the web's screens. */
export const TWO_FACTOR_MESSAGES = {
  enterCode: 'Enter the 6-digit code from your authenticator app',
  enterRecoveryCode: 'Enter one of your recovery codes',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticatorCode: 'Use a code from your authenticator app instead',
  wrongCode: 'That code is not correct. Please try again.',
  reusedCode: 'That code has already been used. Wait for the next code in your authenticator app.',
  wrongRecoveryCode: 'That recovery code is not correct or has already been used.',
  pendingExpired: 'Your sign-in has expired. Please sign in again.',
  setupRequired: 'Your role requires two-factor sign-in. Set it up to continue.',
  scanQrCode: 'Scan this QR code with your authenticator app, or enter the key below by hand.',
  confirmWithCode: 'Enter the 6-digit code your app shows to finish.',
  recoveryCodesOnce: 'Save these recovery codes somewhere safe. Each works once, and they will not be shown again.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notOn: 'Two-factor sign-in is not on for this account.',
  setupNotStarted: 'Start the set-up again: no set-up is in progress.',
  requiredByRole: 'Your role requires two-factor sign-in, so it cannot be turned off.',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  reset: 'Two-factor sign-in was reset. The user sets it up again at their next sign-in if their role requires it.',
} as const;

/** The data roles that may be required to use a second factor, in the order Settings lists them. */
export const TWO_FACTOR_ROLES: readonly TDataRole[] = ['limited_user', 'admin', 'super_admin'];

/** Whether the firm's rule requires a second factor of this role. */
export const roleRequiresTwoFactor = (requiredRoles: readonly TDataRole[], role: TDataRole) => requiredRoles.includes(role);

/** Spaces and dashes people type or paste are not part of a code. */
export const normalizeCode = (text: string) => text.replace(/[\s-]/g, '').toLowerCase();

export const isTotpCode = (text: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(text));

/** Recovery codes: 10 characters of a 31-letter alphabet without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;
export const isRecoveryCode = (text: string) => new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`).test(normalizeCode(text));
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** A base32 secret in groups of four, as people copy it into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The 30-second step a moment falls in. */
export const totpStep = (epochSeconds: number) => Math.floor(epochSeconds / TOTP_PERIOD_SECONDS);

/**
 * Whether a code that matched `step` may sign in, given the newest step already used: within the window
 * of the current step, and newer than any step accepted before (a code, or an older one, never twice).
 */
export function stepVerdict(input: { step: number; nowStep: number; lastUsedStep: number | null }): 'ok' | 'outside-window' | 'reused' {
  if (Math.abs(input.step - input.nowStep) > TOTP_WINDOW_STEPS) return 'outside-window';
  if (input.lastUsedStep !== null && input.step <= input.lastUsedStep) return 'reused';
  return 'ok';
}
