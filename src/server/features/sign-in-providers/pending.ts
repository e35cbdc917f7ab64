import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TSignInProvider } from '../../../core/api/auth.ts';
import { PROVIDER_SIGN_IN_MINUTES } from '../../../core/accounts/sign-in-providers.ts';
import type { Db } from '../../db/connection.ts';
import type { PendingChecks } from '../../integrations/oidc/client.ts';

// Sign-ins sent to a provider and not yet back (table oidc_pending_sign_ins): the browser holds only
// a random key (httpOnly cookie); every instance on the database can finish the sign-in, once.

const idOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Keeps the checks of a new sign-in; returns the key for the browser's cookie. */
export async function savePending(db: Db, provider: TSignInProvider, checks: PendingChecks, redirectUri: string): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.deleteFrom('oidc_pending_sign_ins').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.insertInto('oidc_pending_sign_ins').values({
    id: idOf(key), provider, state: checks.state, nonce: checks.nonce, code_verifier: checks.codeVerifier, redirect_uri: redirectUri,
    expires_at: sql<Date>`now() + ${`${PROVIDER_SIGN_IN_MINUTES} minutes`}::interval`,
  }).execute();
  return key;
}

/** Takes (deletes) the pending sign-in of a key: null when unknown, already taken, expired or of another provider. */
export async function takePending(db: Db, provider: TSignInProvider, key: string | undefined) {
  if (!key) return null;
  const row = await db.deleteFrom('oidc_pending_sign_ins').where('id', '=', idOf(key))
    .returning(['provider', 'state', 'nonce', 'code_verifier', 'redirect_uri', sql<boolean>`expires_at > now()`.as('live')])
    .executeTakeFirst();
  if (!row || !row.live || row.provider !== provider) return null;
  return { checks: { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier }, redirectUri: row.redirect_uri };
}
