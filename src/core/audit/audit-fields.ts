/** Tables whose rows the audit log records: every table with an audit trigger (test/api/audit-money.test.ts reads them). */
export const AUDITED_TABLES = [
  'clients', 'cases', 'projects', 'time_entries', 'expense_entries', 'action_items', 'bills', 'bill_adjustments', 'payments',
  'credit_notes', 'credit_note_lines', 'retainer_entries', 'client_credits', 'field_reports', 'field_report_images', 'field_report_shares',
  'firm_profile', 'users', 'profiles', 'user_roles', 'timesheet_weeks',
  'sign_in_providers', 'api_tokens', 'user_two_factor', 'two_factor_policy',
  'calendar_connection', 'integration_settings', 'first_run', 'engagement_letter_template', 'engagement_letters',
  'case_parties', 'conflict_decisions', 'field_report_settings', 'case_deadlines', 'evidence_items', 'budgets',
  'testimony_events',
] as const;
export type TAuditedTable = (typeof AUDITED_TABLES)[number];

/**
 * The columns the audit log never shows a person (docs/decisions/097): keys and bookkeeping that
 * change with every save or repeat another column. The one list: `changedFields` leaves them out,
 * and the audit query hides an update that changed nothing else.
 */
export const INTERNAL_COLUMNS = {
  /** On every table. */
  all: ['id', 'version', 'created_at', 'updated_at', 'created_by', 'import_fingerprint', 'search_vector', 'search'],
  // What the reports read from an entry (migration 014) repeats its hours, value, amount and project.
  time_entries: ['hours_cents', 'value_cents', 'case_id', 'client_id', 'locked_bill', 'source'],
  expense_entries: ['amount_cents', 'case_id', 'client_id', 'locked_bill'],
  // Calendar sync bookkeeping.
  action_items: ['google_event_id', 'calendar_generation'],
  bills: ['client_name'],
  // The names as the conflict check compares them (migrations 038, 041): they repeat the names.
  clients: ['completion_percentage', 'name_key'],
  cases: ['attorney_name_key'],
  users: ['one_time_password_expires_at', 'must_change_password'],
  api_tokens: ['hint', 'last_used_at'],
  field_report_images: ['width', 'height', 'annotations_version'],
  // The reviewer's signature image: no longer written to the log (migration 052), left out of rows written before.
  field_reports: ['review_signature'],
  // A view's moment: the view count says the rest, the audit row's own time says when.
  field_report_shares: ['last_viewed_at'],
  case_parties: ['name_key'],
  // What a chain gives (shown beside the date on the case page), the reminders' bookkeeping, calendar sync.
  // Who collected it, by name as it was then: the user column says it.
  evidence_items: ['collected_by_name'],
  case_deadlines: ['landed_on', 'chain_date', 'reminders_from', 'google_event_id', 'calendar_generation', 'chain_id', 'chain_step'],
  // Generated from the kind and who noticed it.
  testimony_events: ['bills_deposing_side'],
} as const satisfies Partial<Record<TAuditedTable | 'all', readonly string[]>>;

export const isInternalColumn = (table: string, column: string): boolean =>
  (INTERNAL_COLUMNS.all as readonly string[]).includes(column)
  || ((INTERNAL_COLUMNS as Record<string, readonly string[]>)[table]?.includes(column) ?? false);

/** What another record a column points at: its name is looked up (one query per kind and page). */
export const REF_KINDS = [
  'user', 'client', 'case', 'project', 'action_item', 'bill', 'payment', 'credit_note', 'field_report',
  'time_entry', 'expense_entry', 'rate_code', 'attorney',
] as const;
export type TRefKind = (typeof REF_KINDS)[number];

/** How a value reads: a named record, a date, a time of day, a moment, yes/no, a word, text, or "changed" without values. */
export type FieldKind = { ref: TRefKind } | 'date' | 'time' | 'moment' | 'flag' | 'word' | 'text' | 'opaque' | 'roles' | 'role';

export interface FieldWords {
  label: string;
  kind?: FieldKind;
}

const user = { ref: 'user' } as const;
const f = (label: string, kind?: FieldKind): FieldWords => (kind ? { label, kind } : { label });

/** The screens' own names for the columns people change, table by table; a column not named reads as its words ('bill_to_name' → 'bill to name'). */
export const FIELD_WORDS: Record<TAuditedTable, Record<string, FieldWords>> = {
  clients: { name: f('name'), contact_name: f('contact name'), last_name: f('last name'), last_name_property: f('property last name'),
    email: f('e-mail'), phone: f('phone'), is_business_client: f('business client', 'flag'), bill_to_name: f('bill-to name'),
    billing_address: f('billing address'), terms_days: f('payment terms (days)'), ledes_client_id: f('LEDES client id') },
  cases: { client_id: f('client', { ref: 'client' }), file_number: f('file number'), case_name: f('case name'),
    rate_code_id: f('rate code', { ref: 'rate_code' }), attorney_id: f('attorney', { ref: 'attorney' }), attorney_name: f('attorney name'),
    client_matter_id: f('client matter id'), retainer_threshold: f('low-balance threshold'), retainer_requested: f('retainer asked for'),
    retained_side: f('retained side', 'word'),
    claim_number: f('claim number'), policy_number: f('policy number'), date_of_loss: f('date of loss', 'date'),
    conflict_check_required: f('conflict check required', 'flag') },
  case_parties: { case_id: f('case', { ref: 'case' }), role: f('role', 'word'), kind: f('kind', 'word'), name: f('name'),
    attorney_id: f('attorney', { ref: 'attorney' }), law_firm_id: f('law firm', 'opaque'), claim_number: f('claim number'), notes: f('notes') },
  evidence_items: { case_id: f('case', { ref: 'case' }), tag_number: f('tag number'), description: f('description'), category: f('category'),
    quantity: f('quantity'), condition: f('condition'), collected_at: f('collected at', 'moment'), collected_place: f('place collected'),
    collected_by: f('collected by', user), location: f('location'), custodian: f('custodian'), parent_id: f('item tested', 'opaque'),
    derivation: f('kind of new item', 'word'), status: f('status', 'word'), authorized_by: f('authorized by'), authorized_at: f('authorized at', 'moment'),
    authorization_document_id: f('authorization document', 'opaque'), derived_from_test_id: f('destructive test', 'opaque') },
  budgets: { case_id: f('case', { ref: 'case' }), project_id: f('project', { ref: 'project' }), unit: f('unit', 'word'), amount: f('amount'),
    manager_id: f('manager', user) },
  case_deadlines: { case_id: f('case', { ref: 'case' }), title: f('title'), kind: f('kind', 'word'), source: f('source', 'word'),
    due_date: f('date', 'date'), assignee_id: f('assignee', user), notes: f('notes'), set_by_hand: f('date set by hand', 'flag') },
  testimony_events: { case_id: f('case', { ref: 'case' }), kind: f('kind', 'word'), event_date: f('date', 'date'),
    expert_id: f('testifying expert', user), court: f('court or venue'), caption: f('caption'), docket: f('docket number'),
    retained_side: f('retained side', 'word'), noticed_by: f('noticed by', 'word'), payer_law_firm_id: f('deposing law firm', 'opaque'),
    payer_name: f('deposing party'), payer_contact: f('contact'), payer_address: f('deposing party address'),
    payer_matter_id: f('their matter id'), payer_terms_days: f('balance due in (days)'), deposit_amount: f('deposit required'),
    deposit_received_on: f('deposit received on', 'date'), deposit_method: f('deposit method', 'word'), deposit_reference: f('deposit reference') },
  conflict_decisions: { check_id: f('conflict check', 'opaque'), case_id: f('case', { ref: 'case' }), subject: f('subject'),
    decision: f('decision', 'word'), reason: f('reason'), waiver_id: f('waiver', 'opaque'), decided_by: f('decided by', user),
    decided_at: f('decided at', 'moment') },
  projects: { case_id: f('case', { ref: 'case' }), project_number: f('project number'), project_name: f('project name'),
    property_address: f('property address'), property_city_state_zip: f('city, state and ZIP'), address: f('address', 'opaque'),
    project_type: f('project type'), building_type: f('building type'), status: f('status', 'word'), is_primary_project: f('primary project', 'flag') },
  time_entries: { project_id: f('project', { ref: 'project' }), user_id: f('staff member', user), entry_date: f('date', 'date'),
    job_type: f('job title'), hours: f('hours'), rate: f('rate'), description: f('description'), work_details: f('work details'),
    initials: f('initials'), billable: f('billable', 'flag'), bill_id: f('bill', { ref: 'bill' }),
    event_scheduled_at: f('cancelled event scheduled for', 'moment'), notice_given_at: f('cancellation notice given at', 'moment') },
  expense_entries: { project_id: f('project', { ref: 'project' }), user_id: f('staff member', user), entry_date: f('date', 'date'),
    expense_type: f('expense type'), amount: f('amount'), description: f('description'), initials: f('initials'),
    billable: f('billable', 'flag'), bill_id: f('bill', { ref: 'bill' }) },
  action_items: { project_id: f('project', { ref: 'project' }), assigned_to: f('assignee', user), title: f('short description'),
    description: f('long description'), due_date: f('due date', 'date'), start_time: f('start time', 'time'), end_time: f('end time', 'time'),
    due_time: f('due time', 'time'), priority: f('priority', 'word'), status: f('status', 'word'), completed_at: f('completed on', 'date'),
    location: f('location'), location_address: f('location address', 'opaque'), url: f('meeting URL'),
    synced_to_calendar: f('Google Calendar sync', 'flag'), archived: f('archived', 'flag') },
  bills: { number: f('number'), case_id: f('case', { ref: 'case' }), client_id: f('client', { ref: 'client' }),
    period_start: f('period from', 'date'), period_end: f('period to', 'date'), status: f('status', 'word'), issued_on: f('issued on', 'date'),
    paid_on: f('paid on', 'date'), voided_at: f('voided at', 'moment'), due_on: f('due on', 'date'), discount_kind: f('discount kind', 'word'),
    note: f('note'), terms: f('terms'), terms_days: f('payment terms (days)'), bill_to_name: f('bill-to name'), billing_address: f('billing address') },
  bill_adjustments: { bill_id: f('bill', { ref: 'bill' }), entry_id: f('entry', 'opaque'), kind: f('kind', 'word'), reason: f('reason'),
    client_note: f('note for the client') },
  payments: { number: f('number'), bill_id: f('bill', { ref: 'bill' }), client_id: f('client', { ref: 'client' }), received_on: f('received on', 'date'),
    method: f('method', 'word'), reference: f('reference'), reversed_at: f('reversed at', 'moment'), reversed_by: f('reversed by', user),
    reversal_reason: f('reason for the reversal') },
  credit_notes: { number: f('number'), bill_id: f('bill', { ref: 'bill' }), client_id: f('client', { ref: 'client' }),
    issued_on: f('issued on', 'date'), reason: f('reason') },
  credit_note_lines: { credit_note_id: f('credit note', { ref: 'credit_note' }), position: f('line'), description: f('description'),
    entry_id: f('entry', 'opaque') },
  retainer_entries: { case_id: f('case', { ref: 'case' }), client_id: f('client', { ref: 'client' }), kind: f('kind', 'word'),
    entry_date: f('date', 'date'), payment_id: f('payment', { ref: 'payment' }), method: f('method', 'word'), reference: f('reference'), note: f('note') },
  client_credits: { client_id: f('client', { ref: 'client' }), entry_date: f('date', 'date'), payment_id: f('payment', { ref: 'payment' }),
    credit_note_id: f('credit note', { ref: 'credit_note' }), note: f('note') },
  field_reports: { project_id: f('project', { ref: 'project' }), report_number: f('report number'), revision: f('revision'),
    report_type: f('report type', 'word'), report_date: f('date', 'date'), inspector_id: f('inspector', user), content: f('report contents', 'opaque'),
    status: f('report status', 'word'), certified_at: f('certified at', 'moment'), certified_by: f('certified by', user),
    signature_type: f('signature type', 'word') },
  field_report_images: { report_id: f('field report', { ref: 'field_report' }), position: f('position'), caption: f('caption'), kind: f('kind', 'word'),
    annotations: f('annotations', 'opaque') },
  field_report_shares: { report_id: f('field report', { ref: 'field_report' }), label: f('label'), expires_at: f('expires at', 'moment'),
    revoked_at: f('revoked at', 'moment'), revoked_by: f('revoked by', user), view_count: f('views') },
  firm_profile: { firm_name: f('firm name'), licence_number: f('licence number'), address: f('address'), phone: f('phone'), email: f('e-mail'),
    website: f('website'), logo_type: f('logo', 'opaque'), remittance: f('remittance details'),
    ledes_firm_id: f('LEDES firm id') },
  users: { email: f('e-mail'), role: f('role', 'role'), first_name: f('first name'), last_name: f('last name'), disabled: f('disabled', 'flag'),
    password: f('password', 'opaque') },
  profiles: { email: f('e-mail'), display_name: f('name'), initials: f('initials'), role: f('display role', 'word'),
    first_name: f('first name'), last_name: f('last name') },
  user_roles: { user_id: f('user', user), role: f('role', 'role') },
  timesheet_weeks: { user_id: f('staff member', user), week_start: f('week', 'date'), status: f('status', 'word'), submitted_at: f('submitted at', 'moment'),
    submitted_by: f('submitted by', user), decided_at: f('decided at', 'moment'), decided_by: f('decided by', user), approved_on: f('approved on', 'date'),
    note: f('note') },
  sign_in_providers: { issuer_url: f('issuer URL'), client_id: f('client id'), enabled: f('on', 'flag') },
  api_tokens: { user_id: f('owner', user), name: f('name'), scope: f('scope', 'word'), expires_at: f('expires at', 'moment'),
    revoked_at: f('revoked at', 'moment') },
  user_two_factor: { user_id: f('user', user), two_factor: f('two-factor sign-in', 'word') },
  two_factor_policy: { required_roles: f('roles that must use it', 'roles') },
  field_report_settings: { require_review: f("second engineer's review", 'flag') },
  calendar_connection: { client_secret: f('client secret', 'word') },
  integration_settings: { google_client_id: f('Google Client ID') },
  first_run: { firm_profile: f('firm profile step', 'word'), users: f('users step', 'word'), calendar: f('calendar step', 'word'),
    address_lookup: f('address lookup step', 'word'), finished_at: f('finished at', 'moment'), finished_by: f('finished by', user) },
  engagement_letter_template: { template: f('text') },
  engagement_letters: { case_id: f('case', { ref: 'case' }), engaged_on: f('date engaged', 'date'), file_name: f('file name'),
    sha256: f('SHA-256'), byte_size: f('size in bytes') },
};

/** A column's words: the screens' label, else its own name in words. */
export function fieldWords(table: string, column: string): FieldWords {
  return FIELD_WORDS[table as TAuditedTable]?.[column] ?? { label: column.replaceAll('_', ' ') };
}
