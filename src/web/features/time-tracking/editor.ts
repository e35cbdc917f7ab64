import { lockedEntryMessage } from '../../../core/billing.ts';

/** Who is editing: a limited user may change only their own entries (ADR 030). */
export interface Editor {
  id: string;
  /** Admins and super admins may change any entry. */
  all: boolean;
}

type LockableRow = { version: number | null; extra: { createdBy: string | null; billNumber: number | null } };

/**
 * Others' saved rows are read-only for a limited user (ADR 030); unsaved rows are always theirs.
 * A row on an issued bill is read-only for everyone (issue 11).
 */
export function isLocked(editor: Editor, row: LockableRow): boolean {
  if (row.extra.billNumber !== null) return true;
  return row.version !== null && !editor.all && row.extra.createdBy !== editor.id;
}

/** Why a locked row cannot be changed, as its tooltip says. */
export function lockReason(row: LockableRow): string {
  return row.extra.billNumber !== null
    ? lockedEntryMessage(row.extra.billNumber)
    : 'Logged by someone else: only they or an admin can change it';
}
