import { AppError } from '../../errors/app-error.ts';
import type { Viewer } from '../time-tracking/entry-access.ts';

/** Approvers (admins and super admins) open anyone's week; everyone else only their own. */
export const isApprover = (viewer: Viewer) => viewer.role !== 'limited_user';

/** Whose week a request is about: the signed-in user unless an approver names someone else. */
export function personOf(viewer: Viewer, userId: string | undefined): string {
  if (userId === undefined || userId === viewer.id) return viewer.id;
  if (!isApprover(viewer)) throw new AppError('PERMISSION_DENIED');
  return userId;
}
