import * as oidc from 'openid-client';
import { isLoopbackHttpIssuer } from '../../../core/accounts/sign-in-providers.ts';

// OpenID Connect through openid-client 6 (docs/decisions/091): discovery, the authorization URL with
// PKCE (S256), state and nonce, and the code grant that checks them and the ID token's signature.

export interface ProviderClientSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

const DISCOVERY_TIMEOUT_S = 10;
// A discovered configuration (and the keys it fetched) is kept this long per issuer, client and secret.
const KEEP_MS = 60 * 60_000;

/** http is allowed for an issuer on 127.0.0.1/localhost only (a test provider); openid-client refuses it elsewhere. */
const insecureFor = (issuerUrl: string) => (isLoopbackHttpIssuer(issuerUrl) ? [oidc.allowInsecureRequests] : []);

/** Reads `${issuer}/.well-known/openid-configuration`; its `issuer` must be the one asked for. */
export function discover(settings: Omit<ProviderClientSettings, 'clientSecret'> & { clientSecret?: string }): Promise<oidc.Configuration> {
  const auth = settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None();
  return oidc.discovery(new URL(settings.issuerUrl), settings.clientId, undefined, auth, {
    execute: insecureFor(settings.issuerUrl), timeout: DISCOVERY_TIMEOUT_S,
  });
}

const kept = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The provider's configuration, discovered once an hour per process (a failure is not kept). */
function configurationFor(settings: ProviderClientSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.config;
  const config = discover(settings);
  kept.set(key, { at: Date.now(), config });
  config.catch(() => kept.delete(key));
  return config;
}

export interface PendingChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Fresh random state, nonce and PKCE verifier for one sign-in. */
export function newChecks(): PendingChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/** Where the browser goes to sign in at the provider. */
export async function authorizationUrl(settings: ProviderClientSettings, checks: PendingChecks, redirectUri: string): Promise<URL> {
  const config = await configurationFor(settings);
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
}

/**
 * Checks the provider's answer (state, then the code exchanged with the PKCE verifier and the client
 * secret, then the ID token: signature, issuer, audience, expiry, nonce) and returns its claims.
 * callbackUrl is the redirect URI with the provider's query: openid-client sends it back without the query.
 */
export async function idTokenClaims(settings: ProviderClientSettings, checks: PendingChecks, callbackUrl: URL): Promise<Record<string, unknown>> {
  const config = await configurationFor(settings);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state, expectedNonce: checks.nonce, pkceCodeVerifier: checks.codeVerifier, idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new oidc.ClientError('the provider sent no ID token');
  return claims as Record<string, unknown>;
}

/** True when the provider could not be reached at all (network, timeout) rather than answering wrongly. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TimeoutError' || error.name === 'AbortError' || (error instanceof TypeError && /fetch failed/i.test(error.message));
}

/** True when the provider answered the sign-in with an error (the person cancelled or was refused). */
export function isRefusedAtProvider(error: unknown): boolean {
  return error instanceof oidc.AuthorizationResponseError;
}
