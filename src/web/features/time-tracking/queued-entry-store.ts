import { ApiError } from '../../lib/transport.ts';
import type { ErrorCode } from '../../../core/errors.ts';
import { EntryStore, type EntryAdapter, type RowState, type RowStatus, type SavedEntry } from './entry-store.ts';
import type { QueueAnswer, QueueFailure, QueueMode, QueuedWrite } from './entry-queue.ts';

/** How long a row's write may be gone from the queue before its answer is taken as heard elsewhere. */
const VANISHED_MS = 300;

interface Queued<D> {
  /** The draft of the row's latest write in the queue. */
  sent: D;
  /** The queue has listed it (a write gone from the list after that was answered). */
  seen: boolean;
}

/**
 * The time tracking page's rows (issue 26, docs/decisions/106): every save and delete goes to the
 * offline queue (one outbox, in order, exactly once, kept across a closed tab), online or not. A
 * row's unsent edit is one change: a newer edit replaces its waiting write. The queue's answers
 * come back here; a row whose write waits with no answer says 'Waiting to be sent'.
 */
export class QueuedEntryStore<D, X> extends EntryStore<D, X> {
  private queued = new Map<string, Queued<D>>();
  /** Rows deleted while their DELETE waits: put back if the server refuses it. */
  private removed = new Map<string, { row: RowState<D, X>; index: number; seen: boolean }>();
  /** Rows edited while their write was being sent: saved again once it is answered. */
  private sendAfter = new Set<string>();
  private waiters = new Map<string, () => void>();
  private stop: (() => void)[] = [];

  constructor(adapter: EntryAdapter<D, X>, private mode: QueueMode<D, X>, saved: (SavedEntry<D, X> & { key: string })[], waiting: QueuedWrite[] = []) {
    super(adapter, saved);
    const blank = saved.length === 0 ? this.keys[0] : undefined;
    for (const write of waiting) this.restore(write);
    if (blank && this.keys.length > 1) {
      this.rows.delete(blank);
      this.keys = this.keys.filter((k) => k !== blank);
    }
    this.stop.push(mode.queue.watch(this.queueChanged), mode.queue.onAnswer(this.answered));
    // A write read from the browser database may have been answered before this store listened.
    this.queueChanged();
  }

  override async remove(key: string): Promise<void> {
    clearTimeout(this.timers.get(key));
    if (this.mode.queue.state(key)?.sending) await this.settled(key);
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

  override resolveConflict(key: string, choice: 'theirs' | 'mine') {
    // Their version: the refused write leaves the queue's list too. Mine: the new save replaces it,
    // or, for a row deleted on the server, goes under a new id (its refused write leaves the list).
    const deleted = this.rows.get(key)?.conflict?.version === null;
    if (choice === 'theirs' ? !deleted : deleted) void this.mode.queue.discard(key);
    super.resolveConflict(key, choice);
  }

  override dispose() {
    super.dispose();
    for (const stop of this.stop) stop();
    this.stop = [];
  }

  protected override statusAfterEdit(row: RowState<D, X>, draft: D): RowStatus {
    // A waiting write holds older values: the row saves again even if edited back to the saved ones.
    if (this.queued.has(row.key) && row.status !== 'conflict') return 'pending';
    return super.statusAfterEdit(row, draft);
  }

  protected override isUnsaved(row: RowState<D, X>): boolean {
    // The rest is on the server or kept in the queue; a row the queue could not keep is only on the page.
    return row.status === 'pending' || (row.status === 'error' && this.mode.queue.state(row.key) === undefined);
  }

  protected override wouldBeLost(row: RowState<D, X>): boolean {
    return row.status === 'pending' && (row.blocked || this.adapter.payload(row.draft) === null);
  }

  protected override async saveOnce(key: string): Promise<void> {
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

  private queueStatus(): RowStatus {
    return this.mode.queue.online() ? 'saving' : 'waiting';
  }

  /** A write found in the queue as the table opens: its row shows what waits, or why it was refused. */
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
    // Read from the browser database: it was in the queue (gone from it later means answered).
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
    const error = new ApiError(failure.code as ErrorCode, failure.message, failure.status, failure.details);
    if (tell) this.failed(key, error, entry.sent);
    else this.quietlyFailed(key, error);
  }

  /** As failed(), without the result modal: a refusal found on opening the table is shown on its row. */
  private quietlyFailed(key: string, error: ApiError) {
    const current = (error.details as { current?: unknown } | undefined)?.current;
    const row = this.rows.get(key)!;
    if (error.code === 'EDIT_CONFLICT' && current) this.set(key, { status: 'conflict', conflict: this.adapter.fromConflict(current) });
    else if (error.status === 404 || error.status === 410) this.set(key, { status: 'conflict', conflict: { draft: row.draft, version: null, extra: this.adapter.emptyExtra } });
    else this.set(key, { status: 'error', error: error.message });
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
   * The row's write left the queue without an answer here: sent by another tab (which holds the
   * queue's lock), answered before this table listened, or discarded from the queue's list. The
   * row is read again: the server has what was sent (saved), or not (discarded: the server's row,
   * or none, stands).
   */
  private async vanished(key: string, entry: Queued<D>) {
    if (this.queued.get(key) !== entry || this.mode.queue.state(key)) return;
    if (await this.mode.queue.kept(key)) {
      entry.seen = false; // the queue's list was not read yet
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
      // No answer: it is looked at again when the queue changes next.
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
}
