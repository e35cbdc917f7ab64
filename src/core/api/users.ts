import { z } from 'zod';
import { ZDataRole } from './auth.ts';
import { INITIALS_MAX, PASSWORD_MAX_LENGTH } from '../accounts/users.ts';

/**
 * The profile's free title (SPEC §3 "display role"): not an access level, and no screen shows it any
 * more (issue 28, docs/decisions/167): the role people read is the data role, in ROLE_LABELS' words.
 * Kept in the API; optional in a create (it follows the data role) and an update (it stays).
 */
export const ZDisplayRole = z.enum(['Administrator', 'Admin Assistant', 'User']);

const name = z.string().trim().min(1).max(100);
const initials = z.string().trim().regex(/^\p{L}{1,3}$/u, `1 to ${INITIALS_MAX} letters`);

/** One row of the Users section. */
export const ZUserAccount = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZDataRole,
  displayRole: ZDisplayRole,
  displayName: z.string(),
  initials: z.string(),
  status: z.enum(['active', 'disabled']),
  lastSignInAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /** The one-time password an admin set is past ONE_TIME_PASSWORD_HOURS: only a reset lets the user in. */
  oneTimePasswordExpired: z.boolean(),
  /** The user signs in with a second factor (issue 27); an admin may reset it. */
  twoFactor: z.boolean(),
  /** False when the account has records (entries, items, reports): it can only be disabled. */
  canDelete: z.boolean(),
  isSelf: z.boolean(),
  version: z.number().int(),
});
export type TUserAccount = z.infer<typeof ZUserAccount>;

export const ZUserList = z.object({ users: z.array(ZUserAccount) });

export const ZUserIdParams = z.object({ id: z.uuid() });

export const ZCreateUserBody = z.object({
  firstName: name,
  lastName: name,
  email: z.email().max(320),
  role: ZDataRole,
  displayRole: ZDisplayRole.optional(),
  initials,
});
export type TCreateUserBody = z.infer<typeof ZCreateUserBody>;

export const ZUpdateUserBody = z.object({
  firstName: name,
  lastName: name,
  role: ZDataRole,
  displayRole: ZDisplayRole.optional(),
  initials,
  version: z.number().int(),
});
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/** A one-time password is shown once, to the admin who made it. */
export const ZOneTimePasswordResult = z.object({ user: ZUserAccount, oneTimePassword: z.string() });
export type TOneTimePasswordResult = z.infer<typeof ZOneTimePasswordResult>;

// Self-service from the avatar menu ------------------------------------------------------

export const ZChangePasswordBody = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH * 4),
});
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZUpdateProfileBody = z.object({
  displayName: z.string().trim().min(1).max(100),
  initials,
});
export type TUpdateProfileBody = z.infer<typeof ZUpdateProfileBody>;
