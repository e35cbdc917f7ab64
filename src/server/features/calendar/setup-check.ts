import type { TCalendarSetupProblem } from '../../../core/api/calendar.ts';
import { CALENDAR_MESSAGES as M } from '../../../core/calendar/calendar.ts';
import { authorizationPageError, authorizationUrl, exchangeCode, OAuthError, type OAuthClient } from '../../integrations/google/oauth.ts';
import { calendarErrorMessage } from './errors.ts';

// A code no consent ever gave: Google answers invalid_grant when the client id and secret are right,
// invalid_client when they are not ('The OAuth client was not found.' for an unknown id).
const PROBE_CODE = 'casebook-connection-test';

export interface SetupVerdict {
  problem: TCalendarSetupProblem | null;
  message: string;
}

/** Google's refusal of the client, in words: an unknown id, or a secret that is not this id's. */
function clientRefusal(error: OAuthError): SetupVerdict {
  return /not found/i.test(error.description)
    ? { problem: 'clientId', message: M.unknownClientId }
    : { problem: 'clientSecret', message: M.wrongClientSecret };
}

/**
 * Test connection before anyone consents (docs/decisions/099): the token endpoint judges the client
 * id and secret, the authorisation page the redirect URI. null when Google accepts all three.
 */
export async function checkSetup(client: OAuthClient, authUrl: string, redirectUri: string): Promise<SetupVerdict | null> {
  try {
    await exchangeCode(client, PROBE_CODE, redirectUri);
  } catch (error) {
    if (!(error instanceof OAuthError)) return { problem: null, message: calendarErrorMessage(error) };
    if (error.error === 'invalid_client' || (error.status === 401 && error.error !== 'invalid_grant')) return clientRefusal(error);
    if (error.error !== 'invalid_grant') return { problem: null, message: M.googleRefused(error.message) };
  }
  let page;
  try {
    page = await authorizationPageError(authorizationUrl({ authUrl, clientId: client.clientId, redirectUri, state: PROBE_CODE }));
  } catch (error) {
    return { problem: null, message: calendarErrorMessage(error) };
  }
  if (page === 'redirect_uri_mismatch') return { problem: 'redirectUri', message: M.redirectUriRefused(redirectUri) };
  if (page === 'invalid_client' || page === 'unauthorized_client') return { problem: 'clientId', message: M.unknownClientId };
  if (page) return { problem: null, message: M.googleRefused(page) };
  return null;
}

/** A failed code exchange (Connect's return), in the same words. */
export function exchangeFailure(error: unknown): string {
  if (error instanceof OAuthError && (error.error === 'invalid_client' || error.status === 401)) return clientRefusal(error).message;
  return M.tokenExchangeFailed(error instanceof Error ? error.message : String(error));
}
