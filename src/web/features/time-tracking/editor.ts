/** Who is editing: a limited user may change only their own entries (ADR 030). */
export interface Editor {
  id: string;
  /** Admins and super admins may change any entry. */
  all: boolean;
}

/** Others' saved rows are read-only for a limited user (ADR 030); unsaved rows are always theirs. */
export function isLocked(editor: Editor, row: { version: number | null; extra: { createdBy: string | null } }): boolean {
  return row.version !== null && !editor.all && row.extra.createdBy !== editor.id;
}
