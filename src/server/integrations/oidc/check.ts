import * as oidc from 'openid-client';
import { discover, isUnreachable } from './client.ts';

// Settings' 'Test' of a provider (docs/decisions/091): read the discovery document as sign-in will,
// and say in words what is wrong with it.

const discoveryUrl = (issuerUrl: string) => `${issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`;

function causeText(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'the connection was refused';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'no such host name';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'it did not answer in time';
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Words for a failed discovery: the sentence an administrator can act on. */
function discoveryProblem(issuerUrl: string, error: unknown): string {
  const where = discoveryUrl(issuerUrl);
  if (isUnreachable(error)) return `Casebook could not reach ${where}: ${causeText(error)}.`;
  if (!(error instanceof oidc.ClientError)) return `The discovery document at ${where} could not be read: ${causeText(error)}.`;
  const cause = error.cause as { status?: number; body?: { issuer?: unknown } } | undefined;
  switch (error.code) {
    case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
      return `${where} answered HTTP ${cause?.status ?? '?'} instead of a discovery document. Is the issuer URL right?`;
    case 'OAUTH_RESPONSE_IS_NOT_JSON':
    case 'OAUTH_PARSE_ERROR':
      return `${where} is not a discovery document (its answer is not JSON). Is the issuer URL right?`;
    case 'OAUTH_INVALID_RESPONSE':
      return `The discovery document at ${where} does not name its issuer.`;
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED':
      return `The discovery document names the issuer ${String(cause?.body?.issuer)}, not ${issuerUrl}. Use its issuer as the issuer URL.`;
    case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
      return 'The issuer URL must start with https://.';
    default:
      return `The discovery document at ${where} could not be used: ${error.message}.`;
  }
}

/** What sign-in needs of the document beyond its issuer: where to send people, where to fetch tokens and keys. */
function metadataProblem(meta: oidc.ServerMetadata): string | null {
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((k) => typeof meta[k] !== 'string');
  if (missing.length) return `The discovery document lacks ${missing.join(', ')}: sign-in cannot work with this provider.`;
  const methods = meta.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) return 'The provider does not offer PKCE with S256, which Casebook requires.';
  const types = meta.response_types_supported;
  if (Array.isArray(types) && !types.includes('code')) return "The provider does not offer the authorization code flow (response type 'code').";
  return null;
}

/** Reads the discovery document of an issuer: ok with where sign-in goes, or what is wrong. */
export async function checkDiscovery(issuerUrl: string, clientId: string): Promise<{ ok: boolean; message: string }> {
  let config: oidc.Configuration;
  try {
    config = await discover({ issuerUrl, clientId });
  } catch (error) {
    return { ok: false, message: discoveryProblem(issuerUrl, error) };
  }
  const meta = config.serverMetadata();
  const problem = metadataProblem(meta);
  if (problem) return { ok: false, message: problem };
  return { ok: true, message: `The discovery document was read: people sign in at ${String(meta.authorization_endpoint)}.` };
}
