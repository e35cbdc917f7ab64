import type { TDataRole } from '../../../core/api/auth.ts';
import { lockedEntryMessage } from '../../../core/billing/billing.ts';
import { entryOwnerProblem } from '../../../core/time/time-rows.ts';

/** Who is editing: a limited user may change only their own entries (ADR 030). */
export interface Editor {
  id: string;
  role: TDataRole;
  /** Names of the people who entered the loaded entries, by id (the server's `enteredBy`). */
  enteredBy: Readonly<Record<string, string>>;
}

type LockableRow = {
  version: number | null;
  /** week: a time entry's week (issue 25); its lockMessage is set while the week is submitted or approved. */
  extra: { createdBy: string | null; billNumber: number | null; week?: { lockMessage: string | null } | null };
};

/** The sentence of a row whose week is submitted or approved (the server's own), else null. */
export const weekLockOf = (row: LockableRow): string | null => row.extra.week?.lockMessage ?? null;

/**
 * Why this editor may not change a saved row someone else entered ('Entered by Luis Mendoza: only
 * an administrator can change it', issue 28, the server's sentence too), else null. Unsaved rows are always theirs.
 */
export function ownerLockOf(editor: Editor, row: LockableRow): string | null {
  const createdBy = row.extra.createdBy;
  if (row.version === null || createdBy === null) return null;
  return entryOwnerProblem(editor, { createdBy, createdByName: editor.enteredBy[createdBy] ?? null });
}

/**
 * A row on an issued bill (issue 11) or of a submitted or approved week (issue 25) is read-only for
 * everyone; another person's saved row is read-only for a limited user (ADR 030).
 */
export function isLocked(editor: Editor, row: LockableRow): boolean {
  return row.extra.billNumber !== null || weekLockOf(row) !== null || ownerLockOf(editor, row) !== null;
}

/** Why a locked row cannot be changed, as its tooltip and an attempted change say; null when it can. */
export function lockReason(editor: Editor, row: LockableRow): string | null {
  if (row.extra.billNumber !== null) return lockedEntryMessage(row.extra.billNumber);
  return weekLockOf(row) ?? ownerLockOf(editor, row);
}
