/** Who is editing: a limited user may change only their own entries (ADR 030). */
export interface Editor {
  id: string;
  /** Admins and super admins may change any entry. */
  all: boolean;
}
