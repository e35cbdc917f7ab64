import { UNLINK_RESET_ERROR_MS, UNLINK_RESET_MS } from '../constants.ts';

// Calendar texts (SPEC §4, §5, §8) used by the server and the browser alike.

export const CALENDAR_MESSAGES = {
  clientIdMissing: 'Google Client ID not configured. Please configure in admin settings.',
  clientIdWhileConnected: 'Disconnect the calendar before changing the client ID.',
  clientIdFromEnvironment: 'The client ID is set by GOOGLE_CLIENT_ID on the server.',
  clientSecretMissing: 'Google Client Secret not configured. Enter it in Settings → Google Calendar (or set GOOGLE_CLIENT_SECRET on the server).',
  clientSecretFromEnvironment: 'The client secret is set by GOOGLE_CLIENT_SECRET on the server.',
  /** Test connection, in words (docs/decisions/099): what Google said, and what to do about it. */
  unknownClientId: 'Google does not know this client ID. Copy it again from Google Cloud Console → APIs & Services → Credentials (it ends in .apps.googleusercontent.com).',
  wrongClientSecret: 'Google refused the client secret: it is not a secret of this client ID. Copy it again from the same OAuth client in Google Cloud Console, or add a new secret there.',
  redirectUriRefused: (uri: string) =>
    `Google does not accept the redirect URI ${uri}. Add it, exactly as shown, under "Authorized redirect URIs" of this OAuth client in Google Cloud Console.`,
  googleRefused: (detail: string) => `Google refused the request: ${detail}`,
  setupWorks: 'Google accepts this client ID, its client secret and the redirect URI. Connect to choose the calendar.',
  invalidState: 'Invalid OAuth state parameter',
  accessExpired: 'Calendar access expired. Please reconnect in Admin Settings.',
  notConnected: 'Google Calendar not connected',
  tokenExchangeFailed: (detail: string) => `Token exchange failed: ${detail}`,
  tokenRefreshFailed: (detail: string) => `Token refresh failed: ${detail}`,
  storeFailed: (detail: string) => `Failed to store tokens: ${detail}`,
  disconnectFailed: (detail: string) => `Failed to disconnect: ${detail}`,
  updateTokensFailed: (detail: string) => `Failed to update tokens: ${detail}`,
  permissionDenied: 'Calendar permission denied. Please check your account permissions.',
  unavailable: 'The calendar service is temporarily unavailable. Please try again later.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  apiError: (detail: string) => `Calendar API error: ${detail}`,
  network: 'Network error. Please check your connection and try again.',
  syncFailed: 'Failed to sync with the calendar. Please try again.',
  reconnect: 'Please reconnect the calendar in Admin Settings',
  createFailed: 'Failed to create calendar event',
  recreateFailed: 'Failed to recreate calendar event',
  unknownOperation: 'Unknown operation',
  fallbackFailure: 'Sync failed',
} as const;

/** SPEC §8 removal outcomes. */
export const REMOVAL_MESSAGES = {
  removed: 'Successfully removed from the calendar',
  alreadyRemoved: 'Event was already removed from the calendar',
  failed: 'Could not remove from the calendar - it may have already been deleted',
  unlinked: 'Sync disabled without removing from the calendar.',
} as const;

/**
 * SPEC §9: after the Remove/Unlink choice the form resets 4 s later, or 8 s when the choice failed.
 * A form holding edits the user has not saved is not reset (it would throw their work away).
 */
export function formResetAfterChoiceMs(ok: boolean): number {
  return ok ? UNLINK_RESET_MS : UNLINK_RESET_ERROR_MS;
}

export interface SyncSummary {
  total: number;
  success: number;
  failed: number;
  errors: string[];
}

export interface SyncToast {
  title: 'Sync Successful' | 'Sync Failed' | 'Partial Sync';
  message: string;
  color: 'green' | 'red' | 'yellow';
  /** Only a clean success closes by itself (SPEC §9: 5 s with a progress bar). */
  autoClose: boolean;
}

/** SPEC §4 "Sync toast": null when there is nothing to show (total 0). */
export function syncToast(summary: SyncSummary | { error: string }): SyncToast | null {
  if ('error' in summary) return { title: 'Sync Failed', message: summary.error, color: 'red', autoClose: false };
  if (summary.total <= 0) return null;
  const counts = `${summary.success} synced, ${summary.failed} failed`;
  if (summary.failed === 0) {
    return { title: 'Sync Successful', message: `${summary.success} status update(s) synced to Google Calendar`, color: 'green', autoClose: true };
  }
  if (summary.success === 0) return { title: 'Sync Failed', message: counts, color: 'red', autoClose: false };
  return { title: 'Partial Sync', message: counts, color: 'yellow', autoClose: false };
}

/** The card's indicator (SPEC §2): 'Syncing...' while the queue is being worked, else 'N pending'. */
export function syncIndicatorText(status: { syncing: boolean; pending: number }): string | null {
  if (status.syncing) return 'Syncing...';
  return status.pending > 0 ? `${status.pending} pending` : null;
}
