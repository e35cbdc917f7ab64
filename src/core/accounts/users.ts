import type { TDataRole } from '../api/auth.ts';

/** Passwords: long enough to resist guessing, short enough that argon2 work stays bounded. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const INITIALS_MAX = 3;

export const PASSWORD_MESSAGES = {
  tooShort: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common. Please choose another.',
  sameAsEmail: 'The password must not contain your e-mail address.',
  wrongCurrent: 'The current password is not correct.',
  unchanged: 'The new password must be different from the current one.',
} as const;

/** What signing in says beyond SPEC's one failure message, and only after the right password (docs/decisions/193). */
export const SIGN_IN_MESSAGES = {
  disabled: 'This account is disabled. Ask an administrator.',
  oneTimePasswordExpired: 'This one-time password has expired. Ask an administrator to reset your password.',
} as const;

/** Roles in the plural, as a sentence names everyone who holds one. */
const ROLE_PLURALS: Record<TDataRole, string> = { super_admin: 'super admins', admin: 'administrators', limited_user: 'limited users' };

/**
 * Why the demo's "Use test account" is refused: it starts a session without a second step, so it
 * cannot sign in a role the firm requires a second factor of (docs/decisions/111).
 */
export const testAccountNeedsTwoFactor = (role: TDataRole) =>
  `The test account cannot sign in: the firm requires two-factor sign-in for ${ROLE_PLURALS[role]}. Please sign in with your e-mail and password.`;

/** A one-time password past its time no longer signs in; a password the user chose (no expiry) never expires. */
export const oneTimePasswordExpired = (user: { mustChangePassword: boolean; expiresAt: Date | null }, now: Date) =>
  user.mustChangePassword && user.expiresAt !== null && user.expiresAt.getTime() <= now.getTime();

export const USER_RULE_MESSAGES = {
  self: 'You cannot disable or delete your own account.',
  lastSuperAdmin: 'The last active super admin cannot be demoted, disabled or deleted.',
  superAdminOnly: 'Only a super admin can grant, remove or change a super admin account.',
  inUse: 'This user has time or expense entries, action items or other records and cannot be deleted. Disable the account instead.',
  mustChangePassword: 'Please choose a new password before continuing.',
  ownTwoFactor: 'Turn off your own two-factor sign-in in your settings, with a code from your app.',
} as const;

/**
 * Why a password is refused, or null. `isCommon` answers whether a lower-cased candidate is
 * in the list of common passwords (the list lives on the server).
 */
export function passwordProblem(password: string, email: string, isCommon: (candidate: string) => boolean): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  const local = email.split('@')[0]!.toLowerCase();
  if (local.length >= 4 && lower.includes(local)) return PASSWORD_MESSAGES.sameAsEmail;
  // "password2024!" is as weak as "password": strip what people add at the ends.
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (isCommon(lower) || (core.length > 0 && isCommon(core)) || new Set(lower).size <= 2) return PASSWORD_MESSAGES.common;
  return null;
}

/** Initials as typed: letters only, upper case, at most 3. */
export const normalizeInitials = (value: string) => value.replace(/[^\p{L}]/gu, '').toUpperCase().slice(0, INITIALS_MAX);

export interface AccountState {
  id: string;
  role: TDataRole;
  disabled: boolean;
}

export type AccountChange =
  | { kind: 'edit'; role: TDataRole }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'delete' }
  | { kind: 'reset-password' }
  | { kind: 'reset-two-factor' };

/**
 * The rules of user administration, or null when the change is allowed. `activeSuperAdmins`
 * counts enabled super admins, the target included.
 */
export function accountChangeProblem(input: {
  actor: { id: string; role: TDataRole };
  target: AccountState;
  change: AccountChange;
  activeSuperAdmins: number;
}): string | null {
  const { actor, target, change } = input;
  const self = actor.id === target.id;
  if (self && (change.kind === 'disable' || change.kind === 'delete')) return USER_RULE_MESSAGES.self;
  // One's own second factor is turned off in one's own settings, with a code (and only where the role allows).
  if (self && change.kind === 'reset-two-factor') return USER_RULE_MESSAGES.ownTwoFactor;
  const touchesSuperAdmin = target.role === 'super_admin' || (change.kind === 'edit' && change.role === 'super_admin');
  if (touchesSuperAdmin && actor.role !== 'super_admin') return USER_RULE_MESSAGES.superAdminOnly;
  const removesSuperAdmin = target.role === 'super_admin' && !target.disabled && (
    change.kind === 'disable' || change.kind === 'delete' || (change.kind === 'edit' && change.role !== 'super_admin'));
  if (removesSuperAdmin && input.activeSuperAdmins <= 1) return USER_RULE_MESSAGES.lastSuperAdmin;
  return null;
}

/** Roles as people read them, everywhere a person reads one (issue 28); the data names stay in the API. */
export const ROLE_LABELS: Record<TDataRole, string> = { super_admin: 'Super admin', admin: 'Administrator', limited_user: 'Limited user' };

/** The profile's title (SPEC §3 display role) that goes with a data role when none is given. */
export const defaultDisplayRole = (role: TDataRole) => (role === 'limited_user' ? 'User' : 'Administrator');
