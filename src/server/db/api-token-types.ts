import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from './column-types.ts';

// The table of migration 021: personal API tokens (docs/decisions/092).
export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  scope: 'read' | 'write';
  token_hash: string;
  hint: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}
