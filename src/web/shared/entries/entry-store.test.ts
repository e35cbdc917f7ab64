import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntryStore } from './entry-store.ts';
import type { EntryAdapter, EntryQueue, QueueAnswer, QueueFailure, QueuedWrite, SavedEntry } from './entry-types.ts';

// The rows' store (issues 26, 44: every save goes through the one outbox) against a fake queue that behaves as the outbox does: a waiting
// write of the same row is replaced in place, writes go out in order, the list changes before the
// answer is told, a refusal stays in the list with its reason.
interface Draft { text: string }
type Extra = { note: string };

interface Item { key: string; method: 'PUT' | 'DELETE'; json?: Record<string, unknown>; version?: number | null; label: string; failure?: QueueFailure; sending?: boolean }

function fakeQueue() {
  const server = new Map<string, { text: string; version: number }>();
  const sent: { method: string; key: string; body?: Record<string, unknown> }[] = [];
  const items: Item[] = [];
  const watchers = new Set<() => void>();
  const listeners = new Set<(key: string, method: string, answer: QueueAnswer) => void>();
  let online = false;
  const notify = () => watchers.forEach((w) => w());
  const add = (item: Item) => {
    const index = items.findIndex((i) => i.key === item.key && !i.sending);
    if (index >= 0) items[index] = item;
    else items.push(item);
    notify();
    return Promise.resolve();
  };
  const answerOf = (item: Item): QueueAnswer => {
    const current = server.get(item.key);
    if (item.method === 'DELETE') {
      if (current && item.version !== null && current.version !== item.version) return refusal(409, 'EDIT_CONFLICT', 'conflict');
      server.delete(item.key);
      return { ok: true, body: undefined };
    }
    const version = item.json!.version;
    if (version !== undefined && current?.version !== version) {
      return refusal(409, 'EDIT_CONFLICT', 'conflict', { current: { ...current, id: item.key } });
    }
    const next = { text: String(item.json!.text), version: (current?.version ?? 0) + 1 };
    server.set(item.key, next);
    return { ok: true, body: { entry: next } };
  };
  const queue: EntryQueue = {
    put: (key, json, label) => add({ key, method: 'PUT', json, label }),
    remove: (key, version, label) => add({ key, method: 'DELETE', version, label }),
    state: (key) => {
      const item = items.find((i) => i.key === key);
      return item && { sending: Boolean(item.sending), failure: item.failure };
    },
    kept: async (key) => items.some((i) => i.key === key),
    online: () => online,
    watch: (fn) => (watchers.add(fn), () => watchers.delete(fn)),
    onAnswer: (fn) => (listeners.add(fn), () => listeners.delete(fn)),
    discard: async (key) => {
      items.splice(items.findIndex((i) => i.key === key), 1);
      notify();
    },
  };
  /** Sends the first waiting write (optionally with a refusal instead of the fake server's answer). */
  const deliver = (refuse?: QueueAnswer) => {
    const item = items.find((i) => !i.failure)!;
    sent.push({ method: item.method, key: item.key, body: item.json });
    const answer = refuse ?? answerOf(item);
    if (answer.ok) items.splice(items.indexOf(item), 1);
    else item.failure = answer.failure;
    item.sending = false;
    online = true;
    notify();
    listeners.forEach((l) => l(item.key, item.method, answer));
  };
  return {
    queue, server, sent, items, deliver, notify,
    goOnline: () => ((online = true), notify()),
    startSending: () => (items.find((i) => !i.failure)!.sending = true),
  };
}
const refusal = (status: number, code: string, message: string, details?: unknown): QueueAnswer =>
  ({ ok: false, failure: { status, code, message, details } });

function adapter(): EntryAdapter<Draft, Extra> {
  return {
    blank: () => ({ text: '' }),
    emptyExtra: { note: '' },
    payload: (d) => (d.text.trim() ? { text: d.text.trim() } : null),
    equal: (a, b) => a.text === b.text,
    fromConflict: (c) => ({ draft: { text: (c as { text: string }).text }, version: (c as { version: number }).version, extra: { note: 'theirs' } }),
    onSaveError: vi.fn(),
  };
}

function setup(saved: (SavedEntry<Draft, Extra> & { key: string })[] = [], waiting: QueuedWrite[] = []) {
  const q = fakeQueue();
  const reread = vi.fn(async () => new Map([...q.server].map(([key, r]) => [key, { draft: { text: r.text }, version: r.version, extra: { note: 'reread' } }])));
  const store = new EntryStore(adapter(), {
    queue: q.queue,
    label: (d) => `Row ${d.text}`,
    fromAnswer: (body) => {
      const entry = (body as { entry: { text: string; version: number } }).entry;
      return { draft: { text: entry.text }, version: entry.version, extra: { note: 'saved' } };
    },
    fromPayload: (json) => ({ text: String(json.text) }),
    reread,
  }, saved, waiting);
  return { ...q, store, reread };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('EntryStore: rows saved through the one outbox', () => {
  it('offline, a row waits as one change however often it is edited, and is sent once', async () => {
    const { store, items, deliver, server, sent } = setup();
    const key = store.getKeys()[0]!;
    store.update(key, { text: 'a' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow(key)!.status).toBe('waiting');
    store.update(key, { text: 'ab ' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(items).toEqual([expect.objectContaining({ key, method: 'PUT', json: { text: 'ab' }, label: 'Row ab ' })]);
    // Kept in the queue: leaving loses nothing, and the page does not ask.
    expect(store.unsavedCount()).toBe(0);
    expect(store.lostOnDisposeCount()).toBe(0);
    deliver();
    expect(sent).toHaveLength(1);
    expect(server.get(key)).toEqual({ text: 'ab', version: 1 });
    // The cell keeps what was typed (the trailing space); the row is saved.
    expect(store.getRow(key)).toMatchObject({ status: 'clean', version: 1, draft: { text: 'ab ' }, extra: { note: 'saved' } });
  });

  it.each([
    ['online: saving', true, 'saving'],
    ['offline: waiting', false, 'waiting'],
  ] as const)('a queued row shows %s', async (_name, online, status) => {
    const t = setup();
    if (online) t.goOnline();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.store.getRow(key)!.status).toBe(status);
  });

  it('opened again with writes still in the queue: the rows show them waiting, a refused one with its reason', () => {
    const { store } = setup([{ key: 'r1', draft: { text: 'old' }, version: 3, extra: { note: 'kept' } }, { key: 'r2', draft: { text: 'gone' }, version: 1, extra: { note: '' } }], [
      { key: 'r1', method: 'PUT', json: { text: 'edited offline', version: 3 } },
      { key: 'new', method: 'PUT', json: { text: 'made offline' } },
      { key: 'r2', method: 'DELETE' },
      { key: 'bad', method: 'PUT', json: { text: 'refused' }, failure: { status: 403, code: 'PERMISSION_DENIED', message: 'The week is approved' } },
    ]);
    expect(store.getKeys()).toEqual(['r1', 'new', 'bad']);
    expect(store.getRow('r1')).toMatchObject({ status: 'waiting', draft: { text: 'edited offline' }, base: { text: 'old' }, version: 3, extra: { note: 'kept' } });
    expect(store.getRow('new')).toMatchObject({ status: 'waiting', version: null });
    expect(store.getRow('bad')).toMatchObject({ status: 'error', error: 'The week is approved' });
  });

  it('a waiting row found on opening is saved when its write is answered', () => {
    const t = setup([], [{ key: 'n', method: 'PUT', json: { text: 'made offline' } }]);
    expect(t.store.getKeys()).toEqual(['n']); // no blank row beside it
    t.items.push({ key: 'n', method: 'PUT', json: { text: 'made offline' }, label: 'Row made offline' }); // the queue's list, read
    t.notify();
    t.deliver();
    expect(t.store.getRow('n')).toMatchObject({ status: 'clean', version: 1 });
  });

  it('a waiting write answered before the table listened (another tab, a quick sender): the row is read again', async () => {
    const t = setup([], [{ key: 'n', method: 'PUT', json: { text: 'made offline' } }]);
    t.server.set('n', { text: 'made offline', version: 1 });
    await vi.advanceTimersByTimeAsync(400);
    expect(t.reread).toHaveBeenCalledTimes(1);
    expect(t.store.getRow('n')).toMatchObject({ status: 'clean', version: 1, draft: { text: 'made offline' } });
    expect(t.items).toEqual([]);
  });

  it('a write discarded from the queue list: the row goes back to the server\'s values, a new row goes', async () => {
    const t = setup([{ key: 'r', draft: { text: 'saved' }, version: 2, extra: { note: '' } }]);
    t.server.set('r', { text: 'saved', version: 2 });
    t.store.update('r', { text: 'edited offline' });
    const fresh = t.store.add({ text: 'new offline' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.items).toHaveLength(2);
    await t.queue.discard('r');
    await t.queue.discard(fresh);
    await vi.advanceTimersByTimeAsync(400);
    expect(t.store.getRow('r')).toMatchObject({ status: 'clean', draft: { text: 'saved' }, version: 2 });
    expect(t.store.getKeys()).toEqual(['r']);
  });

  it('a queue list not read yet is not taken for an answer', async () => {
    const t = setup();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    t.notify();
    const kept = t.queue.state;
    t.queue.state = () => undefined; // as if the list were empty for a moment
    t.notify();
    await vi.advanceTimersByTimeAsync(400);
    t.queue.state = kept;
    expect(t.reread).not.toHaveBeenCalled();
    expect(t.store.getRow(key)!.status).toBe('waiting');
  });

  it('an edit made while its write is being sent goes after the answer, on the new version', async () => {
    const t = setup();
    t.goOnline();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'one' });
    await vi.advanceTimersByTimeAsync(1000);
    t.startSending();
    t.store.update(key, { text: 'two' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.items).toHaveLength(1); // not a second write on the version before
    t.deliver();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.items).toEqual([expect.objectContaining({ json: { text: 'two', version: 1 } })]);
    t.deliver();
    expect(t.server.get(key)).toEqual({ text: 'two', version: 2 });
    expect(t.store.getRow(key)).toMatchObject({ status: 'clean', version: 2 });
  });

  it('a newer server version: the conflict row; theirs drops the refused write, mine replaces it', async () => {
    const t = setup([{ key: 'r', draft: { text: 'base' }, version: 1, extra: { note: '' } }]);
    t.server.set('r', { text: 'someone else', version: 2 });
    t.store.update('r', { text: 'mine' });
    await vi.advanceTimersByTimeAsync(1000);
    t.deliver();
    expect(t.store.getRow('r')).toMatchObject({ status: 'conflict', conflict: { draft: { text: 'someone else' }, version: 2 } });
    expect(t.items[0]!.failure?.code).toBe('EDIT_CONFLICT');
    t.store.resolveConflict('r', 'mine');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.items).toEqual([expect.objectContaining({ json: { text: 'mine', version: 2 } })]);
    expect(t.items[0]!.failure).toBeUndefined();
    t.deliver();
    expect(t.server.get('r')).toEqual({ text: 'mine', version: 3 });

    t.server.set('r', { text: 'again', version: 4 });
    t.store.update('r', { text: 'mine 2' });
    await vi.advanceTimersByTimeAsync(1000);
    t.deliver();
    t.store.resolveConflict('r', 'theirs');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.items).toEqual([]);
    expect(t.store.getRow('r')).toMatchObject({ status: 'clean', draft: { text: 'again' }, version: 4 });
  });

  it('a resent create of a row deleted meanwhile (410): the deleted row; mine goes under a new id, theirs drops it', async () => {
    const t = setup();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'typed offline' });
    await vi.advanceTimersByTimeAsync(1000);
    t.deliver(refusal(410, 'RECORD_DELETED', 'This entry was deleted.'));
    expect(t.store.getRow(key)).toMatchObject({ status: 'conflict', conflict: { version: null } });
    t.store.resolveConflict(key, 'mine');
    await vi.advanceTimersByTimeAsync(0);
    const [fresh] = t.store.getKeys();
    expect(fresh).not.toBe(key);
    expect(t.store.getRow(key)).toBeUndefined();
    // The refused write left the list; the new one is a create (no version) under the new id.
    expect(t.items).toEqual([expect.objectContaining({ key: fresh, json: { text: 'typed offline' } })]);
    t.deliver();
    expect(t.store.getRow(fresh!)).toMatchObject({ status: 'clean', version: 1, draft: { text: 'typed offline' } });

    const other = t.store.add({ text: 'also deleted' });
    await vi.advanceTimersByTimeAsync(1000);
    t.deliver(refusal(410, 'RECORD_DELETED', 'This entry was deleted.'));
    t.store.resolveConflict(other, 'theirs');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.store.getKeys()).toEqual([fresh]);
    expect(t.items).toEqual([]);
  });

  it('opened again with a 410 in the queue: the row shows it was deleted', () => {
    const { store } = setup([], [{ key: 'gone', method: 'PUT', json: { text: 'made offline' }, failure: { status: 410, code: 'RECORD_DELETED', message: 'This entry was deleted.' } }]);
    expect(store.getRow('gone')).toMatchObject({ status: 'conflict', conflict: { version: null, draft: { text: 'made offline' } } });
  });

  it('a refusal shows on the row and in the result; the next edit replaces the refused write', async () => {
    const t = setup();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    t.deliver(refusal(403, 'PERMISSION_DENIED', 'This week is approved'));
    expect(t.store.getRow(key)).toMatchObject({ status: 'error', error: 'This week is approved' });
    expect(vi.mocked(t.store['adapter'].onSaveError)).toHaveBeenCalledWith('This week is approved', false);
    t.store.update(key, { text: 'y' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.items).toEqual([expect.objectContaining({ json: { text: 'y' } })]);
    expect(t.items[0]!.failure).toBeUndefined();
  });

  it('deletes wait in the queue too; a refused delete brings the row back with the reason', async () => {
    const t = setup([{ key: 'a', draft: { text: 'a' }, version: 1, extra: { note: '' } }, { key: 'b', draft: { text: 'b' }, version: 1, extra: { note: '' } }]);
    t.server.set('a', { text: 'a', version: 1 });
    t.server.set('b', { text: 'b', version: 5 });
    await t.store.remove('a');
    await t.store.remove('b');
    expect(t.store.getKeys().filter((k) => k === 'a' || k === 'b')).toEqual([]);
    expect(t.items.map((i) => [i.method, i.key, i.version, i.label])).toEqual([['DELETE', 'a', 1, 'Delete row a'], ['DELETE', 'b', 1, 'Delete row b']]);
    t.deliver();
    t.deliver();
    expect(t.server.has('a')).toBe(false);
    expect(t.store.getKeys()).toContain('b');
    expect(t.store.getRow('b')).toMatchObject({ status: 'error', error: 'conflict' });
  });

  it('a row that never reached the server is deleted by dropping its waiting write', async () => {
    const t = setup();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'never sent' });
    await vi.advanceTimersByTimeAsync(1000);
    await t.store.remove(key);
    expect(t.items).toEqual([]);
    expect(t.sent).toEqual([]);
  });

  it('a write answered in another tab: the row is read again and takes the saved version', async () => {
    const t = setup();
    t.goOnline();
    const key = t.store.getKeys()[0]!;
    t.store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    t.server.set(key, { text: 'x', version: 1 });
    t.items.splice(0, 1); // sent elsewhere: the list changes, no answer here
    t.notify();
    await vi.advanceTimersByTimeAsync(400);
    expect(t.reread).toHaveBeenCalledTimes(1);
    expect(t.store.getRow(key)).toMatchObject({ status: 'clean', version: 1, extra: { note: 'reread' } });
  });
});

describe('EntryStore editing (the debounce, incomplete rows, refusals, timers)', () => {
  const LOCKED = 'This week was approved on 11/30/2026 and can no longer be changed.';

  it('starts with one blank row when there are no entries; a blank row is not unsaved', () => {
    const { store } = setup();
    expect(store.getKeys()).toHaveLength(1);
    expect(store.unsavedCount()).toBe(0);
  });

  it('hands a valid row to the outbox 1 s after its last edit, once', async () => {
    const { store, items } = setup();
    const key = store.getKeys()[0]!;
    store.update(key, { text: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    store.update(key, { text: 'ab' });
    await vi.advanceTimersByTimeAsync(900);
    expect(items).toHaveLength(0);
    expect(store.unsavedCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(items).toEqual([expect.objectContaining({ key, json: { text: 'ab' } })]);
  });

  it('does not hand over an incomplete row; it counts as unsaved and as lost on leaving', async () => {
    const { store, items } = setup();
    const key = store.getKeys()[0]!;
    store.update(key, { text: '   ' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(items).toHaveLength(0);
    expect(store.getRow(key)!.status).toBe('pending');
    expect(store.lostOnDisposeCount()).toBe(1);
  });

  it("a closed week's refusal is shown as the server's sentence, as it is, and waits", async () => {
    const { store, deliver } = setup();
    const key = store.getKeys()[0]!;
    store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    deliver(refusal(409, 'CONSTRAINT_VIOLATION', LOCKED, { week: { status: 'approved', weekStart: '2026-11-23', day: '2026-11-30' } }));
    expect(store.getRow(key)!).toMatchObject({ status: 'error', error: LOCKED });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.getRow(key)!.status).toBe('error');
  });

  it('dispose() hands the waiting rows to the outbox once and stops every timer', async () => {
    const { store, items } = setup();
    const key = store.getKeys()[0]!;
    store.update(key, { text: 'typed' });
    store.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(items).toEqual([expect.objectContaining({ key, json: { text: 'typed' } })]);
  });

  it('addSaved adds an entry saved elsewhere (a stopped timer) as a clean row, once', () => {
    const { store } = setup([{ key: 'a', draft: { text: 'a' }, version: 1, extra: { note: '' } }]);
    store.addSaved('timer-entry', { draft: { text: 'timer' }, version: 1, extra: { note: 'saved' } });
    store.addSaved('timer-entry', { draft: { text: 'timer' }, version: 1, extra: { note: 'saved' } });
    expect(store.getKeys()).toEqual(['a', 'timer-entry']);
    expect(store.getRow('timer-entry')).toMatchObject({ status: 'clean', version: 1, draft: { text: 'timer' } });
    expect(store.unsavedCount()).toBe(0);
  });
});
