import { randomInt } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from '../../../core/accounts/users.ts';
import { refuse } from '../../errors/app-error.ts';

// zxcvbn's list of the ~49,000 most common passwords from public breaches.
const COMMON = new Set((dictionary as Record<string, string[]>)['passwords-common']);

/** Throws VALIDATION_ERROR with the reason when a new password is refused. */
export function assertAcceptablePassword(password: string, email: string) {
  const problem = passwordProblem(password, email, (candidate) => COMMON.has(candidate));
  if (problem) throw refuse('newPassword', problem, 'password_policy');
}

// No 0/O or 1/l/I: an admin reads it out or copies it by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 16 random characters in groups of four (about 79 bits), e.g. "k7qm-x2pd-9wtc-ahv4". */
export function oneTimePassword(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
