// The offline queue's rules (issue 26, docs/decisions/102): what its one line says, and what a
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
 * it wait, so the order holds), 'signed-out' (kept until the same person signs in again), or
 * 'failed' (the server refused it: kept in the list with the reason, the rest go on).
 * `status` 0 means no answer at all.
 */
export type SendOutcome = 'done' | 'retry' | 'signed-out' | 'failed';

export function sendOutcome(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 0 || status >= 500 || status === 429 || status === 408) return 'retry';
  if (status === 401) return 'signed-out';
  return 'failed';
}

/** Retry delays after a send got no answer: 1, 2, 5, 10, then every 30 s (as saves do, ADR 031). */
export const OUTBOX_RETRY_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

export const outboxRetryDelay = (attempt: number) => OUTBOX_RETRY_MS[Math.min(attempt, OUTBOX_RETRY_MS.length - 1)]!;

/** Why a write is not kept when the browser's storage refuses it (full, blocked, private mode): said where it was made and in the queue's list. */
export const OUTBOX_NOT_KEPT = 'Not saved: this device could not keep it (its storage is full or blocked). Keep this page open and try again.';
