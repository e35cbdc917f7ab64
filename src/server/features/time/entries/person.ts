import { sql } from 'kysely';
import { mayDecideOn } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { EFFECTIVE_ROLE } from '../../users/index.ts';
import type { Viewer } from './access.ts';

/** Approvers (admins and super admins) open anyone's week; everyone else only their own. */
export const isApprover = (viewer: Viewer) => viewer.role !== 'limited_user';

/** Whose week a request is about: the signed-in user unless an approver names someone else. */
export function personOf(viewer: Viewer, userId: string | undefined): string {
  if (userId === undefined || userId === viewer.id) return viewer.id;
  if (!isApprover(viewer)) throw new AppError('PERMISSION_DENIED');
  return userId;
}

/** Whether this viewer may decide on this person's week (src/core/time/weeks.ts mayDecideOn): an approver, never for their own week while another approver exists. */
export async function mayDecide(db: DbOrTx, viewer: Viewer, ownerId: string): Promise<boolean> {
  if (!isApprover(viewer)) return false;
  if (viewer.id !== ownerId) return true;
  const others = await db.selectFrom('users').leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(sql<string>`count(*)`.as('n'))
    .where('users.disabled', '=', false).where('users.id', '!=', viewer.id)
    .where(EFFECTIVE_ROLE, 'in', ['admin', 'super_admin']).executeTakeFirstOrThrow();
  return mayDecideOn({ approverId: viewer.id, ownerId, otherApprovers: Number(others.n) });
}
