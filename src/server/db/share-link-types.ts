import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from './column-types.ts';

// The table of migration 030: client share links of certified field reports (docs/decisions/105).
export interface FieldReportSharesTable {
  id: Generated<string>;
  report_id: string;
  token_hash: string;
  label: Generated<string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
  view_count: Generated<number>;
  last_viewed_at: NullableTimestamp;
}
