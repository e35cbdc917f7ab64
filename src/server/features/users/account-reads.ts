import { sql } from 'kysely';
import type { TDataRole } from '../../../core/api/auth.ts';
import type { TUserAccount } from '../../../core/api/users.ts';
import { oneTimePasswordExpired } from '../../../core/accounts/users.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

/** The effective data role (SPEC §6): user_roles, then the stored role, else limited_user. */
export const EFFECTIVE_ROLE = sql<TDataRole>`coalesce(user_roles.role, users.role, 'limited_user')`;

function accountQuery(db: DbOrTx) {
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('user_activity', 'user_activity.user_id', 'users.id')
    .leftJoin('user_two_factor', 'user_two_factor.user_id', 'users.id')
    .select([
      'users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.disabled', 'users.must_change_password',
      'users.one_time_password_expires_at',
      'users.version', 'profiles.role as display_role', 'profiles.display_name', 'profiles.initials',
      'user_activity.last_sign_in_at', 'user_two_factor.enabled_at as two_factor_on_at', EFFECTIVE_ROLE.as('role'),
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountQuery>['executeTakeFirstOrThrow']>>;

function toAccount(row: AccountRow, actorId: string, referenced: Set<string>): TUserAccount {
  return {
    id: row.id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email,
    role: row.role,
    displayRole: row.display_role ?? 'User',
    displayName: row.display_name ?? row.email,
    initials: row.initials ?? '',
    status: row.disabled ? 'disabled' : 'active',
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    mustChangePassword: row.must_change_password,
    oneTimePasswordExpired: oneTimePasswordExpired({ mustChangePassword: row.must_change_password, expiresAt: row.one_time_password_expires_at }, new Date()),
    twoFactor: row.two_factor_on_at !== null,
    canDelete: !referenced.has(row.id) && row.id !== actorId,
    isSelf: row.id === actorId,
    version: row.version,
  };
}

/**
 * Users some record points at (entries, action items, reports, clients…): every foreign key to
 * users except those that vanish with the account (sessions, profile, role). Read from the
 * catalogue, so tables added later (field reports, …) count without a change here.
 */
export async function referencedUserIds(db: DbOrTx, ids?: string[]): Promise<Set<string>> {
  const refs = await sql<{ table_name: string; column_name: string }>`
    select c.conrelid::regclass::text as table_name, a.attname as column_name
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'users'::regclass and c.confdeltype <> 'c'
      and array_length(c.conkey, 1) = 1
    order by 1, 2`.execute(db);
  if (refs.rows.length === 0) return new Set();
  const used = refs.rows.map((r) => sql`exists (select 1 from ${sql.table(r.table_name)} r where r.${sql.ref(r.column_name)} = u.id)`);
  const found = await sql<{ id: string }>`
    select u.id from users u
    where ${ids ? sql`u.id = any(${ids}::uuid[])` : sql`true`} and (${sql.join(used, sql` or `)})`.execute(db);
  return new Set(found.rows.map((r) => r.id));
}

export async function listAccounts(db: DbOrTx, actorId: string): Promise<TUserAccount[]> {
  const [rows, referenced] = await Promise.all([
    accountQuery(db).orderBy(sql`lower(coalesce(users.last_name, ''))`).orderBy(sql`lower(coalesce(users.first_name, ''))`).orderBy('users.email').execute(),
    referencedUserIds(db),
  ]);
  return rows.map((row) => toAccount(row, actorId, referenced));
}

export async function readAccount(db: DbOrTx, id: string, actorId: string): Promise<TUserAccount> {
  const row = await accountQuery(db).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toAccount(row, actorId, await referencedUserIds(db, [id]));
}

/** Enabled super admins, counted under the user-administration lock. */
export async function countActiveSuperAdmins(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom('users').leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(sql<string>`count(*)`.as('n'))
    .where('users.disabled', '=', false).where(EFFECTIVE_ROLE, '=', 'super_admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
