// The people who sign in: accounts, their profiles and roles, sessions and failed sign-ins (a part of db/types.ts).
import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp, Version } from './column-types.ts';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: 'super_admin' | 'admin' | 'limited_user' | null;
  first_name: string | null;
  last_name: string | null;
  disabled: Generated<boolean>;
  must_change_password: Generated<boolean>;
  one_time_password_expires_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface UserActivityTable {
  user_id: string;
  last_sign_in_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  email: string;
  display_name: string;
  initials: string;
  role: Generated<'Administrator' | 'Admin Assistant' | 'User'>;
  first_name: string | null;
  last_name: string | null;
  created_at: DefaultTimestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: 'super_admin' | 'admin' | 'limited_user';
}

export interface SessionsTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string;
  at: DefaultTimestamp;
}
