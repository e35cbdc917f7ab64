// The offline queue's rules (issue 26, docs/decisions/151): what its one line says, and what a
// failed send means. Shared by the queue (src/web/shared/offline/) and its tests.

export type OutboxKind = 'change' | 'photo';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The queue's line on every screen: '3 changes and 5 photos waiting', '1 change waiting',
 * '2 photos waiting', or 'All saved' when nothing waits. A change is one field's unsent edit.
 */
export function outboxSummary(waiting: { changes: number; photos: number }): string {
  const parts = [
    ...(waiting.changes ? [count(waiting.changes, 'change', 'changes')] : []),
    ...(waiting.photos ? [count(waiting.photos, 'photo', 'photos')] : []),
  ];
  return parts.length ? `${parts.join(' and ')} waiting` : 'All saved';
}

/**
 * What a send's outcome means for the item: 'done' (the server has it), 'retry' (no answer, the
 * server is down, busy or being restored: the same request goes again later, and the items after
 * it wait, so the order holds), 'signed-out' (kept until the same person signs in again),
 * 'failed' (the server refused it: kept in the list with the reason, Try again or Discard, the rest
 * go on), or 'gone' (410: its record was deleted meanwhile, docs/decisions/110; no try will ever be
 * taken, so it is dropped: never sent again, and the list says so until the person has read it).
 * `status` 0 means no answer at all.
 */
export type SendOutcome = 'done' | 'retry' | 'signed-out' | 'failed' | 'gone';

/**
 * The one idea of "retryable" (docs/decisions/129): a write that got no answer (status 0: network
 * failure, timeout), 408 Request Timeout, 429 Too Many Requests, or any 5xx (down, busy, being
 * restored) is sent again later, the same request, unchanged. Every other answer is final.
 */
export const isRetryable = (status: number): boolean => status === 0 || status === 408 || status === 429 || status >= 500;

export function sendOutcome(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (isRetryable(status)) return 'retry';
  if (status === 401) return 'signed-out';
  if (status === 410) return 'gone';
  return 'failed';
}

/** What the queue's list adds under a write whose record was deleted meanwhile (after 'Not saved: This entry was deleted.'). */
export const OUTBOX_GONE_NOTE = 'It was deleted elsewhere, so this will not be sent again.';

/** A refusal that is final (its record was deleted): the write is never sent again, only its notice stays. */
export const isGone = (failure: { status: number } | undefined): boolean => failure !== undefined && sendOutcome(failure.status) === 'gone';

/**
 * The one retry ladder (docs/decisions/129): delays after a write got no answer, 1, 2, 5, 10, then
 * every 30 s. Only the outbox retries; screens never keep a ladder of their own.
 */
export const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/** The delay before the next try after `attempt` tries got no answer (the last step is the cap). */
export const retryDelay = (attempt: number) => RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;

/** Why a write is not kept when the browser's storage refuses it (full, blocked, private mode): said where it was made and in the queue's list. */
export const OUTBOX_NOT_KEPT = 'Not saved: this device could not keep it (its storage is full or blocked). Keep this page open and try again.';
