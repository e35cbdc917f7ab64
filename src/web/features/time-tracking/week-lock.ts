import { ApiError } from '../../lib/transport.ts';

/**
 * The server's refusal of a change to an entry of a submitted or approved week (409
 * CONSTRAINT_VIOLATION with details.week, issue 25): its sentence, to show as it is; else null.
 */
export function weekLockRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'CONSTRAINT_VIOLATION') return null;
  const week = (error.details as { week?: unknown } | null | undefined)?.week;
  return week && typeof week === 'object' ? error.message : null;
}
