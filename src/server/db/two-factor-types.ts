import type { ColumnType, Generated } from 'kysely';
import type { TDataRole } from '../../core/api/auth.ts';
import type { DefaultTimestamp, NullableTimestamp, Timestamp, Version } from './column-types.ts';

// The tables of the second sign-in step (migration 019, docs/decisions/090): secrets sealed at rest.

export interface UserTwoFactorTable {
  user_id: string;
  secret_encrypted: string;
  enabled_at: NullableTimestamp;
  last_used_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: DefaultTimestamp;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
}

export interface TwoFactorPendingTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
}

export interface TwoFactorPolicyTable {
  id: number;
  required_roles: TDataRole[];
  updated_at: DefaultTimestamp;
  version: Version;
}
