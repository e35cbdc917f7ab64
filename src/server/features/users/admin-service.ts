import { sql } from 'kysely';
import type { TDataRole } from '../../../core/api/auth.ts';
import type { TCreateUserBody, TOneTimePasswordResult, TUpdateUserBody, TUserAccount } from '../../../core/api/users.ts';
import { displayName } from '../../../core/people.ts';
import { accountChangeProblem, defaultDisplayRole, USER_RULE_MESSAGES, type AccountChange } from '../../../core/accounts/users.ts';
import { withActor, type Db, type Tx } from '../../db/connection.ts';
import { explainDuplicates } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';
import { revokeAllApiTokens } from '../api-tokens/index.ts';
import { hashPassword } from '../auth/index.ts';
import { removeFactor } from '../two-factor/index.ts';
import { countActiveSuperAdmins, EFFECTIVE_ROLE, readAccount, referencedUserIds } from './account-reads.ts';
import { oneTimePassword } from './password-policy.ts';

// Serialises user administration, so two admins can never together remove the last super admin.
const USER_ADMIN_LOCK = 727_012;

export interface Actor {
  id: string;
  role: TDataRole;
}

/** Runs an account change under the lock, as the actor, after the rules of core/accounts/users.ts allow it. */
async function changeAccount<T>(db: Db, actor: Actor, targetId: string, change: AccountChange, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withActor(db, actor.id, async (tx) => {
    await sql`select pg_advisory_xact_lock(${USER_ADMIN_LOCK})`.execute(tx);
    const target = await tx.selectFrom('users').leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.id', 'users.disabled', EFFECTIVE_ROLE.as('role')])
      .where('users.id', '=', targetId).forUpdate('users').executeTakeFirst();
    if (!target) throw new AppError('RECORD_NOT_FOUND');
    const problem = accountChangeProblem({ actor, target, change, activeSuperAdmins: await countActiveSuperAdmins(tx) });
    if (problem === USER_RULE_MESSAGES.superAdminOnly) throw new AppError('PERMISSION_DENIED', problem);
    if (problem) throw new AppError('CONSTRAINT_VIOLATION', problem);
    return fn(tx);
  });
}

/** Ends the user's sessions and any sign-in they have begun (a pending second step). */
async function endSessions(tx: Tx, userId: string) {
  await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await tx.deleteFrom('two_factor_pending').where('user_id', '=', userId).execute();
}

const setRole = (tx: Tx, userId: string, role: TDataRole) =>
  tx.insertInto('user_roles').values({ user_id: userId, role })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role })).execute();

const EMAIL_TAKEN = 'A user with this e-mail already exists.';

/** When a one-time password made now stops signing in (ONE_TIME_PASSWORD_HOURS). */
const oneTimePasswordExpiry = (hours: number) => new Date(Date.now() + hours * 3_600_000);

export async function createAccount(db: Db, actor: Actor, input: TCreateUserBody, otpHours: number): Promise<TOneTimePasswordResult> {
  if (input.role === 'super_admin' && actor.role !== 'super_admin') throw new AppError('PERMISSION_DENIED', USER_RULE_MESSAGES.superAdminOnly);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  // The check names the duplicate; the unique index still decides when two admins add one at once.
  const id = await explainDuplicates(() => withActor(db, actor.id, async (tx) => {
    const taken = await tx.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst();
    if (taken) throw new AppError('DUPLICATE_RECORD', EMAIL_TAKEN);
    const user = await tx.insertInto('users').values({
      email: input.email, password_hash: passwordHash, first_name: input.firstName, last_name: input.lastName,
      role: input.role, must_change_password: true, one_time_password_expires_at: oneTimePasswordExpiry(otpHours),
    }).returning('id').executeTakeFirstOrThrow();
    await setRole(tx, user.id, input.role);
    await tx.insertInto('profiles').values({
      id: user.id, email: input.email, first_name: input.firstName, last_name: input.lastName, role: input.displayRole ?? defaultDisplayRole(input.role),
      initials: input.initials.toUpperCase(),
      display_name: displayName({ email: input.email, first_name: input.firstName, last_name: input.lastName }),
    }).execute();
    return user.id;
  }), (where) => (where.includes('users_email_key') ? { message: EMAIL_TAKEN } : undefined));

  return { user: await readAccount(db, id, actor.id), oneTimePassword: password };
}

export async function updateAccount(db: Db, actor: Actor, id: string, input: TUpdateUserBody): Promise<TUserAccount> {
  await changeAccount(db, actor, id, { kind: 'edit', role: input.role }, async (tx) => {
    const before = await tx.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id').leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.email', 'users.first_name', 'users.last_name', 'users.version', 'profiles.display_name', EFFECTIVE_ROLE.as('role')])
      .where('users.id', '=', id).executeTakeFirstOrThrow();
    if (before.version !== input.version) {
      throw new AppError('EDIT_CONFLICT', undefined, { current: await readAccount(tx, id, actor.id) });
    }
    await tx.updateTable('users').set({ first_name: input.firstName, last_name: input.lastName, role: input.role }).where('id', '=', id).execute();
    await setRole(tx, id, input.role);
    // A display name the user never changed follows the new names; one they chose stays.
    const derived = displayName(before);
    const name = !before.display_name || before.display_name === derived
      ? displayName({ email: before.email, first_name: input.firstName, last_name: input.lastName })
      : before.display_name;
    await tx.updateTable('profiles').set({
      first_name: input.firstName, last_name: input.lastName, ...(input.displayRole && { role: input.displayRole }),
      initials: input.initials.toUpperCase(), display_name: name,
    }).where('id', '=', id).execute();
    // A new role takes effect at once: the user signs in again under it.
    if (before.role !== input.role) await endSessions(tx, id);
  });
  return readAccount(db, id, actor.id);
}

/**
 * A new one-time password: the user's sessions and pending sign-ins end, their API tokens are revoked
 * and their calendar feed's address stops working (a reset means the account may be in other hands;
 * tools get new tokens and the person a new feed link once back in, docs/decisions/111, 222). The audit
 * log shows the admin changing the password and revoking each token.
 */
export async function resetPassword(db: Db, actor: Actor, id: string, otpHours: number): Promise<TOneTimePasswordResult> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  await changeAccount(db, actor, id, { kind: 'reset-password' }, async (tx) => {
    await tx.updateTable('users').set({
      password_hash: passwordHash, must_change_password: true, one_time_password_expires_at: oneTimePasswordExpiry(otpHours),
    }).where('id', '=', id).execute();
    await endSessions(tx, id);
    await revokeAllApiTokens(tx, id);
    await tx.deleteFrom('calendar_feeds').where('user_id', '=', id).execute();
  });
  return { user: await readAccount(db, id, actor.id), oneTimePassword: password };
}

/** An admin removes a user's second factor (a lost phone); the audit log names who reset whose (migration 019). */
export async function resetTwoFactor(db: Db, actor: Actor, id: string): Promise<TUserAccount> {
  await changeAccount(db, actor, id, { kind: 'reset-two-factor' }, (tx) => removeFactor(tx, actor.id, id));
  return readAccount(db, id, actor.id);
}

export async function setDisabled(db: Db, actor: Actor, id: string, disabled: boolean): Promise<TUserAccount> {
  await changeAccount(db, actor, id, { kind: disabled ? 'disable' : 'enable' }, async (tx) => {
    await tx.updateTable('users').set({ disabled }).where('id', '=', id).execute();
    if (disabled) await endSessions(tx, id);
  });
  return readAccount(db, id, actor.id);
}

export async function deleteAccount(db: Db, actor: Actor, id: string): Promise<void> {
  await changeAccount(db, actor, id, { kind: 'delete' }, async (tx) => {
    if ((await referencedUserIds(tx, [id])).has(id)) throw new AppError('CONSTRAINT_VIOLATION', USER_RULE_MESSAGES.inUse);
    await tx.deleteFrom('users').where('id', '=', id).execute();
  });
}
