import type { Generated, GeneratedAlways } from 'kysely';
import type { TPartyRole } from '../../core/cases/conflict-sides.ts';
import type { DefaultTimestamp, Json, Version } from './column-types.ts';

// A case's parties and its conflict checks (issue 39, migrations 037 and 038).

export interface CasePartiesTable {
  id: Generated<string>;
  case_id: string;
  role: TPartyRole;
  kind: Generated<'person' | 'organization'>;
  name: string;
  attorney_id: string | null;
  law_firm_id: string | null;
  claim_number: string | null;
  notes: Generated<string>;
  /** casebook_name_key(name), a generated column (migration 041). */
  name_key: GeneratedAlways<string | null>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface ConflictChecksTable {
  id: Generated<string>;
  case_id: string | null;
  query: Json<unknown>;
  hits: Json<unknown[]>;
  new_hit_count: number;
  subject: Generated<string>;
  ran_by: string | null;
  ran_at: DefaultTimestamp;
}

export interface ConflictWaiversTable {
  id: Generated<string>;
  file_name: string;
  content_type: string;
  bytes: Buffer;
  sha256: string;
  uploaded_by: string | null;
  uploaded_at: DefaultTimestamp;
}

export interface ConflictDecisionsTable {
  id: Generated<string>;
  check_id: string;
  case_id: string | null;
  subject: Generated<string>;
  decision: 'cleared' | 'cleared_with_waiver' | 'declined';
  reason: string;
  waiver_id: string | null;
  decided_by: string | null;
  decided_at: DefaultTimestamp;
}
