import { SIGN_IN_PROVIDERS, type TSignInProvider } from '../../../core/api/auth.ts';
import type { TProviderSettings, TProviderSettingsBody } from '../../../core/api/sign-in-providers.ts';
import {
  issuerUrlProblem, PROVIDER_SECRET_VARIABLES, PROVIDER_SETTINGS_MESSAGES, publicUrlNeededAtStart,
} from '../../../core/accounts/sign-in-providers.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import type { Env } from '../../env.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import type { ProviderClientSettings } from '../../integrations/oidc/client.ts';

// The providers as a super admin set them up (table sign_in_providers, audited), with the secret
// from the environment only (docs/decisions/091).

type Secrets = Pick<Env, 'OIDC_GOOGLE_CLIENT_SECRET' | 'OIDC_MICROSOFT_CLIENT_SECRET'>;
type Address = Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>;

export const secretOf = (env: Secrets, provider: TSignInProvider): string | undefined => env[PROVIDER_SECRET_VARIABLES[provider]];

/**
 * The origin a provider sends the browser back to (docs/decisions/168): PUBLIC_URL whenever it is
 * set, never the Host header then. Without it, only outside production (a demo on one computer) the
 * request's own origin; in production none (a provider cannot be turned on, and the start stops).
 */
export function returnBase(env: Address, requestOrigin: () => string): string | null {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  return env.NODE_ENV === 'production' ? null : requestOrigin();
}

/**
 * Where a provider sends the browser back. Written as the URL parser writes it (no default port),
 * since the token request repeats it and must match exactly.
 */
export const callbackUrl = (base: string, provider: TSignInProvider) =>
  new URL(`${base.replace(/\/$/, '')}/api/auth/oidc/${provider}/callback`).href;

const rowsOf = (db: DbOrTx) => db.selectFrom('sign_in_providers').selectAll();

export async function listProviders(db: DbOrTx, env: Secrets, base: string | null): Promise<TProviderSettings[]> {
  const rows = await rowsOf(db).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return SIGN_IN_PROVIDERS.map((provider) => {
    const row = byId.get(provider)!;
    return {
      provider,
      issuerUrl: row.issuer_url,
      clientId: row.client_id,
      enabled: row.enabled,
      secretSet: Boolean(secretOf(env, provider)),
      secretVariable: PROVIDER_SECRET_VARIABLES[provider],
      redirectUri: base === null ? null : callbackUrl(base, provider),
      updatedAt: new Date(row.updated_at).toISOString(),
      version: row.version,
    };
  });
}

/** Saves one provider (audited as the super admin who saved it). */
export async function saveProvider(db: DbOrTx, actorId: string, provider: TSignInProvider, body: TProviderSettingsBody, env: Address) {
  const production = env.NODE_ENV === 'production';
  const issuerUrl = body.issuerUrl.trim();
  const clientId = body.clientId.trim();
  const problem = issuerUrl ? issuerUrlProblem(issuerUrl, production) : null;
  if (problem) throw refuse('issuerUrl', problem, 'issuer');
  if (body.enabled && (!issuerUrl || !clientId)) throw new AppError('VALIDATION_ERROR', PROVIDER_SETTINGS_MESSAGES.missingForEnabled);
  if (body.enabled && production && !env.PUBLIC_URL) throw new AppError('VALIDATION_ERROR', PROVIDER_SETTINGS_MESSAGES.publicUrlNeeded);
  await withActor(db, actorId, (tx) => updateVersioned(tx, 'sign_in_providers', provider, body.version, {
    issuer_url: issuerUrl, client_id: clientId, enabled: body.enabled,
  }));
}

/** A provider people may sign in with now: on, set up, and its secret in the environment; else null. */
export async function offeredProvider(db: DbOrTx, env: Secrets, provider: TSignInProvider): Promise<ProviderClientSettings | null> {
  const row = await rowsOf(db).where('id', '=', provider).executeTakeFirst();
  const clientSecret = secretOf(env, provider);
  if (!row?.enabled || !row.issuer_url || !row.client_id || !clientSecret) return null;
  return { issuerUrl: row.issuer_url, clientId: row.client_id, clientSecret };
}

/** The providers the login page offers (/api/config). */
export async function offeredProviders(db: DbOrTx, env: Secrets): Promise<TSignInProvider[]> {
  const rows = await rowsOf(db).where('enabled', '=', true).execute();
  const on = new Set(rows.filter((r) => r.issuer_url && r.client_id).map((r) => r.id));
  return SIGN_IN_PROVIDERS.filter((p) => on.has(p) && secretOf(env, p));
}

/**
 * Checked at start, once the database is open (docs/decisions/168): in production, a provider on in
 * Settings without PUBLIC_URL stops the start with a message naming PUBLIC_URL; null when all is well.
 */
export async function publicUrlProblemAtStart(db: DbOrTx, env: Address): Promise<string | null> {
  if (env.NODE_ENV !== 'production' || env.PUBLIC_URL) return null;
  const on = new Set((await rowsOf(db).where('enabled', '=', true).execute()).map((r) => r.id));
  const providers = SIGN_IN_PROVIDERS.filter((p) => on.has(p));
  return providers.length ? publicUrlNeededAtStart(providers) : null;
}
