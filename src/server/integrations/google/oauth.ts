import { z } from 'zod';

// Google's OAuth 2.0 endpoints (form-encoded, SPEC §7 "Calendar worker"), reached at GOOGLE_TOKEN_URL.

const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
const TIMEOUT_MS = 10_000;

export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

const ZTokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive(),
  scope: z.string().optional(),
}).loose();
export type TokenResponse = z.infer<typeof ZTokenResponse>;

/** The token endpoint said no. `revoked` is the answer that needs a new connection (invalid_grant, 401). */
export class OAuthError extends Error {
  constructor(readonly status: number, readonly error: string, readonly description: string) {
    super(description || error || `HTTP ${status}`);
  }
  get revoked(): boolean {
    return this.error === 'invalid_grant' || this.status === 401;
  }
}

/** SPEC §7: access_type=offline, prompt=select_account consent, the calendar scope, and our state. */
export function authorizationUrl(options: { authUrl: string; clientId: string; redirectUri: string; state: string }): string {
  const url = new URL(options.authUrl);
  url.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: CALENDAR_SCOPE,
    state: options.state,
    access_type: 'offline',
    prompt: 'select_account consent',
  }).toString();
  return url.toString();
}

async function tokenCall(client: OAuthClient, params: Record<string, string>): Promise<TokenResponse> {
  const res = await fetch(client.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...params }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await res.json().catch(() => ({})) as Record<string, unknown>;
  if (!res.ok) {
    throw new OAuthError(res.status, String(body.error ?? ''), String(body.error_description ?? body.error ?? `HTTP ${res.status}`));
  }
  const parsed = ZTokenResponse.safeParse(body);
  if (!parsed.success) throw new OAuthError(res.status, 'invalid_response', 'the token endpoint sent no access token');
  return parsed.data;
}

/** Google's error codes that its authorisation page shows instead of asking anyone to sign in. */
const PAGE_ERRORS = ['redirect_uri_mismatch', 'invalid_client', 'unauthorized_client', 'invalid_request'] as const;
export type AuthorizationPageError = (typeof PAGE_ERRORS)[number];

/**
 * What the authorisation page makes of a request, read without a browser: Google sends a good one on
 * to its sign-in page, and a bad one to an error page whose address carries `authError` (base64 of
 * the code and its description) or whose body names the code ('Error 400: redirect_uri_mismatch').
 * null: no error named (the page would ask the person to sign in).
 */
export async function authorizationPageError(url: string): Promise<AuthorizationPageError | null> {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  const location = res.headers.get('location');
  let text = location ?? '';
  const authError = location ? new URL(location, url).searchParams.get('authError') : null;
  if (authError) text += Buffer.from(authError, 'base64').toString('latin1');
  if (res.status >= 400) text += await res.text().catch(() => '');
  else await res.body?.cancel().catch(() => undefined);
  return PAGE_ERRORS.find((code) => text.includes(code)) ?? null;
}

export const exchangeCode = (client: OAuthClient, code: string, redirectUri: string) =>
  tokenCall(client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

export const refreshAccessToken = (client: OAuthClient, refreshToken: string) =>
  tokenCall(client, { grant_type: 'refresh_token', refresh_token: refreshToken });
