import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { stepVerdict, totpStep, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS, TWO_FACTOR_ISSUER } from '../../../core/accounts/two-factor.ts';

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => generateSecret({ length: 20 });

export const otpauthUrl = (secret: string, account: string) =>
  generateURI({ issuer: TWO_FACTOR_ISSUER, label: account, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** The otpauth URL as an SVG QR code in a data URL (an <img> shows it; no script, no canvas). */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export type TotpCheck = { verdict: 'ok'; step: number } | { verdict: 'wrong' | 'reused' };

/**
 * Checks a 6-digit code against the secret at `now`: otplib finds the step within ±1 of the current
 * one, core's rule refuses a step at or before the last one used.
 */
export function checkTotp(input: { secret: string; code: string; lastUsedStep: number | null; now: Date }): TotpCheck {
  const epoch = Math.floor(input.now.getTime() / 1000);
  const result = verifySync({
    secret: input.secret, token: input.code, epoch, epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS,
  });
  // The functional API answers HOTP's shape too; a TOTP answer carries its step.
  if (!result.valid || !('timeStep' in result)) return { verdict: 'wrong' };
  const verdict = stepVerdict({ step: result.timeStep, nowStep: totpStep(epoch), lastUsedStep: input.lastUsedStep });
  if (verdict === 'ok') return { verdict, step: result.timeStep };
  return { verdict: verdict === 'reused' ? 'reused' : 'wrong' };
}
