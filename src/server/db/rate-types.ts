import type { ColumnType, Generated } from 'kysely';
import type { DateCol, DefaultTimestamp, Json, Numeric, Version } from './column-types.ts';

// Rate codes, their job titles and dated rates, a case's custom rates and its own fee rules (migrations 001, 046).

export interface RateCodesTable {
  id: Generated<string>;
  name: string;
  code: string;
  /** Fee rules (migration 046): a list core's ZFeeRules checks. Money. */
  fee_rules: ColumnType<unknown, string | undefined, string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface RateCodeItemsTable {
  id: Generated<string>;
  rate_code_id: string;
  job_type: string;
  rate: Numeric;
  active: Generated<boolean>;
  /** The event this job title bills (migration 046); null: ordinary work. */
  event_kind: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

/** A job title's rate from a date on (migration 046). */
export interface RateCodeItemRatesTable {
  id: Generated<string>;
  rate_code_item_id: string;
  effective_on: DateCol;
  rate: Numeric;
  created_at: DefaultTimestamp;
}

/** A case's own fee rules, replacing its rate code's (migration 046). */
export interface CaseFeeRulesTable {
  case_id: string;
  rules: ColumnType<unknown, string, string>;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface CaseRateAssignmentsTable {
  case_id: string;
  custom_rates: Json<Record<string, number>>;
  updated_at: DefaultTimestamp;
  version: Version;
}
