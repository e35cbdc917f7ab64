/** Tables whose rows the audit log records (the triggers of migrations 001 and 008). */
export const AUDITED_TABLES = [
  'clients', 'cases', 'projects', 'time_entries', 'expense_entries', 'action_items', 'users', 'profiles', 'user_roles',
] as const;
export type TAuditedTable = (typeof AUDITED_TABLES)[number];

export const AUDIT_TABLE_LABELS: Record<TAuditedTable, string> = {
  clients: 'Clients', cases: 'Cases', projects: 'Projects', time_entries: 'Time entries', expense_entries: 'Expense entries',
  action_items: 'Action items', users: 'Users', profiles: 'Profiles', user_roles: 'User roles',
};

/** Money in a row (SPEC §6, docs/decisions/021, 030): only a super admin sees its values. */
const MONEY_FIELDS: Record<string, readonly string[]> = {
  time_entries: ['rate', 'total_amount'],
  rate_code_items: ['rate'],
  case_rate_assignments: ['custom_rates'],
};
// Bookkeeping that changes with every update and says nothing to a reader.
const NOISE = new Set(['updated_at', 'version']);
// What the reports read from an entry (migration 014): it repeats its hours, value, amount and project.
const DERIVED: Record<string, readonly string[]> = {
  time_entries: ['hours_cents', 'value_cents', 'case_id', 'client_id'],
  expense_entries: ['amount_cents', 'case_id', 'client_id'],
};

export const isMoneyField = (table: string, field: string) => MONEY_FIELDS[table]?.includes(field) ?? false;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** A money field shown to someone who is not a super admin: values withheld. */
  hidden: boolean;
}

type Row = Record<string, unknown> | null;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What one audit row changed, field by field: for an update the fields whose values differ;
 * for an insert the fields it set, for a delete the fields it held (empty ones left out).
 */
export function changedFields(table: string, before: Row, after: Row, options: { showMoney: boolean }): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((f) => !NOISE.has(f) && !DERIVED[table]?.includes(f));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (same(b, a)) continue;
    if (field === 'id' && (!before || !after)) continue;
    const hidden = !options.showMoney && isMoneyField(table, field);
    changes.push({ field, before: hidden ? null : b, after: hidden ? null : a, hidden });
  }
  return changes.sort((x, y) => x.field.localeCompare(y.field));
}

/** A field value as the audit browser prints it. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}
