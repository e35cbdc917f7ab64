import type { TSessionUser } from '../../../core/api/auth.ts';
import { lockedEntryMessage } from '../../../core/billing.ts';
import { AppError } from '../../errors/app-error.ts';

export type Viewer = Pick<TSessionUser, 'id' | 'role' | 'isSuperAdmin'>;

/**
 * Any signed-in staff member logs entries; a limited user changes only the entries they
 * created, admins and super admins any entry (docs/decisions/030).
 */
export function assertMayChange(viewer: Viewer, entry: { created_by: string }) {
  if (!mayChangeAny(viewer) && entry.created_by !== viewer.id) throw new AppError('PERMISSION_DENIED');
}

export const mayChangeAny = (viewer: Viewer) => viewer.role !== 'limited_user';

/** Re-throws a version conflict with the current row in the caller's view (no money for most). */
export function conflictWith(current: unknown): AppError {
  return new AppError('EDIT_CONFLICT', undefined, { current });
}

export const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value));

/** An entry on an issued bill is locked (issue 11): no edit, no delete, until the bill is voided. */
export function assertUnlocked(entry: { locked_bill: number | null }) {
  if (entry.locked_bill !== null) {
    throw new AppError('CONSTRAINT_VIOLATION', lockedEntryMessage(entry.locked_bill), { billNumber: entry.locked_bill });
  }
}
