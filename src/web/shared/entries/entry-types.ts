// The entry store's contract (issue 44, docs/decisions/129): a row's state, what a table gives the
// store (its adapter) and what the store asks of the one outbox (its queue).

/**
 * 'clean': nothing unsaved; 'pending': edited, waiting for the debounce or still incomplete;
 * 'saving': in the outbox, being sent or next in line; 'waiting': in the outbox, which gets no
 * answer now; 'error': the server refused it (or this device could not keep it); 'conflict':
 * someone else saved the row first. No row retries on its own: the outbox does, on its one
 * ladder (docs/decisions/129).
 */
export type RowStatus = 'clean' | 'pending' | 'saving' | 'waiting' | 'error' | 'conflict';

export interface RowState<D, X> {
  key: string;
  draft: D;
  /** The values last saved (or the blank row a new row started from). */
  base: D;
  /** null until the server has the row. */
  version: number | null;
  status: RowStatus;
  /** Server-side extras of the saved row (rate and cost for super admins, who created it). */
  extra: X;
  selected: boolean;
  /** A cell holds text that is not a value yet (an unparseable date): never save then. */
  blocked: boolean;
  error?: string;
  conflict?: { draft: D; version: number | null; extra: X };
}

export interface SavedEntry<D, X> { draft: D; version: number; extra: X }

export interface EntryAdapter<D, X> {
  blank(): D;
  emptyExtra: X;
  /** Request body without projectId/version, or null while the row is not valid. */
  payload(draft: D): Record<string, unknown> | null;
  /** The server's current row out of a 409 answer. */
  fromConflict(current: unknown): SavedEntry<D, X>;
  equal(a: D, b: D): boolean;
  /**
   * A save the server refused; `asIs` when the message is to be shown as it is: the session is
   * gone, or the entry's week is closed (the lock's sentence, issue 25).
   */
  onSaveError(message: string, asIs: boolean): void;
}

// How the rows' store reaches the offline queue (issue 26, docs/decisions/106): a small interface,
// so the store's rules are tested against a fake queue, and the real one (outbox-queue.ts) is the
// app's one outbox.

export interface QueueFailure { status: number; code: string; message: string; details?: unknown }
export type QueueAnswer = { ok: true; body: unknown } | { ok: false; failure: QueueFailure };

/** A row's write found in the queue when the table opens (the tab was closed before it went out). */
export interface QueuedWrite {
  key: string;
  method: 'PUT' | 'DELETE';
  /** The PUT's body: the row's fields and, for an update, the version it was made on. */
  json?: Record<string, unknown>;
  failure?: QueueFailure;
}

export interface EntryQueue {
  /** Keeps the row's save (a waiting one of the same row is replaced: one row's unsent edit is one change). */
  put(key: string, body: Record<string, unknown>, label: string): Promise<void>;
  remove(key: string, version: number | null, label: string): Promise<void>;
  /** The row's write in the queue now, if any: being sent, or refused with its reason. */
  state(key: string): { sending: boolean; failure?: QueueFailure } | undefined;
  /** Whether the row's write is still kept in the browser database (the queue's list may not be read yet). */
  kept(key: string): Promise<boolean>;
  /** False while sends get no answer: the rows then say 'Waiting to be sent'. */
  online(): boolean;
  watch(fn: () => void): () => void;
  onAnswer(fn: (key: string, method: string, answer: QueueAnswer) => void): () => void;
  /** Drops the row's write (its refused or never-sent one). */
  discard(key: string): Promise<void>;
}

/** What the store needs to save through the queue instead of calling the server itself. */
export interface QueueMode<D, X> {
  queue: EntryQueue;
  /** What the queue's list says, e.g. 'Time row 27 Nov, 2.5 h'. */
  label(draft: D): string;
  /** The saved row out of a PUT's answer. */
  fromAnswer(body: unknown): SavedEntry<D, X>;
  /** A waiting PUT's body back into the row's cells. */
  fromPayload(json: Record<string, unknown>): D;
  /** The rows as the server has them now (a write answered in another tab, or before this table opened). */
  reread(): Promise<Map<string, SavedEntry<D, X>>>;
}
