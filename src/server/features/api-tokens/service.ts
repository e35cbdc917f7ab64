import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  API_TOKEN_BYTES, API_TOKEN_HINT_LENGTH, API_TOKEN_PREFIX, expiryProblem, looksLikeApiToken, type TApiTokenScope,
} from '../../../core/accounts/api-tokens.ts';
import type { TApiToken, TCreateApiTokenBody, TCreatedApiToken } from '../../../core/api/api-tokens.ts';
import type { TSessionUser } from '../../../core/api/auth.ts';
import { withActor, type Db, type DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import type { AuthenticatedSession } from '../../http/session.ts';

// Personal API tokens (docs/decisions/092): made and revoked by their user in the browser, used
// by the user's own tools as `Authorization: Bearer cbk_…`.

/** last_used_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;
/** Live tokens one user may hold at once: plenty for real tools, a limit for a runaway script. */
const MAX_LIVE_TOKENS = 50;
const COLUMNS = ['id', 'name', 'scope', 'hint', 'created_at', 'expires_at', 'last_used_at'] as const;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

interface TokenRow {
  id: string; name: string; scope: TApiTokenScope; hint: string; created_at: Date; expires_at: Date; last_used_at: Date | null;
}

function toApiToken(row: TokenRow, now = Date.now()): TApiToken {
  return {
    id: row.id, name: row.name, scope: row.scope, hint: row.hint,
    createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null, expired: row.expires_at.getTime() <= now,
  };
}

/** The user's tokens that are not revoked, newest first (expired ones too, marked so). */
export async function listApiTokens(db: Db, userId: string): Promise<TApiToken[]> {
  const rows = await db.selectFrom('api_tokens').select(COLUMNS)
    .where('user_id', '=', userId).where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc').execute();
  return rows.map((row) => toApiToken(row));
}

/**
 * Makes a token: 32 random bytes after the cbk_ prefix. Only the SHA-256 of the text is stored;
 * the text itself is returned once, here. `today` is the firm's calendar day (YYYY-MM-DD).
 */
export async function createApiToken(db: Db, input: TCreateApiTokenBody & { userId: string; today: string }): Promise<TCreatedApiToken> {
  const problem = expiryProblem(input.expiresOn, input.today);
  if (problem) throw refuse('expiresOn', problem, 'expiry');
  const secret = `${API_TOKEN_PREFIX}${randomBytes(API_TOKEN_BYTES).toString('base64url')}`;
  const row = await withActor(db, input.userId, async (tx) => {
    const live = await tx.selectFrom('api_tokens').select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', input.userId).where('revoked_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= MAX_LIVE_TOKENS) {
      throw new AppError('VALIDATION_ERROR', `You can hold at most ${MAX_LIVE_TOKENS} tokens. Revoke one you no longer use.`);
    }
    return tx.insertInto('api_tokens').values({
      user_id: input.userId, name: input.name, scope: input.scope, token_hash: hashOf(secret),
      hint: secret.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_HINT_LENGTH),
      // Works through the whole last day in the firm's time zone (the connection's TimeZone).
      expires_at: sql<Date>`(${input.expiresOn}::date + 1)::timestamptz`,
    }).returning(COLUMNS).executeTakeFirstOrThrow();
  });
  return { token: toApiToken(row), secret };
}

/** Revokes one of the user's own tokens; it stops working at once. */
export async function revokeApiToken(db: Db, input: { userId: string; id: string }) {
  const done = await withActor(db, input.userId, (tx) => tx.updateTable('api_tokens').set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', input.id).where('user_id', '=', input.userId).where('revoked_at', 'is', null)
    .executeTakeFirst());
  if (!done.numUpdatedRows) throw new AppError('RECORD_NOT_FOUND');
}

/**
 * Revokes every token of a user that is not revoked yet, in the caller's transaction: its actor is
 * whom the audit log names ('… revoked API token "…" of …'). A password reset calls it (docs/decisions/111).
 */
export async function revokeAllApiTokens(tx: DbOrTx, userId: string): Promise<number> {
  const done = await tx.updateTable('api_tokens').set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** What a token's owner is now (the auth and two-factor features', composed by app.ts). */
export interface TokenOwnerLookups {
  /** The signed-in shape of the user, or null when the account is disabled or gone. */
  activeUser(userId: string): Promise<TSessionUser | null>;
  /** Whether the firm requires a second factor of the user's role and they have not set one up. */
  twoFactorOwed(user: TSessionUser): Promise<boolean>;
}

/**
 * What a bearer token may do: its user as of now (role included), its scope, and whether the firm's
 * two-factor rule holds it back (decided at each use, so setting up a factor or lifting the rule lets
 * the same token work again); null for a token that is unknown, expired, revoked, or whose user is
 * disabled. Stamps last use at most once a minute.
 */
export async function findApiTokenAuth(db: Db, text: string, owner: TokenOwnerLookups): Promise<AuthenticatedSession | null> {
  if (!looksLikeApiToken(text)) return null;
  const row = await db.selectFrom('api_tokens').select(['id', 'user_id', 'scope', 'last_used_at'])
    .where('token_hash', '=', hashOf(text)).where('revoked_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  const user = await owner.activeUser(row.user_id);
  if (!user) return null;
  const twoFactorOwed = await owner.twoFactorOwed(user);
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
  }
  // No browser session stands behind the request: the id is a marker, and there is no CSRF token.
  return { sessionId: `api-token:${row.id}`, csrfToken: '', user, apiToken: { id: row.id, scope: row.scope, twoFactorOwed } };
}
