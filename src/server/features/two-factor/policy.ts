import { sql } from 'kysely';
import type { TDataRole } from '../../../core/api/auth.ts';
import type { TTwoFactorPolicy } from '../../../core/api/two-factor.ts';
import { TWO_FACTOR_ROLES } from '../../../core/accounts/two-factor.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

/** The firm's rule (migration 019): the roles that must sign in with a second factor. */
export async function readTwoFactorPolicy(db: DbOrTx): Promise<TTwoFactorPolicy> {
  const row = await db.selectFrom('two_factor_policy').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { requiredRoles: TWO_FACTOR_ROLES.filter((role) => row.required_roles.includes(role)), version: row.version };
}

export const requiredRoles = async (db: DbOrTx): Promise<TDataRole[]> => (await readTwoFactorPolicy(db)).requiredRoles;

/** PUT /api/settings/two-factor (super admins), at the version the caller saw; audited by the table's trigger. */
export async function saveTwoFactorPolicy(db: DbOrTx, options: { actorId: string; body: TTwoFactorPolicy }): Promise<TTwoFactorPolicy> {
  const roles = TWO_FACTOR_ROLES.filter((role) => options.body.requiredRoles.includes(role));
  const saved = await withActor(db, options.actorId, (tx) => tx.updateTable('two_factor_policy')
    .set({ required_roles: sql`${roles}::text[]` as never })
    .where('id', '=', 1).where('version', '=', options.body.version).returning('id').executeTakeFirst());
  const current = await readTwoFactorPolicy(db);
  if (!saved) throw new AppError('EDIT_CONFLICT', undefined, { current });
  return current;
}
