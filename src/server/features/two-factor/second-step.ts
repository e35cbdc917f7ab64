import type { TDataRole, TSecondStep } from '../../../core/api/auth.ts';
import { roleRequiresTwoFactor } from '../../../core/accounts/two-factor.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { hasTwoFactor } from './factor-service.ts';
import { requiredRoles } from './policy.ts';

/** What a user still owes after their first proof: a code, the set-up their role requires, or nothing. */
export async function secondStepOwed(db: DbOrTx, user: { id: string }, role: TDataRole): Promise<TSecondStep['secondStep'] | null> {
  if (await hasTwoFactor(db, user.id)) return 'code';
  return roleRequiresTwoFactor(await requiredRoles(db), role) ? 'setup' : null;
}

/**
 * Whether the firm's rule requires a second factor of this role and the user has none yet: their API
 * tokens wait for it, and so does the demo's test account (docs/decisions/111). One read of the rule
 * when the role is not required.
 */
export async function twoFactorSetupOwed(db: DbOrTx, user: { id: string; role: TDataRole }): Promise<boolean> {
  return roleRequiresTwoFactor(await requiredRoles(db), user.role) && !(await hasTwoFactor(db, user.id));
}
