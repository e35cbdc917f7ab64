import { PASSWORD_MESSAGES } from '../../../core/accounts/users.ts';
import type { TChangePasswordBody, TUpdateProfileBody } from '../../../core/api/users.ts';
import { withActor, type Db } from '../../db/connection.ts';
import { refuse } from '../../errors/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/index.ts';
import { assertAcceptablePassword } from './password-policy.ts';

/**
 * A user changes their own password: the current one is required, the new one must pass the
 * policy. Every other session of the account ends; the one in use stays signed in.
 */
export async function changeOwnPassword(db: Db, input: TChangePasswordBody & { userId: string; sessionId: string }) {
  const user = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', input.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw refuse('currentPassword', PASSWORD_MESSAGES.wrongCurrent, 'wrong_password');
  }
  if (input.newPassword === input.currentPassword) throw refuse('newPassword', PASSWORD_MESSAGES.unchanged, 'unchanged');
  assertAcceptablePassword(input.newPassword, user.email);
  const passwordHash = await hashPassword(input.newPassword);
  await withActor(db, input.userId, async (tx) => {
    await tx.updateTable('users').set({ password_hash: passwordHash, must_change_password: false, one_time_password_expires_at: null })
      .where('id', '=', input.userId).execute();
    await tx.deleteFrom('sessions').where('user_id', '=', input.userId).where('id', '<>', input.sessionId).execute();
    // A sign-in begun with the old password must not finish with it.
    await tx.deleteFrom('two_factor_pending').where('user_id', '=', input.userId).execute();
  });
}

/** The avatar menu's "display name and initials". */
export async function updateOwnProfile(db: Db, input: TUpdateProfileBody & { userId: string }) {
  await withActor(db, input.userId, (tx) =>
    tx.updateTable('profiles').set({ display_name: input.displayName, initials: input.initials.toUpperCase() })
      .where('id', '=', input.userId).execute());
}
