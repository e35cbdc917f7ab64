import type { Generated, GeneratedAlways } from 'kysely';
import type { DateCol, DefaultTimestamp, NullableDate, NullableNumeric, Version } from './column-types.ts';

// Testimony on record (issue 40, migration 045).

export type TestimonyKindCol = 'deposition' | 'trial' | 'hearing' | 'arbitration';

export interface TestimonyEventsTable {
  id: string;
  case_id: string;
  kind: TestimonyKindCol;
  event_date: DateCol;
  expert_id: string;
  court: Generated<string>;
  caption: string;
  docket: Generated<string>;
  retained_side: 'plaintiff' | 'defense' | 'neutral' | null;
  noticed_by: Generated<'retaining' | 'other'>;
  payer_law_firm_id: string | null;
  payer_name: Generated<string>;
  payer_contact: Generated<string>;
  payer_address: Generated<string>;
  payer_matter_id: Generated<string>;
  /** Money: super admins only. */
  deposit_amount: NullableNumeric;
  deposit_received_on: NullableDate;
  deposit_method: 'check' | 'ach' | 'wire' | 'card' | 'cash' | 'other' | null;
  deposit_reference: Generated<string>;
  payer_terms_days: Generated<number>;
  bills_deposing_side: GeneratedAlways<boolean>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}
