import { CALENDAR_MESSAGES as M } from '../../../core/calendar/calendar.ts';
import { CalendarHttpError } from '../../integrations/google/calendar-api.ts';
import { JobError } from '../../jobs/runner.ts';

/** A calendar that needs (re)connecting is looked at again this often, no attempt counted; connecting re-arms at once. */
const WAIT_FOR_CONNECTION_MS = 60 * 60_000;

/** Why the calendar cannot be used right now; `transient` may pass by itself (a retry will do). */
export class CalendarUnavailable extends Error {
  constructor(readonly reason: 'notConfigured' | 'notConnected' | 'needsReconnect' | 'transient', message: string) {
    super(message);
  }
}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

const isNetwork = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || /fetch failed|ECONN|ENOTFOUND|socket/i.test(error.message));

/** SPEC §8 calendar messages for whatever a calendar call threw. */
export function calendarErrorMessage(error: unknown): string {
  if (error instanceof CalendarUnavailable) return error.message;
  if (error instanceof CalendarHttpError) {
    if (error.status === 401) return M.accessExpired;
    if (error.status === 429 || RATE_REASONS.has(error.reason)) return M.tooManyRequests;
    if (error.status === 403) return M.permissionDenied;
    if (error.status >= 500) return M.unavailable;
    return M.apiError(error.message);
  }
  if (isNetwork(error)) return M.network;
  return error instanceof Error && error.message ? error.message : M.fallbackFailure;
}

/** 429, Google's rate-limit 403s, 5xx, the network and passing token trouble are worth retrying. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof CalendarUnavailable) return error.reason === 'transient';
  if (error instanceof CalendarHttpError) return error.status === 429 || error.status >= 500 || RATE_REASONS.has(error.reason);
  return isNetwork(error);
}

/**
 * Any failure of a calendar job in the runner's terms (action items' and deadlines' events alike):
 * retry with backoff (Google's Retry-After when it gave one), wait for a connection, or give up.
 */
export function calendarJobError(error: unknown): Error {
  if (error instanceof JobError) return error;
  const message = calendarErrorMessage(error);
  if (error instanceof CalendarUnavailable && error.reason !== 'transient') {
    return new JobError(message, { retryInMs: WAIT_FOR_CONNECTION_MS, countAttempt: false });
  }
  if (isRetryable(error)) {
    return new JobError(message, error instanceof CalendarHttpError && error.retryAfterMs !== undefined ? { retryInMs: error.retryAfterMs } : {});
  }
  return new JobError(message, { permanent: true });
}
