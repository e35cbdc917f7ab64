import { addDays } from '../dates/iso-date.ts';

// Personal API tokens (issue 27, docs/decisions/092): the rules the Settings form and the server share.

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'cbk_';
/** The secret's random bytes (base64url after the prefix). */
export const API_TOKEN_BYTES = 32;
/** Characters of the secret kept in clear to tell tokens apart in the list. */
export const API_TOKEN_HINT_LENGTH = 6;
/** Every token expires; this is the furthest day it may be made to last. */
export const API_TOKEN_MAX_DAYS = 365;
/** The choices the form offers (a chosen date is the other). */
export const API_TOKEN_EXPIRY_CHOICES = [30, 90, 365] as const;
export const API_TOKEN_NAME_MAX = 100;

export type TApiTokenScope = 'read' | 'write';

export const API_TOKEN_MESSAGES = {
  readOnly: 'This API token can only read.',
  invalid: 'This API token is not valid: it may have expired or been revoked.',
  sessionOnly: 'API tokens cannot do this. Sign in to Casebook in the browser.',
  expiryPast: 'The expiry date must be after today.',
  expiryTooFar: `A token can last at most ${API_TOKEN_MAX_DAYS} days.`,
  nameRequired: 'Give the token a name.',
  /**
   * The firm requires a second factor of the owner's role and they have none yet: every use and every
   * new token is refused until they set it up (docs/decisions/111).
   */
  twoFactorRequired: 'Set up two-factor sign-in to use API tokens.',
} as const;

/** Whether a token of this scope may make a request of this method: read tokens only read. */
export const scopeAllows = (scope: TApiTokenScope, method: string) => scope === 'write' || method === 'GET' || method === 'HEAD';

/** Why an expiry day (YYYY-MM-DD, the last day the token works) is refused on `today`, or null. */
export function expiryProblem(expiresOn: string, today: string): string | null {
  if (expiresOn <= today) return API_TOKEN_MESSAGES.expiryPast;
  if (expiresOn > addDays(today, API_TOKEN_MAX_DAYS)) return API_TOKEN_MESSAGES.expiryTooFar;
  return null;
}

/** The last day a token made today for `days` days works. */
export const expiryAfter = (today: string, days: number) => addDays(today, days);

/** Whether a header value looks like one of our tokens (the prefix and a base64url secret). */
export const looksLikeApiToken = (text: string) => /^cbk_[A-Za-z0-9_-]{20,100}$/.test(text);
