import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  BillAdjustmentsTable, BillCounterTable, BillingCodesTable, BillsTable, ClientCreditsTable, CreditNoteLinesTable,
  CreditNotesTable, DocumentCountersTable, PaymentsTable, RetainerEntriesTable,
} from './billing-types.ts';
import type { DateCol, DefaultTimestamp, NullableDate, Json, NullableNumeric, NullableTimestamp, Numeric, Version } from './column-types.ts';
import type {
  CalendarTitleProjectsTable, TimersTable, TimesheetRowsTable, TimesheetSettingsTable, TimesheetWeeksTable,
} from './week-types.ts';
import type { CaseFeeRulesTable, CaseRateAssignmentsTable, RateCodeItemRatesTable, RateCodeItemsTable, RateCodesTable } from './rate-types.ts';
import type { ApiTokensTable } from './api-token-types.ts';
import type { DeletedIdsTable } from './deleted-id-types.ts';
import type {
  AuditChainHeadTable, EvidenceCaseSettingsTable, EvidenceDocumentsTable, EvidenceEntriesTable, EvidenceItemsTable, EvidencePhotosTable,
  EvidenceTestNoticesTable, EvidenceTestsTable,
} from './evidence-types.ts';
import type { EngagementLettersTable, EngagementLetterTemplateTable } from './engagement-types.ts';
import type { CasePartiesTable, ConflictChecksTable, ConflictDecisionsTable, ConflictWaiversTable } from './conflict-types.ts';
import type { FieldReportSharesTable } from './share-link-types.ts';
import type {
  FieldReportChangesTable, FieldReportImagesTable, FieldReportOriginalsTable, FieldReportsTable, FieldReportSettingsTable, FirmProfileTable, MoneyAlertsTable, UserSignaturesTable,
} from './report-types.ts';
import type { OidcPendingSignInsTable, SignInProvidersTable } from './sign-in-provider-types.ts';
import type { ImportChunksTable, ImportsTable } from './import-types.ts';
import type { BillRemindersTable, BudgetAlertsTable, BudgetsTable, ReminderSettingsTable } from './reminder-types.ts';
import type { TestimonyEventsTable } from './testimony-types.ts';
import type { LoginFailuresTable, ProfilesTable, SessionsTable, UserActivityTable, UserRolesTable, UsersTable } from './user-types.ts';
import type { TwoFactorPendingTable, TwoFactorPolicyTable, TwoFactorRecoveryCodesTable, UserTwoFactorTable } from './two-factor-types.ts';

interface IntegrationSettingsTable {
  id: Generated<number>;
  google_api_key: string | null;
  google_client_id: string | null;
  calendar_enabled: Generated<boolean>;
  photos_enabled: Generated<boolean>;
  google_access_token: string | null;
  google_refresh_token: string | null;
  google_token_expiry: NullableTimestamp;
  google_scope: string | null;
  google_calendar_id: string | null;
  radar_enabled: Generated<boolean>;
  radar_test_publishable_key: string | null;
  radar_live_publishable_key: string | null;
  radar_environment: Generated<'test' | 'live'>;
  updated_at: DefaultTimestamp;
  version: Version;
}

interface LawFirmsTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  phone: string | null;
  address: Json<unknown> | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

interface AttorneysTable {
  id: Generated<string>;
  law_firm_id: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  address: Json<unknown> | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface ClientsTable {
  id: Generated<string>;
  name: Generated<string>;
  contact_name: string | null;
  last_name: string | null;
  last_name_property: string | null;
  email: string | null;
  phone: string | null;
  is_business_client: Generated<boolean>;
  completion_percentage: Generated<number>;
  bill_to_name: Generated<string>;
  billing_address: Generated<string>;
  terms_days: Generated<number>;
  ledes_client_id: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

interface CasesTable {
  id: Generated<string>;
  client_id: string;
  file_number: string;
  case_name: Generated<string>;
  rate_code_id: string | null;
  attorney_id: string | null;
  attorney_name: string | null;
  client_matter_id: Generated<string>;
  retainer_threshold: NullableNumeric;
  retained_side: 'plaintiff' | 'defense' | 'neutral' | null;
  claim_number: string | null;
  policy_number: string | null;
  /** YYYY-MM-DD */
  date_of_loss: NullableDate;
  /** The retainer the engagement letter asks for (money; migration 039). */
  retainer_requested: NullableNumeric;
  conflict_check_required: Generated<boolean>;
  /** Consulting only: no testimony is recorded on it (migration 045). */
  consulting_only: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface ProjectsTable {
  id: Generated<string>;
  case_id: string;
  project_number: string;
  project_name: Generated<string>;
  property_address: string | null;
  property_city_state_zip: string | null;
  address: Json<unknown> | null;
  project_type: string | null;
  building_type: string | null;
  status: Generated<'active' | 'on_hold' | 'closed'>;
  is_primary_project: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

interface EntryColumns {
  id: string;
  project_id: string;
  user_id: string;
  entry_date: DateCol;
  description: Generated<string>;
  initials: Generated<string>;
  billable: Generated<boolean>;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
  /** The draft or issued bill the entry is on (docs/decisions/082). */
  bill_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** That bill's number once issued: the entry can no longer be changed. */
  locked_bill: ColumnType<number | null, number | null | undefined, number | null>;
  /** Imported from another tool (issue 27): the source row's fingerprint, unique. */
  import_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TimeEntriesTable extends EntryColumns {
  job_type: string;
  /** UTBMS codes of this entry for LEDES; empty: the job title's (migration 033). */
  utbms_task_code: Generated<string>;
  utbms_activity_code: Generated<string>;
  hours: Numeric;
  rate: NullableNumeric;
  work_details: Generated<string>;
  /** Made from the day's calendar (issue 25): 'action_item:<id>:<date>' or 'google:<event id>'. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** A cancelled event (migration 046): when it was to be, and when notice was given. */
  event_scheduled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notice_given_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface TimeEntryTotalsView extends TimeEntriesTable {
  total_amount: ColumnType<string, never, never>;
}

export interface ExpenseEntriesTable extends EntryColumns {
  expense_type: string;
  amount: Numeric;
}

interface ActionItemsTable {
  id: Generated<string>;
  project_id: string;
  created_by: string | null;
  assigned_to: string | null;
  title: string;
  description: Generated<string>;
  due_date: DateCol | null;
  start_time: string | null;
  end_time: string | null;
  due_time: string | null;
  priority: Generated<'low' | 'medium' | 'high'>;
  status: Generated<'pending' | 'in_progress' | 'completed' | 'cancelled'>;
  completed_at: DateCol | null;
  location: string | null;
  location_address: Json<unknown> | null;
  url: string | null;
  synced_to_calendar: Generated<boolean>;
  google_event_id: string | null;
  calendar_generation: Generated<number>;
  archived: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

interface ErrorLogsTable {
  id: Generated<string>;
  code: string;
  message: string;
  context: Json<unknown> | null;
  severity: 'info' | 'warning' | 'error' | 'critical';
  user_agent: string | null;
  url: string | null;
  user_id: string | null;
  timestamp: DefaultTimestamp;
  occurrences: Generated<number>;
  received_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
}

interface RequestCountsTable {
  key: string;
  window_start: Date | string;
  count: number;
}

interface AuditLogTable {
  id: Generated<string>;
  at: DefaultTimestamp;
  actor_id: string | null;
  table_name: string;
  row_id: string;
  action: 'insert' | 'update' | 'delete';
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  /** The audit chain (migration 047): set when the row is sealed, in sealing order. */
  chain_seq: ColumnType<string | null, undefined, string | null>;
  prev_hash: ColumnType<string | null, undefined, string | null>;
  hash: ColumnType<string | null, undefined, string | null>;
}


interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  token_encrypted: string;
  created_at: DefaultTimestamp;
}

interface OAuthStatesUsedTable {
  state_hash: string;
  used_at: DefaultTimestamp;
}

/** One-time setup addresses while there are no users (migration 035): hashes only. */
interface SetupTokensTable {
  token_hash: string;
  created_at: DefaultTimestamp;
}

/** The first-run setup (migration 027, issue 28): one row. */
interface FirstRunTable {
  id: number;
  firm_profile: 'done' | 'skipped' | null;
  users: 'done' | 'skipped' | null;
  calendar: 'done' | 'skipped' | null;
  address_lookup: 'done' | 'skipped' | null;
  finished_at: NullableTimestamp;
  finished_by: string | null;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  user_activity: UserActivityTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  integration_settings: IntegrationSettingsTable;
  law_firms: LawFirmsTable;
  attorneys: AttorneysTable;
  clients: ClientsTable;
  rate_codes: RateCodesTable;
  rate_code_items: RateCodeItemsTable;
  rate_code_item_rates: RateCodeItemRatesTable;
  case_fee_rules: CaseFeeRulesTable;
  cases: CasesTable;
  case_parties: CasePartiesTable;
  conflict_checks: ConflictChecksTable;
  conflict_waivers: ConflictWaiversTable;
  conflict_decisions: ConflictDecisionsTable;
  case_rate_assignments: CaseRateAssignmentsTable;
  projects: ProjectsTable;
  time_entries: TimeEntriesTable;
  time_entry_totals: TimeEntryTotalsView;
  expense_entries: ExpenseEntriesTable;
  action_items: ActionItemsTable;
  error_logs: ErrorLogsTable;
  request_counts: RequestCountsTable;
  audit_log: AuditLogTable;
  firm_profile: FirmProfileTable;
  money_alerts: MoneyAlertsTable;
  user_signatures: UserSignaturesTable;
  field_reports: FieldReportsTable;
  field_report_settings: FieldReportSettingsTable;
  field_report_images: FieldReportImagesTable;
  field_report_originals: FieldReportOriginalsTable;
  field_report_shares: FieldReportSharesTable;
  field_report_changes: FieldReportChangesTable;
  bill_counter: BillCounterTable;
  bills: BillsTable;
  bill_adjustments: BillAdjustmentsTable;
  document_counters: DocumentCountersTable;
  payments: PaymentsTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  retainer_entries: RetainerEntriesTable;
  client_credits: ClientCreditsTable;
  billing_codes: BillingCodesTable;
  calendar_feeds: CalendarFeedsTable;
  oauth_states_used: OAuthStatesUsedTable;
  sign_in_providers: SignInProvidersTable;
  oidc_pending_sign_ins: OidcPendingSignInsTable;
  timesheet_settings: TimesheetSettingsTable;
  timesheet_weeks: TimesheetWeeksTable;
  timesheet_rows: TimesheetRowsTable;
  timers: TimersTable;
  calendar_title_projects: CalendarTitleProjectsTable;
  api_tokens: ApiTokensTable;
  imports: ImportsTable;
  import_chunks: ImportChunksTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_pending: TwoFactorPendingTable;
  two_factor_policy: TwoFactorPolicyTable;
  first_run: FirstRunTable;
  setup_tokens: SetupTokensTable;
  deleted_ids: DeletedIdsTable;
  engagement_letter_template: EngagementLetterTemplateTable;
  engagement_letters: EngagementLettersTable;
  reminder_settings: ReminderSettingsTable;
  bill_reminders: BillRemindersTable;
  budgets: BudgetsTable;
  budget_alerts: BudgetAlertsTable;
  evidence_documents: EvidenceDocumentsTable;
  evidence_case_settings: EvidenceCaseSettingsTable;
  evidence_items: EvidenceItemsTable;
  evidence_entries: EvidenceEntriesTable;
  evidence_photos: EvidencePhotosTable;
  evidence_tests: EvidenceTestsTable;
  evidence_test_notices: EvidenceTestNoticesTable;
  audit_chain_head: AuditChainHeadTable;
  testimony_events: TestimonyEventsTable;
}

export type User = Selectable<UsersTable>;

