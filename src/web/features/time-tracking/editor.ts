import { lockedEntryMessage } from '../../../core/billing.ts';

/** Who is editing: a limited user may change only their own entries (ADR 030). */
export interface Editor {
  id: string;
  /** Admins and super admins may change any entry. */
  all: boolean;
}

type LockableRow = {
  version: number | null;
  /** week: a time entry's week (issue 25); its lockMessage is set while the week is submitted or approved. */
  extra: { createdBy: string | null; billNumber: number | null; week?: { lockMessage: string | null } | null };
};

/** The sentence of a row whose week is submitted or approved (the server's own), else null. */
export const weekLockOf = (row: LockableRow): string | null => row.extra.week?.lockMessage ?? null;

/**
 * Others' saved rows are read-only for a limited user (ADR 030); unsaved rows are always theirs.
 * A row on an issued bill (issue 11) or of a submitted or approved week (issue 25) is read-only for everyone.
 */
export function isLocked(editor: Editor, row: LockableRow): boolean {
  if (row.extra.billNumber !== null || weekLockOf(row) !== null) return true;
  return row.version !== null && !editor.all && row.extra.createdBy !== editor.id;
}

/** Why a locked row cannot be changed, as its tooltip says. */
export function lockReason(row: LockableRow): string {
  if (row.extra.billNumber !== null) return lockedEntryMessage(row.extra.billNumber);
  return weekLockOf(row) ?? 'Logged by someone else: only they or an admin can change it';
}
