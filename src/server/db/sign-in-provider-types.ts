import type { Generated } from 'kysely';
import type { TSignInProvider } from '../../core/api/auth.ts';
import type { DefaultTimestamp, Timestamp } from './column-types.ts';

// Tables of sign-in with Google or Microsoft (migration 020, issue 27).

export interface SignInProvidersTable {
  id: TSignInProvider;
  issuer_url: Generated<string>;
  client_id: Generated<string>;
  enabled: Generated<boolean>;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}

export interface OidcPendingSignInsTable {
  id: string;
  provider: TSignInProvider;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: Timestamp;
}
