import { AUTO_SAVE_DEBOUNCE_MS } from '../../../core/constants.ts';
import type { ErrorCode } from '../../../core/errors.ts';
import { ApiError } from '../../lib/transport.ts';
import { newId } from '../../lib/new-id.ts';
import { entryRefusal } from './week-lock.ts';
import type { RowStatus, RowState, SavedEntry, EntryAdapter, QueueFailure, QueueAnswer, QueuedWrite, QueueMode } from './entry-types.ts';

/** How long a row's write may be gone from the queue before its answer is taken as heard elsewhere. */
const VANISHED_MS = 300;

interface Queued<D> {
  /** The draft of the row's latest write in the queue. */
  sent: D;
  /** The queue has listed it (a write gone from the list after that was answered). */
  seen: boolean;
}

/**
 * Rows of one table (a project's time or expense rows, a timesheet week's cells), outside React:
 * each row component subscribes to its own row, so typing re-renders one row (and the totals),
 * never the table. A valid row is saved 1 s after its last edit by handing its write to the app's
 * one outbox (docs/decisions/106, 129), online or not: in order, exactly once, kept across a closed
 * tab, retried there on the one ladder. A row's unsent edit is one change: a newer edit replaces its
 * waiting write. The outbox's answers come back here; conflicts wait for the user's choice.
 */
export class EntryStore<D, X> {
  private rows = new Map<string, RowState<D, X>>();
  private keys: string[] = [];
  private rowListeners = new Map<string, Set<() => void>>();
  private listeners = new Set<() => void>();
  private rekeyListeners = new Set<(from: string, to: string) => void>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private inflight = new Map<string, Promise<void>>();
  private revision = 0;
  /** Set by dispose(): no timers any more, only the one last flush. */
  private disposed = false;
  /** Rows to save once more as soon as their current save settles (after dispose()). */
  private flushAfter = new Set<string>();
  /** The rows' writes in the outbox: what each last handed over. */
  private queued = new Map<string, Queued<D>>();
  /** Rows deleted while their DELETE waits: put back if the server refuses it. */
  private removed = new Map<string, { row: RowState<D, X>; index: number; seen: boolean }>();
  /** Rows edited while their write was being sent: saved again once it is answered. */
  private sendAfter = new Set<string>();
  private waiters = new Map<string, () => void>();
  private stop: (() => void)[] = [];

  constructor(
    private adapter: EntryAdapter<D, X>, private mode: QueueMode<D, X>,
    saved: (SavedEntry<D, X> & { key: string })[], waiting: QueuedWrite[] = [],
  ) {
    for (const entry of saved) {
      this.rows.set(entry.key, {
        key: entry.key, draft: entry.draft, base: entry.draft, version: entry.version, status: 'clean',
        extra: entry.extra, selected: false, blocked: false,
      });
      this.keys.push(entry.key);
    }
    for (const write of waiting) this.restore(write);
    if (this.keys.length === 0) this.add();
    this.stop.push(mode.queue.watch(this.queueChanged), mode.queue.onAnswer(this.answered));
    // A write read from the browser database may have been answered before this store listened.
    this.queueChanged();
  }

  // --- reading (for useSyncExternalStore) ---
  getKeys = () => this.keys;
  getRow = (key: string) => this.rows.get(key);
  getRevision = () => this.revision;
  allRows = () => this.keys.map((key) => this.rows.get(key)!);
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  subscribeRow = (key: string, fn: () => void) => {
    let set = this.rowListeners.get(key);
    if (!set) this.rowListeners.set(key, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  };
  /** Rows only on this page: not on the server, nor kept in the outbox (a row the outbox could not keep). */
  unsavedCount = () => this.allRows().filter((row) => this.isUnsaved(row)).length;
  /**
   * Rows whose input would be lost if the store were disposed now: dispose() hands valid waiting
   * rows to the outbox, so only incomplete or blocked rows (no valid value to keep) are lost.
   */
  lostOnDisposeCount = () => this.allRows().filter((row) => this.wouldBeLost(row)).length;

  // --- editing ---
  update(key: string, patch: Partial<D>) {
    const row = this.rows.get(key);
    if (!row) return;
    const draft = { ...row.draft, ...patch };
    this.set(key, { draft, status: this.statusAfterEdit(row, draft), error: undefined });
    this.schedule(key, AUTO_SAVE_DEBOUNCE_MS);
  }

  setBlocked(key: string, blocked: boolean) {
    const row = this.rows.get(key);
    if (!row || row.blocked === blocked) return;
    const status = blocked
      ? (row.status === 'clean' ? 'pending' : row.status)
      : (row.status === 'pending' && this.adapter.equal(row.draft, row.base) && !this.queued.has(key) ? 'clean' : row.status);
    this.set(key, { blocked, status });
    if (!blocked) this.schedule(key, AUTO_SAVE_DEBOUNCE_MS);
  }

  toggleSelected(key: string, selected: boolean) {
    this.set(key, { selected });
  }

  /** Appends a row (or inserts it below `after`); returns its key. */
  add(draft?: D, after?: string): string {
    const key = newId();
    const base = this.adapter.blank();
    const value = draft ?? base;
    this.rows.set(key, {
      key, draft: value, base, version: null, status: this.adapter.equal(value, base) ? 'clean' : 'pending',
      extra: this.adapter.emptyExtra, selected: false, blocked: false,
    });
    const index = after ? this.keys.indexOf(after) : -1;
    this.keys = index >= 0 ? [...this.keys.slice(0, index + 1), key, ...this.keys.slice(index + 1)] : [...this.keys, key];
    this.changed();
    if (draft) this.schedule(key, AUTO_SAVE_DEBOUNCE_MS);
    return key;
  }

  /** Adds an entry saved elsewhere (a stopped timer) as a clean row, or takes its values when it is here. */
  addSaved(key: string, saved: SavedEntry<D, X>) {
    const state = { draft: saved.draft, base: saved.draft, version: saved.version, extra: saved.extra, status: 'clean' as const };
    if (this.rows.has(key)) {
      this.set(key, state);
      return;
    }
    this.rows.set(key, { key, ...state, selected: false, blocked: false });
    this.keys = [...this.keys, key];
    this.changed();
  }

  /**
   * Removes a row: its DELETE waits in the outbox (a row that never reached the server is removed by
   * dropping its waiting write); the last row leaves a blank one.
   */
  async remove(key: string): Promise<void> {
    clearTimeout(this.timers.get(key));
    // Let a hand-over on its way land first, and a write being sent be answered, so the delete names its version.
    const pending = this.inflight.get(key);
    if (pending) await pending;
    if (this.mode.queue.state(key)?.sending) await this.settled(key);
    clearTimeout(this.timers.get(key));
    const row = this.rows.get(key);
    if (!row) return;
    const index = this.keys.indexOf(key);
    const write = this.mode.queue.state(key);
    this.queued.delete(key);
    this.sendAfter.delete(key);
    if (row.version === null && write && !write.sending) await this.mode.queue.discard(key); // never reached the server
    else if (row.version !== null || write) {
      this.removed.set(key, { row, index, seen: false });
      await this.mode.queue.remove(key, row.version, `Delete ${this.mode.label(row.draft).replace(/^./, (c) => c.toLowerCase())}`);
    }
    this.rows.delete(key);
    this.keys = this.keys.filter((k) => k !== key);
    if (this.keys.length === 0) this.add();
    this.changed();
  }

  /** The user's answer to a conflict: take the server's values, or save theirs over them knowingly. */
  resolveConflict(key: string, choice: 'theirs' | 'mine') {
    const row = this.rows.get(key);
    if (!row?.conflict) return;
    const { conflict } = row;
    // Their version: the refused write leaves the outbox's list too. Mine: the new save replaces it
    // (in place), or, for a row deleted on the server, goes under a new id (its refused write leaves the list).
    const deleted = conflict.version === null;
    if (choice === 'theirs' ? !deleted : deleted) void this.mode.queue.discard(key);
    if (choice === 'theirs') {
      if (conflict.version === null) {
        void this.remove(key);
        return;
      }
      this.set(key, { draft: conflict.draft, base: conflict.draft, version: conflict.version, extra: conflict.extra, status: 'clean', conflict: undefined });
    } else if (conflict.version === null) {
      // Deleted on the server: saved again as a new entry. Its old id stays deleted (410, docs/decisions/110).
      void this.save(this.rekey(key));
    } else {
      this.set(key, { version: conflict.version, status: 'pending', conflict: undefined });
      void this.save(key);
    }
  }

  /** Told when a row gets a new id (saved again after a delete on the server): a screen that maps ids follows. */
  onRekey = (fn: (from: string, to: string) => void) => {
    this.rekeyListeners.add(fn);
    return () => this.rekeyListeners.delete(fn);
  };

  /** The row, not on the server, under a new id in its place: what it holds is saved as a new entry. */
  private rekey(key: string): string {
    const row = this.rows.get(key)!;
    const fresh = newId();
    clearTimeout(this.timers.get(key));
    this.queued.delete(key);
    this.rows.delete(key);
    this.rows.set(fresh, { ...row, key: fresh, version: null, status: 'pending', conflict: undefined, error: undefined });
    this.keys = this.keys.map((k) => (k === key ? fresh : k));
    this.rekeyListeners.forEach((fn) => fn(key, fresh));
    this.changed();
    return fresh;
  }

  /** Hands every waiting row to the outbox now (leaving the project, bulk actions). */
  flush() {
    for (const key of this.keys) if (this.rows.get(key)?.status === 'pending') void this.save(key);
  }

  /** Stops every timer; waiting valid rows are handed to the outbox once (their latest draft). */
  dispose() {
    if (this.disposed) return;
    this.flush();
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const stop of this.stop) stop();
    this.stop = [];
  }

  // --- saving ---
  private statusAfterEdit(row: RowState<D, X>, draft: D): RowStatus {
    if (row.status === 'conflict') return 'conflict';
    // A waiting write holds older values: the row saves again even if edited back to the saved ones.
    if (this.queued.has(row.key)) return 'pending';
    return this.adapter.equal(draft, row.base) && !row.blocked ? 'clean' : 'pending';
  }

  private isUnsaved(row: RowState<D, X>): boolean {
    // The rest is on the server or kept in the outbox; a row the outbox could not keep is only on the page.
    return row.status === 'pending' || (row.status === 'error' && this.mode.queue.state(row.key) === undefined);
  }

  private wouldBeLost(row: RowState<D, X>): boolean {
    return row.status === 'pending' && (row.blocked || this.adapter.payload(row.draft) === null);
  }

  private schedule(key: string, ms: number) {
    clearTimeout(this.timers.get(key));
    if (this.disposed) return;
    this.timers.set(key, setTimeout(() => void this.save(key), ms));
  }

  /**
   * After a write settled: if the user kept typing while it was on its way, save the newest draft
   * (after the debounce; at once when the page is gone, as the one last flush).
   */
  private followUp(key: string, sent: D) {
    const now = this.rows.get(key);
    if (!now || now.status === 'conflict' || this.adapter.equal(now.draft, sent)) return;
    if (this.disposed) this.flushAfter.add(key);
    else this.schedule(key, AUTO_SAVE_DEBOUNCE_MS);
  }

  private save(key: string): Promise<void> {
    if (this.inflight.has(key)) return this.inflight.get(key)!;
    const run = this.saveOnce(key).finally(() => {
      this.inflight.delete(key);
      if (this.flushAfter.delete(key)) void this.save(key);
    });
    this.inflight.set(key, run);
    return run;
  }

  private async saveOnce(key: string): Promise<void> {
    clearTimeout(this.timers.get(key));
    const row = this.rows.get(key);
    if (!row || row.blocked || row.status === 'conflict') return;
    const waiting = this.queued.has(key) || this.mode.queue.state(key) !== undefined;
    if (!waiting && row.version !== null && this.adapter.equal(row.draft, row.base)) {
      if (row.status !== 'clean') this.set(key, { status: 'clean' });
      return;
    }
    const body = this.adapter.payload(row.draft);
    if (!body) return;
    // Its write is on its way: a second one would carry the version before it. Saved when answered.
    if (this.mode.queue.state(key)?.sending) {
      this.sendAfter.add(key);
      return;
    }
    const sent = row.draft;
    this.queued.set(key, { sent, seen: this.queued.get(key)?.seen ?? false });
    this.set(key, { status: this.queueStatus(), error: undefined });
    try {
      await this.mode.queue.put(key, { ...body, ...(row.version === null ? {} : { version: row.version }) }, this.mode.label(sent));
    } catch (error) {
      // The browser could not keep it: the row stays on the page, unsaved, and says why.
      this.queued.delete(key);
      this.set(key, { status: 'error', error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The one conflict flow: what the server's refusal of a row's write means for the row. */
  private failed(key: string, e: ApiError, sent: D, tell: boolean) {
    const row = this.rows.get(key);
    if (!row) return;
    const current = (e.details as { current?: unknown } | undefined)?.current;
    if (e.code === 'EDIT_CONFLICT') {
      this.set(key, { status: 'conflict', conflict: current ? this.adapter.fromConflict(current) : undefined });
      return;
    }
    if (e.status === 404 || e.status === 410) {
      // Deleted by someone else while this edit was open, or before a resent create arrived (410):
      // the user decides whether it comes back.
      this.set(key, { status: 'conflict', conflict: { draft: row.draft, version: null, extra: this.adapter.emptyExtra } });
      return;
    }
    const message = e.status === 401 ? 'Authentication error. Please log in again.' : e.message;
    this.set(key, { status: 'error', error: message });
    // A refusal found on opening the table is shown on its row only, not in the result modal.
    if (tell) this.adapter.onSaveError(message, e.status === 401 || entryRefusal(e) !== null);
    // The refusal was of an older draft: the newer one the user typed meanwhile still gets its save.
    if (!this.adapter.equal(row.draft, sent)) this.followUp(key, sent);
  }

  private queueStatus(): RowStatus {
    return this.mode.queue.online() ? 'saving' : 'waiting';
  }

  /** A write found in the outbox as the table opens: its row shows what waits, or why it was refused. */
  private restore(write: QueuedWrite) {
    const row = this.rows.get(write.key);
    if (write.method === 'DELETE') {
      if (!row) return;
      this.removed.set(write.key, { row, index: this.keys.indexOf(write.key), seen: true });
      this.rows.delete(write.key);
      this.keys = this.keys.filter((k) => k !== write.key);
      return;
    }
    const draft = this.mode.fromPayload(write.json ?? {});
    const version = typeof write.json?.version === 'number' ? write.json.version : null;
    const state: RowState<D, X> = {
      key: write.key, draft, base: row?.base ?? this.adapter.blank(), version, status: this.queueStatus(),
      extra: row?.extra ?? this.adapter.emptyExtra, selected: false, blocked: false,
    };
    if (!row) this.keys = [...this.keys, write.key];
    this.rows.set(write.key, state);
    // Read from the browser database: it was in the outbox (gone from it later means answered).
    this.queued.set(write.key, { sent: draft, seen: true });
    if (write.failure) this.refused(write.key, write.failure, false);
  }

  private queueChanged = () => {
    for (const [key, entry] of this.queued) {
      const write = this.mode.queue.state(key);
      if (!write) {
        if (entry.seen) setTimeout(() => void this.vanished(key, entry), VANISHED_MS);
        continue;
      }
      entry.seen = true;
      if (write.failure) {
        this.refused(key, write.failure, true);
        continue;
      }
      const status = this.queueStatus();
      const row = this.rows.get(key);
      if ((row?.status === 'saving' || row?.status === 'waiting') && row.status !== status) this.set(key, { status });
    }
    for (const [key, gone] of this.removed) {
      const write = this.mode.queue.state(key);
      if (write?.failure) this.deleteRefused(key, write.failure);
      else if (write) gone.seen = true;
      else if (gone.seen) this.removed.delete(key);
    }
  };

  private answered = (key: string, method: string, answer: QueueAnswer) => {
    if (method === 'DELETE') {
      if (answer.ok) this.removed.delete(key);
      else this.deleteRefused(key, answer.failure);
      return;
    }
    if (!answer.ok) {
      this.refused(key, answer.failure, true);
      return;
    }
    const entry = this.queued.get(key);
    if (!entry) return;
    this.queued.delete(key);
    this.savedAs(key, entry.sent, this.mode.fromAnswer(answer.body));
  };

  /** The server has the row as `saved`; `sent` is what this page last queued for it. */
  private savedAs(key: string, sent: D, saved: SavedEntry<D, X>) {
    this.wake(key);
    const row = this.rows.get(key);
    if (!row) return;
    // The server's values are what was sent (told apart by their request bodies, which are trimmed
    // and parsed): the cells keep what was typed. Otherwise the server holds older values.
    const base = this.samePayload(saved.draft, sent) ? sent : saved.draft;
    const edited = !this.adapter.equal(row.draft, base);
    this.set(key, {
      base, version: saved.version, extra: saved.extra, error: undefined,
      status: edited || row.blocked ? 'pending' : 'clean',
    });
    if (this.sendAfter.delete(key) && edited) void this.save(key);
    else if (edited) this.followUp(key, base);
  }

  private refused(key: string, failure: QueueFailure, tell: boolean) {
    const entry = this.queued.get(key);
    if (!entry) return;
    this.queued.delete(key);
    this.wake(key);
    this.failed(key, new ApiError(failure.code as ErrorCode, failure.message, failure.status, failure.details), entry.sent, tell);
  }

  /** The server refused a delete: the row comes back with the reason. */
  private deleteRefused(key: string, failure: QueueFailure) {
    const gone = this.removed.get(key);
    if (!gone) return;
    this.removed.delete(key);
    this.keys = this.keys.filter((k) => k !== key);
    this.rows.set(key, { ...gone.row, status: 'error', error: failure.message });
    this.keys = [...this.keys.slice(0, gone.index), key, ...this.keys.slice(gone.index)];
    this.changed();
    this.adapter.onSaveError(`The entry was not deleted: ${failure.message}`, true);
  }

  /**
   * The row's write left the outbox without an answer here: sent by another tab (which holds the
   * outbox's lock), answered before this table listened, or discarded from the outbox's list. The
   * row is read again: the server has what was sent (saved), or not (discarded: the server's row,
   * or none, stands).
   */
  private async vanished(key: string, entry: Queued<D>) {
    if (this.queued.get(key) !== entry || this.mode.queue.state(key)) return;
    if (await this.mode.queue.kept(key)) {
      entry.seen = false; // the outbox's list was not read yet
      return;
    }
    if (this.queued.get(key) !== entry) return;
    this.queued.delete(key);
    try {
      const saved = (await this.mode.reread()).get(key);
      const row = this.rows.get(key);
      if (!row || this.queued.has(key)) return;
      if (saved && this.samePayload(saved.draft, entry.sent)) this.savedAs(key, entry.sent, saved);
      else if (saved) this.set(key, { draft: saved.draft, base: saved.draft, version: saved.version, extra: saved.extra, status: 'clean', error: undefined });
      else {
        this.rows.delete(key);
        this.keys = this.keys.filter((k) => k !== key);
        if (this.keys.length === 0) this.add();
        this.changed();
      }
    } catch {
      // No answer: it is looked at again when the outbox changes next.
      if (!this.queued.has(key)) this.queued.set(key, { ...entry, seen: false });
    } finally {
      this.wake(key);
    }
  }

  private samePayload(a: D, b: D): boolean {
    return JSON.stringify(this.adapter.payload(a)) === JSON.stringify(this.adapter.payload(b));
  }

  /** Resolves once the row's write on its way is answered (or gone). */
  private settled(key: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 15_000);
      this.waiters.set(key, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(key: string) {
    this.waiters.get(key)?.();
    this.waiters.delete(key);
  }

  private set(key: string, patch: Partial<RowState<D, X>>) {
    const row = this.rows.get(key);
    if (!row) return;
    this.rows.set(key, { ...row, ...patch });
    this.rowListeners.get(key)?.forEach((fn) => fn());
    this.changed();
  }

  private changed() {
    this.revision += 1;
    this.listeners.forEach((fn) => fn());
  }
}
