import { AUTO_SAVE_DEBOUNCE_MS } from '../../../core/constants.ts';
import { ApiError } from '../../lib/transport.ts';
import { debugLog } from '../../lib/debug-log.ts';
import { newId } from '../../lib/new-id.ts';
import { entryRefusal } from './week-lock.ts';

/**
 * 'clean': nothing unsaved; 'pending': edited, waiting for the debounce or still incomplete;
 * 'saving'; 'retrying': the last save failed for a reason that may pass (network, 5xx);
 * 'waiting': kept in the offline queue, which gets no answer now (queued-entry-store.ts);
 * 'error': the server refused it; 'conflict': someone else saved the row first.
 */
export type RowStatus = 'clean' | 'pending' | 'saving' | 'retrying' | 'waiting' | 'error' | 'conflict';

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
  put(key: string, body: Record<string, unknown>): Promise<SavedEntry<D, X>>;
  remove(key: string, version: number | null): Promise<void>;
  /** The server's current row out of a 409 answer. */
  fromConflict(current: unknown): SavedEntry<D, X>;
  equal(a: D, b: D): boolean;
  /**
   * A save the server refused; `asIs` when the message is to be shown as it is: the session is
   * gone, or the entry's week is closed (the lock's sentence, issue 25).
   */
  onSaveError(message: string, asIs: boolean): void;
}

/** Backoff steps; the last one is the cap (a row keeps retrying every ~30 s while the page is open). */
const RETRY_MS = [1000, 2000, 5000, 10000, 30000];
/** 429 (too many requests) starts further up the ladder: the server asked us to slow down. */
const THROTTLED_STEP = 2;
/** When the browser comes back online, waiting rows retry this far apart, not all at once. */
const ONLINE_STAGGER_MS = 150;

/** ±25 % random spread, so many rows (or many tabs) failing together do not retry in lockstep. */
function jitter(ms: number): number {
  return Math.round(ms * (0.75 + Math.random() * 0.5));
}

/**
 * Rows of one table of one project, outside React: each row component subscribes to its own
 * row, so typing re-renders one row (and the totals), never the table. It auto-saves a valid
 * row 1 s after its last edit with an idempotent PUT and never drops an edit: failed saves
 * retry with backoff, conflicts wait for the user's choice.
 */
export class EntryStore<D, X> {
  protected rows = new Map<string, RowState<D, X>>();
  protected keys: string[] = [];
  private rowListeners = new Map<string, Set<() => void>>();
  private listeners = new Set<() => void>();
  private rekeyListeners = new Set<(from: string, to: string) => void>();
  protected timers = new Map<string, ReturnType<typeof setTimeout>>();
  private attempts = new Map<string, number>();
  private inflight = new Map<string, Promise<void>>();
  private revision = 0;
  /** Set by dispose(): no timers and no retries any more, only the one last flush. */
  protected disposed = false;
  /** Rows to save once more as soon as their current save settles (after dispose()). */
  private flushAfter = new Set<string>();

  constructor(protected adapter: EntryAdapter<D, X>, saved: (SavedEntry<D, X> & { key: string })[]) {
    for (const entry of saved) {
      this.rows.set(entry.key, {
        key: entry.key, draft: entry.draft, base: entry.draft, version: entry.version, status: 'clean',
        extra: entry.extra, selected: false, blocked: false,
      });
      this.keys.push(entry.key);
    }
    if (this.keys.length === 0) this.add();
    if (typeof window !== 'undefined') window.addEventListener('online', this.retryNow);
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
  unsavedCount = () => this.allRows().filter((row) => this.isUnsaved(row)).length;
  /**
   * Rows whose input would be lost if the store were disposed now: dispose() saves only valid
   * waiting rows (once), so refused, conflicting, retrying, incomplete or blocked rows are lost.
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
      : (row.status === 'pending' && this.adapter.equal(row.draft, row.base) ? 'clean' : row.status);
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

  /** Removes a row (on the server first when it has been saved); the last row leaves a blank one. */
  async remove(key: string): Promise<void> {
    clearTimeout(this.timers.get(key));
    // Let a save on its way land first, so the delete cannot arrive before the create.
    const pending = this.inflight.get(key);
    if (pending) await pending;
    clearTimeout(this.timers.get(key));
    const row = this.rows.get(key);
    if (!row) return;
    if (row.version !== null || row.status === 'retrying' || row.status === 'error') {
      try {
        await this.adapter.remove(key, row.version);
      } catch (error) {
        // The row stays: its unsaved edit must still be saved (its timer was cleared above).
        this.resumeAfterFailedRemove(key);
        throw error;
      }
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
    this.attempts.delete(key);
    this.rows.delete(key);
    this.rows.set(fresh, { ...row, key: fresh, version: null, status: 'pending', conflict: undefined, error: undefined });
    this.keys = this.keys.map((k) => (k === key ? fresh : k));
    this.rekeyListeners.forEach((fn) => fn(key, fresh));
    this.changed();
    return fresh;
  }

  /** Saves every waiting row now (leaving the project, bulk actions). */
  flush() {
    for (const key of this.keys) if (this.rows.get(key)?.status === 'pending') void this.save(key);
  }

  /** Stops every timer and retry; waiting valid rows are saved once (their latest draft). */
  dispose() {
    if (this.disposed) return;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.retryNow);
    this.flush();
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  // --- saving ---
  protected statusAfterEdit(row: RowState<D, X>, draft: D): RowStatus {
    if (row.status === 'conflict') return 'conflict';
    if (row.status === 'saving') return 'saving';
    return this.adapter.equal(draft, row.base) && !row.blocked ? 'clean' : 'pending';
  }

  /** Not on the server yet, nor kept anywhere but this page. */
  protected isUnsaved(row: RowState<D, X>): boolean {
    return row.status !== 'clean';
  }

  protected wouldBeLost(row: RowState<D, X>): boolean {
    if (row.status === 'clean') return false;
    if (row.status === 'saving') return false; // on its way; a newer edit is flushed after it
    if (row.status === 'pending') return row.blocked || this.adapter.payload(row.draft) === null;
    return true; // error, retrying, conflict
  }

  protected schedule(key: string, ms: number) {
    clearTimeout(this.timers.get(key));
    if (this.disposed) return;
    this.timers.set(key, setTimeout(() => void this.save(key), ms));
  }

  /** Back online: retry the waiting rows now, a little apart, with a fresh backoff. */
  private retryNow = () => {
    let index = 0;
    for (const key of this.keys) {
      if (this.rows.get(key)?.status !== 'retrying') continue;
      this.attempts.delete(key);
      this.schedule(key, index * ONLINE_STAGGER_MS + Math.round(Math.random() * ONLINE_STAGGER_MS));
      index += 1;
    }
  };

  /** A delete failed after the row's timer was cleared: put its pending save back. */
  private resumeAfterFailedRemove(key: string) {
    const row = this.rows.get(key);
    if (!row || this.inflight.has(key)) return;
    if (row.status === 'pending') this.schedule(key, AUTO_SAVE_DEBOUNCE_MS);
    else if (row.status === 'retrying') this.schedule(key, jitter(RETRY_MS[0]!));
  }

  /**
   * After a save settled: if the user kept typing while it was on its way, save the newest draft
   * (after the debounce; at once when the page is gone, as the one last flush).
   */
  protected followUp(key: string, sent: D) {
    const now = this.rows.get(key);
    if (!now || now.status === 'conflict' || this.adapter.equal(now.draft, sent)) return;
    if (this.disposed) this.flushAfter.add(key);
    else this.schedule(key, AUTO_SAVE_DEBOUNCE_MS);
  }

  protected save(key: string): Promise<void> {
    if (this.inflight.has(key)) return this.inflight.get(key)!;
    const run = this.saveOnce(key).finally(() => {
      this.inflight.delete(key);
      if (this.flushAfter.delete(key)) void this.save(key);
    });
    this.inflight.set(key, run);
    return run;
  }

  protected async saveOnce(key: string): Promise<void> {
    clearTimeout(this.timers.get(key));
    const row = this.rows.get(key);
    if (!row || row.blocked || row.status === 'conflict') return;
    if (row.version !== null && this.adapter.equal(row.draft, row.base)) {
      if (row.status !== 'clean') this.set(key, { status: 'clean' });
      return;
    }
    const body = this.adapter.payload(row.draft);
    if (!body) return;
    const sent = row.draft;
    this.set(key, { status: 'saving' });
    try {
      const saved = await this.adapter.put(key, { ...body, ...(row.version === null ? {} : { version: row.version }) });
      this.attempts.delete(key);
      const now = this.rows.get(key);
      if (!now) return;
      const edited = !this.adapter.equal(now.draft, sent);
      this.set(key, {
        base: sent, version: saved.version, extra: saved.extra, error: undefined,
        status: edited || now.blocked ? 'pending' : 'clean',
      });
      if (edited) this.followUp(key, sent);
    } catch (error) {
      this.failed(key, error, sent);
    }
  }

  protected failed(key: string, error: unknown, sent: D) {
    const row = this.rows.get(key);
    if (!row) return;
    const edited = !this.adapter.equal(row.draft, sent);
    const e = error instanceof ApiError ? error : null;
    if (e?.code === 'EDIT_CONFLICT') {
      const current = (e.details as { current?: unknown } | undefined)?.current;
      this.set(key, { status: 'conflict', conflict: current ? this.adapter.fromConflict(current) : undefined });
      return;
    }
    if (e?.status === 404 || e?.status === 410) {
      // Deleted by someone else while this edit was open, or before a resent create arrived (410):
      // the user decides whether it comes back.
      this.set(key, { status: 'conflict', conflict: { draft: this.rows.get(key)!.draft, version: null, extra: this.adapter.emptyExtra } });
      return;
    }
    const retryable = !e || e.status === 0 || e.status >= 500 || e.status === 429;
    // The retry saves the newest draft, so an edit made meanwhile goes with it. None after dispose():
    // leaving with such rows asks first (lostOnDisposeCount).
    if (retryable) {
      const attempt = this.attempts.get(key) ?? 0;
      this.attempts.set(key, attempt + 1);
      this.set(key, { status: 'retrying', error: e?.message });
      const step = Math.min(e?.status === 429 ? Math.max(attempt, THROTTLED_STEP) : attempt, RETRY_MS.length - 1);
      this.schedule(key, jitter(RETRY_MS[step]!));
      debugLog('warn', `save of ${key} failed, retry ${attempt + 1}`, String(error));
      return;
    }
    this.attempts.delete(key);
    const message = e?.status === 401 ? 'Authentication error. Please log in again.' : (e?.message ?? String(error));
    this.set(key, { status: 'error', error: message });
    this.adapter.onSaveError(message, e?.status === 401 || entryRefusal(e) !== null);
    // The refusal was of an older draft: the newer one the user typed meanwhile still gets its save.
    if (edited) this.followUp(key, sent);
  }

  protected set(key: string, patch: Partial<RowState<D, X>>) {
    const row = this.rows.get(key);
    if (!row) return;
    this.rows.set(key, { ...row, ...patch });
    this.rowListeners.get(key)?.forEach((fn) => fn());
    this.changed();
  }

  protected changed() {
    this.revision += 1;
    this.listeners.forEach((fn) => fn());
  }
}
