import { isInternalColumn, type TAuditedTable } from './audit-fields.ts';

export const AUDIT_TABLE_LABELS: Record<TAuditedTable, string> = {
  clients: 'Clients', cases: 'Cases', projects: 'Projects', time_entries: 'Time entries', expense_entries: 'Expense entries',
  action_items: 'Action items', bills: 'Bills', bill_adjustments: 'Bill line adjustments', payments: 'Payments',
  credit_notes: 'Credit notes', credit_note_lines: 'Credit note lines', retainer_entries: 'Retainers', client_credits: 'Client credit',
  field_reports: 'Field reports', field_report_images: 'Field report images', field_report_shares: 'Field report share links',
  firm_profile: 'Firm profile', users: 'Users', profiles: 'Profiles', user_roles: 'User roles', timesheet_weeks: 'Timesheet weeks',
  sign_in_providers: 'Sign-in providers',
  api_tokens: 'API tokens',
  user_two_factor: 'Two-factor sign-in', two_factor_policy: 'Two-factor rule',
  calendar_connection: 'Google Calendar connection', integration_settings: 'Google Calendar settings', first_run: 'First-run setup',
  engagement_letter_template: 'Engagement letter template', engagement_letters: 'Signed engagement letters',
  case_parties: 'Case parties', conflict_decisions: 'Conflict check decisions', field_report_settings: 'Field report rule', case_deadlines: 'Case deadlines',
  evidence_items: 'Evidence items', budgets: 'Budgets', testimony_events: 'Testimony',
};

/**
 * The money columns of the schema: rates, costs, amounts, totals, a bill's hours (docs/decisions/021, 030, 075).
 * Only a super admin reads them, in the audit log as everywhere. The one list: every audited table names its
 * own (an empty list says it holds none), and test/api/audit-money.test.ts fails on any column of the migrated
 * schema that the money rule finds and this list lacks.
 */
export const MONEY_COLUMNS = {
  clients: [], cases: ['retainer_threshold', 'retainer_requested'], projects: [], action_items: [], field_reports: [], field_report_images: [], field_report_shares: [], firm_profile: [],
  users: [], profiles: [], user_roles: [], timesheet_weeks: [],
  sign_in_providers: [], api_tokens: [], user_two_factor: [], two_factor_policy: [], calendar_connection: [], integration_settings: [], first_run: [],
  engagement_letter_template: [], engagement_letters: [],
  case_parties: [], conflict_decisions: [], field_report_settings: [], case_deadlines: [], evidence_items: [],
  time_entries: ['rate', 'value_cents'],
  expense_entries: ['amount', 'amount_cents'],
  bills: ['hours', 'time_total', 'expense_total', 'discount_value', 'adjustment_total', 'discount_total', 'total', 'paid_total',
    'credited_total', 'balance', 'fee_pricing'],
  bill_adjustments: ['original_amount', 'amount'],
  // A payment's remittance (when, how, its reference) is money too: a deposit's receipt, money on its testimony,
  // becomes a payment's date, method and reference when the deposing side is billed (docs/decisions/221).
  payments: ['amount', 'applied_amount', 'received_on', 'method', 'reference'],
  credit_notes: ['amount', 'applied_amount'],
  credit_note_lines: ['amount'],
  retainer_entries: ['amount', 'method', 'reference'],
  client_credits: ['amount'],
  rate_code_items: ['rate'],
  case_rate_assignments: ['custom_rates'],
  unbilled_totals: ['time_value', 'expenses'],
  // The deposit asked of a deposing party and its receipt (issue 40): the API shows them to super admins only.
  testimony_events: ['deposit_amount', 'deposit_received_on', 'deposit_method', 'deposit_reference'],
  // Fee rules and dated rates (migration 046, docs/decisions/138, 199).
  rate_codes: ['fee_rules'],
  rate_code_item_rates: ['rate'],
  case_fee_rules: ['rules'],
  // A budget's amount (issue 41, docs/decisions/135), in hours or in money: read as money whatever its unit.
  budgets: ['amount'],
} as const satisfies Record<
  TAuditedTable | 'rate_code_items' | 'case_rate_assignments' | 'unbilled_totals' | 'rate_codes' | 'rate_code_item_rates'
  | 'case_fee_rules',
  readonly string[]
>;

export const isMoneyField = (table: string, field: string) =>
  (MONEY_COLUMNS as Record<string, readonly string[]>)[table]?.includes(field) ?? false;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

type Row = Record<string, unknown> | null;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What one audit row changed, field by field: for an update the fields whose values differ;
 * for an insert the fields it set, for a delete the fields it held (empty ones left out). Internal columns
 * (INTERNAL_COLUMNS) are never listed; money fields are left out whole (name and values) unless the reader
 * is a super admin.
 */
export function changedFields(table: string, before: Row, after: Row, options: { showMoney: boolean }): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((f) => !isInternalColumn(table, f) && (options.showMoney || !isMoneyField(table, f)));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (same(b, a)) continue;
    changes.push({ field, before: b, after: a });
  }
  return changes.sort((x, y) => x.field.localeCompare(y.field));
}
