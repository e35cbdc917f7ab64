import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CSRF_TOKEN_BYTES } from '../../../core/constants.ts';
import { SIGN_IN_FAILED } from '../../../core/errors.ts';
import { oneTimePasswordExpired, SIGN_IN_MESSAGES } from '../../../core/accounts/users.ts';
import { displayName, initialsFor } from '../../../core/people.ts';
import type { TDataRole, TSessionUser } from '../../../core/api/auth.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { prepare } from '../../db/prepared.ts';
import type { User } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { AuthenticatedSession, SessionConfig } from '../../http/session.ts';
import { assertNotThrottled, refuseSignIn } from '../../http/sign-in-throttle.ts';
import { verifyPassword } from './passwords.ts';

// last_seen_at is written at most this often, so reads do not turn into writes.
const TOUCH_EVERY_MS = 60_000;

const newCsrfToken = () => randomBytes(CSRF_TOKEN_BYTES).toString('hex');
const sessionIdFor = (token: string, secret: string) => createHmac('sha256', secret).update(token).digest('hex');

/** SPEC §6: user_roles first, then the user's stored role, else (or on error) limited_user. */
export async function resolveDataRole(db: DbOrTx, user: Pick<User, 'id' | 'role'>): Promise<TDataRole> {
  try {
    const row = await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).executeTakeFirst();
    return dataRole(row?.role, user.role);
  } catch {
    return 'limited_user';
  }
}

const dataRole = (granted: TDataRole | null | undefined, stored: TDataRole | null): TDataRole => granted ?? stored ?? 'limited_user';

/** What a session needs of its user: never the password hash. */
type SessionUserRow = Pick<User, 'id' | 'email' | 'role' | 'first_name' | 'last_name' | 'must_change_password'>;
const SESSION_USER_COLUMNS = ['users.id', 'users.email', 'users.role', 'users.first_name', 'users.last_name', 'users.disabled', 'users.must_change_password'] as const;

function toSessionUser(user: SessionUserRow, profile: { role: string; display_name: string; initials: string }, role: TDataRole): TSessionUser {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    role,
    displayRole: profile.role,
    displayName: profile.display_name,
    initials: profile.initials,
    isAdmin: role === 'admin' || role === 'super_admin',
    isSuperAdmin: role === 'super_admin',
    mustChangePassword: user.must_change_password,
  };
}

/** Reads the profile, creating it from the e-mail with the spec's defaults when missing. */
async function ensureProfile(db: DbOrTx, user: SessionUserRow) {
  const existing = await db.selectFrom('profiles').selectAll().where('id', '=', user.id).executeTakeFirst();
  if (existing) return existing;
  const name = displayName({ email: user.email, first_name: user.first_name, last_name: user.last_name });
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return db
    .insertInto('profiles')
    .values({
      id: user.id,
      email: user.email,
      display_name: name,
      initials: initialsFor(user.email, fullName || null),
      first_name: user.first_name,
      last_name: user.last_name,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ email: user.email }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function sessionUserFor(db: DbOrTx, user: SessionUserRow): Promise<TSessionUser> {
  const [profile, role] = await Promise.all([ensureProfile(db, user), resolveDataRole(db, user)]);
  return toSessionUser(user, profile, role);
}

/**
 * Verifies credentials with throttling per account and address; never tells which part was wrong.
 * Only the right password learns more: that the account is disabled, or its one-time password expired.
 * Those attempts count as failures like any other, so the throttle is the same for all.
 */
export async function verifyCredentials(db: Db, input: { email: string; password: string; ip: string }): Promise<User> {
  const email = input.email.trim();
  await assertNotThrottled(db, email, input.ip);
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  const refuse = (error: AppError) => refuseSignIn(db, email, input.ip, error);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !valid) return refuse(new AppError('AUTH_REQUIRED', SIGN_IN_FAILED));
  if (user.disabled) return refuse(new AppError('PERMISSION_DENIED', SIGN_IN_MESSAGES.disabled));
  const oneTimePassword = { mustChangePassword: user.must_change_password, expiresAt: user.one_time_password_expires_at };
  if (oneTimePasswordExpired(oneTimePassword, new Date())) return refuse(new AppError('AUTH_REQUIRED', SIGN_IN_MESSAGES.oneTimePasswordExpired));
  // The failures are cleared only when the sign-in ends in a session (finishSignIn, or the second
  // step's code): a right password must not wipe the count of wrong codes that follow it.
  return user;
}

/** Starts a fresh session (rotation: any session the browser had is dropped by the caller). */
export async function createSession(db: Db, user: User, config: SessionConfig) {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = newCsrfToken();
  await db
    .insertInto('sessions')
    .values({
      id: sessionIdFor(token, config.secret),
      user_id: user.id,
      csrf_token: csrfToken,
      expires_at: sql<Date>`now() + ${`${config.maxHours} hours`}::interval`,
    })
    .execute();
  await db.insertInto('user_activity').values({ user_id: user.id, last_sign_in_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_sign_in_at: new Date() })).execute();
  return { token, csrfToken, user: await sessionUserFor(db, user) };
}

/**
 * Finds the live session for a cookie token, enforcing idle and absolute timeouts. Every API
 * request runs this, so session, user, profile and role come back in one query.
 */
export function findSession(db: Db, token: string, config: SessionConfig): Promise<AuthenticatedSession | null> {
  return findSessionById(db, sessionIdFor(token, config.secret), config);
}

// Read on every request: built once per configuration and run as a prepared statement (docs/decisions/201).
const sessionQueries = new WeakMap<SessionConfig, ReturnType<typeof sessionQuery>>();

function sessionQuery(db: Db, config: SessionConfig) {
  return prepare(['id'], ({ id }) => db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('profiles', 'profiles.id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([
      ...SESSION_USER_COLUMNS, 'sessions.csrf_token', 'user_roles.role as granted_role',
      'profiles.role as profile_role', 'profiles.display_name', 'profiles.initials',
      // The database's clock alone, as the session's times were written (docs/decisions/124).
      sql<boolean>`sessions.expires_at <= now() or sessions.last_seen_at < now() - ${`${config.idleMinutes} minutes`}::interval`.as('timed_out'),
      sql<boolean>`sessions.last_seen_at < now() - ${`${TOUCH_EVERY_MS} milliseconds`}::interval`.as('touch'),
    ])
    .where('sessions.id', '=', id));
}

/** The same, by the session's stored id (after a change to the signed-in user's own account). */
export async function findSessionById(db: Db, id: string, config: SessionConfig): Promise<AuthenticatedSession | null> {
  let query = sessionQueries.get(config);
  if (!query) sessionQueries.set(config, query = sessionQuery(db, config));
  const { rows: [row] } = await query(db, { id });
  if (!row) return null;
  if (row.disabled || row.timed_out) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (row.touch) {
    await db.updateTable('sessions').set({ last_seen_at: sql<Date>`now()` }).where('id', '=', id).execute();
  }
  const { csrf_token, timed_out: _t, touch: _o, disabled: _d, granted_role, profile_role, display_name, initials, ...user } = row;
  const sessionUser = profile_role && display_name !== null && initials !== null
    ? toSessionUser(user, { role: profile_role, display_name, initials }, dataRole(granted_role, user.role))
    : await sessionUserFor(db, user);
  return { sessionId: id, csrfToken: csrf_token, user: sessionUser };
}

/** The signed-in shape of an active account by id (an API token's user, docs/decisions/092); null when disabled or gone. */
export async function findActiveSessionUser(db: Db, userId: string): Promise<TSessionUser | null> {
  const user = await db.selectFrom('users').select(SESSION_USER_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
  if (!user || user.disabled) return null;
  const { disabled: _d, ...account } = user;
  return sessionUserFor(db, account);
}

/** Session refresh: a new CSRF token bound to the same session. */
export async function refreshSession(db: Db, sessionId: string): Promise<string> {
  const csrfToken = newCsrfToken();
  await db.updateTable('sessions').set({ csrf_token: csrfToken, last_seen_at: sql<Date>`now()` }).where('id', '=', sessionId).execute();
  return csrfToken;
}

export async function deleteSession(db: Db, token: string, config: SessionConfig) {
  await db.deleteFrom('sessions').where('id', '=', sessionIdFor(token, config.secret)).execute();
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}
