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

/**
 * A refusal whose sentence is shown as it is: a closed week's, or the server's 403 of another
 * person's entry ('Entered by Luis Mendoza: only an administrator can change it', details.enteredBy; issue 28).
 */
export function entryRefusal(error: unknown): string | null {
  const week = weekLockRefusal(error);
  if (week !== null || !(error instanceof ApiError) || error.code !== 'PERMISSION_DENIED') return week;
  const details = error.details as { enteredBy?: unknown } | null | undefined;
  return details && 'enteredBy' in details ? error.message : null;
}
