import type { TSessionUser } from '../../../../core/api/auth.ts';
import { lockedEntryMessage } from '../../../../core/billing/billing.ts';
import { cleanInitials, enteredByMessage, entryOwnerProblem } from '../../../../core/time/time-rows.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { peopleNames } from './people.ts';

/** Who is saving; `initials` (the signed-in user's) fill a new entry's when none are sent (issue 28). */
export type Viewer = Pick<TSessionUser, 'id' | 'role' | 'isSuperAdmin'> & Partial<Pick<TSessionUser, 'initials'>>;

/**
 * Any signed-in staff member logs entries; a limited user changes only the entries they
 * created, admins and super admins any entry (docs/decisions/030). A refusal names who entered
 * it, in the sentence the row shows (issue 28), with `details.enteredBy`.
 */
export async function assertMayChange(db: DbOrTx, viewer: Viewer, entry: { created_by: string }) {
  if (entryOwnerProblem(viewer, { createdBy: entry.created_by, createdByName: null }) === null) return;
  const name = (await peopleNames(db, [entry.created_by]))[entry.created_by] ?? null;
  throw new AppError('PERMISSION_DENIED', enteredByMessage(name), { enteredBy: name });
}

/** A new entry sent without initials takes the saver's own (issue 28), also when an admin enters another's time. */
export function withInitials<B extends { initials: string; version?: number }>(body: B, viewer: Viewer): B {
  return body.version === undefined && body.initials === '' ? { ...body, initials: cleanInitials(viewer.initials ?? '') } : body;
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
