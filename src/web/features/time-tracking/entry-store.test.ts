import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/transport.ts';
import { EntryStore, type EntryAdapter, type SavedEntry } from './entry-store.ts';

// The save engine against a fake server: rows keyed by id, each with a version.
interface Draft { text: string }
type Extra = { note: string };

function fakeServer() {
  const rows = new Map<string, { text: string; version: number }>();
  const calls: { key: string; body: Record<string, unknown> }[] = [];
  let failNext: ApiError[] = [];
  const adapter: EntryAdapter<Draft, Extra> = {
    blank: () => ({ text: '' }),
    emptyExtra: { note: '' },
    payload: (d) => (d.text.trim() ? { text: d.text } : null),
    equal: (a, b) => a.text === b.text,
    put: async (key, body): Promise<SavedEntry<Draft, Extra>> => {
      calls.push({ key, body });
      const failure = failNext.shift();
      if (failure) throw failure;
      const current = rows.get(key);
      if (body.version === undefined && current) throw new Error('duplicate create');
      if (body.version !== undefined && current?.version !== body.version) {
        throw new ApiError('EDIT_CONFLICT', 'conflict', 409, { current: { ...current, id: key } });
      }
      const next = { text: String(body.text), version: (current?.version ?? 0) + 1 };
      rows.set(key, next);
      return { draft: { text: next.text }, version: next.version, extra: { note: 'saved' } };
    },
    remove: async (key) => {
      rows.delete(key);
    },
    fromConflict: (c) => {
      const current = c as { text: string; version: number };
      return { draft: { text: current.text }, version: current.version, extra: { note: 'theirs' } };
    },
    onSaveError: vi.fn(),
  };
  return { rows, calls, adapter, fail: (...errors: ApiError[]) => (failNext = errors) };
}

const network = () => new ApiError('NETWORK_ERROR', 'offline', 0);

// Retry delays carry ±25 % jitter; 0.5 makes it exactly the nominal step.
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** put() waits until the returned release() is called (a save on its way). */
function holdPuts(server: ReturnType<typeof fakeServer>) {
  const put = server.adapter.put;
  const releases: (() => void)[] = [];
  server.adapter.put = async (k, body) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    return put(k, body);
  };
  return { release: () => releases.shift()?.(), restore: () => (server.adapter.put = put) };
}

describe('EntryStore auto-save', () => {
  it('starts with one blank row when there are no entries; a blank row is not unsaved', () => {
    const store = new EntryStore(fakeServer().adapter, []);
    expect(store.getKeys()).toHaveLength(1);
    expect(store.unsavedCount()).toBe(0);
  });

  it('saves a valid row 1 s after its last edit, once', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    store.update(key, { text: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    store.update(key, { text: 'ab' });
    await vi.advanceTimersByTimeAsync(900);
    expect(server.calls).toHaveLength(0);
    expect(store.unsavedCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.calls).toEqual([{ key, body: { text: 'ab' } }]);
    expect(store.getRow(key)).toMatchObject({ status: 'clean', version: 1, extra: { note: 'saved' } });
    expect(store.unsavedCount()).toBe(0);
  });

  it('does not save an invalid row but counts it as unsaved', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    store.update(key, { text: '   ' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(0);
    expect(store.getRow(key)!.status).toBe('pending');
  });

  it('an edit made during a save is saved right after it, with the new version', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    let release!: () => void;
    const put = server.adapter.put;
    server.adapter.put = async (k, body) => {
      await new Promise<void>((resolve) => (release = resolve));
      return put(k, body);
    };
    store.update(key, { text: 'one' });
    await vi.advanceTimersByTimeAsync(1000);
    store.update(key, { text: 'two' });
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getRow(key)!.status).toBe('pending');
    server.adapter.put = put;
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls.map((c) => c.body)).toEqual([{ text: 'one' }, { text: 'two', version: 1 }]);
    expect(server.rows.get(key)).toEqual({ text: 'two', version: 2 });
  });

  it('keeps a row unsaved through network failures and retries with backoff', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    server.fail(network(), network(), new ApiError('SERVER_ERROR', 'boom', 500));
    store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow(key)!.status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1000); // retry 1 (1 s)
    await vi.advanceTimersByTimeAsync(2000); // retry 2 (2 s)
    expect(store.getRow(key)!.status).toBe('retrying');
    expect(store.unsavedCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000); // retry 3 (5 s) succeeds
    expect(server.calls).toHaveLength(4);
    expect(store.getRow(key)).toMatchObject({ status: 'clean', version: 1 });
    expect(server.rows.size).toBe(1);
    expect(server.adapter.onSaveError).not.toHaveBeenCalled();
  });

  it('a refused save (400) is reported once and waits for the next edit', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    server.fail(new ApiError('VALIDATION_ERROR', 'Please check the form and fix any errors.', 400));
    store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(store.getRow(key)!.status).toBe('error');
    expect(server.adapter.onSaveError).toHaveBeenCalledWith('Please check the form and fix any errors.', false);
  });

  it('a conflict holds the server values until the user chooses', async () => {
    const server = fakeServer();
    server.rows.set('row-1', { text: 'theirs', version: 2 });
    const store = new EntryStore(server.adapter, [{ key: 'row-1', draft: { text: 'original' }, version: 1, extra: { note: '' } }]);
    store.update('row-1', { text: 'mine' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow('row-1')).toMatchObject({ status: 'conflict', conflict: { draft: { text: 'theirs' }, version: 2 } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(1); // nothing is retried over their version on its own
    store.resolveConflict('row-1', 'mine');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.rows.get('row-1')).toEqual({ text: 'mine', version: 3 });

    server.rows.set('row-1', { text: 'theirs again', version: 4 });
    store.update('row-1', { text: 'mine again' });
    await vi.advanceTimersByTimeAsync(1000);
    store.resolveConflict('row-1', 'theirs');
    expect(store.getRow('row-1')).toMatchObject({ status: 'clean', version: 4, draft: { text: 'theirs again' } });
  });

  it.each([
    ['404 (an update)', new ApiError('RECORD_NOT_FOUND', 'This entry was deleted by someone else.', 404), 1],
    ['410 (a resent create)', new ApiError('RECORD_DELETED', 'This entry was deleted.', 410), null],
  ] as const)('deleted on the server, %s: saved again as a new entry under a new id (the old id stays deleted)', async (_name, refusal, version) => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, version === null ? [] : [{ key: 'row-1', draft: { text: 'original' }, version, extra: { note: '' } }]);
    const key = store.getKeys()[0]!;
    const renamed = vi.fn();
    store.onRekey(renamed);
    server.fail(refusal);
    store.update(key, { text: 'mine' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow(key)).toMatchObject({ status: 'conflict', conflict: { version: null } });
    store.resolveConflict(key, 'mine');
    await vi.advanceTimersByTimeAsync(0);
    const [fresh] = store.getKeys();
    expect(fresh).not.toBe(key);
    expect(renamed).toHaveBeenCalledWith(key, fresh);
    expect(server.calls.at(-1)).toEqual({ key: fresh, body: { text: 'mine' } });
    expect(store.getRow(fresh!)).toMatchObject({ status: 'clean', version: 1, draft: { text: 'mine' } });
    expect(server.rows.has(key)).toBe(false);
  });

  it('duplicates below the source, removes on the server, and the last removal leaves a blank row', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, [{ key: 'a', draft: { text: 'A' }, version: 1, extra: { note: '' } }]);
    server.rows.set('a', { text: 'A', version: 1 });
    const copy = store.add({ text: 'A' }, 'a');
    expect(store.getKeys()).toEqual(['a', copy]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.rows.get(copy)).toEqual({ text: 'A', version: 1 });
    await store.remove(copy);
    await store.remove('a');
    expect(server.rows.size).toBe(0);
    expect(store.getKeys()).toHaveLength(1);
    expect(store.getRow(store.getKeys()[0]!)!.draft).toEqual({ text: '' });
  });

  it('an edit made during a save the server refuses (4xx) is still saved', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    const hold = holdPuts(server);
    server.fail(new ApiError('VALIDATION_ERROR', 'Please check the form and fix any errors.', 400));
    store.update(key, { text: 'old' });
    await vi.advanceTimersByTimeAsync(1000); // save of 'old' is on its way
    store.update(key, { text: 'new' });
    await vi.advanceTimersByTimeAsync(1000); // the debounce fires while 'old' is still in flight
    hold.restore();
    hold.release(); // 'old' is refused
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getRow(key)!.status).toBe('error');
    expect(server.adapter.onSaveError).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls.map((c) => c.body)).toEqual([{ text: 'old' }, { text: 'new' }]);
    expect(store.getRow(key)).toMatchObject({ status: 'clean', version: 1, error: undefined });
  });

  it('429 backs off like a network error, starting at 5 s', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    server.fail(new ApiError('RATE_LIMITED' as never, 'Too many requests', 429));
    store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow(key)!.status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(4900);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.calls).toHaveLength(2);
    expect(store.getRow(key)!.status).toBe('clean');
    expect(server.adapter.onSaveError).not.toHaveBeenCalled();
  });

  it('retry delays are spread by jitter and capped at 30 s', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(1); // +25 %
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    server.fail(...Array.from({ length: 8 }, network));
    store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1249);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    random.mockReturnValue(0.5); // (the 2 s step was already drawn at +25 %)
    await vi.advanceTimersByTimeAsync(2500 + 5000 + 10000 + 30000);
    expect(server.calls).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(30000); // never longer than the cap
    expect(server.calls).toHaveLength(7);
  });

  it('dispose() flushes waiting rows once and stops every retry', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const failing = store.getKeys()[0]!;
    server.fail(network());
    store.update(failing, { text: 'fails' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow(failing)!.status).toBe('retrying');
    const waiting = store.add();
    store.update(waiting, { text: 'waiting' });
    server.fail(network());
    store.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((c) => c.body)).toEqual([{ text: 'fails' }, { text: 'waiting' }]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.calls).toHaveLength(2);
  });

  it('dispose() during a save sends the edit typed meanwhile right after it, once', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    const hold = holdPuts(server);
    store.update(key, { text: 'one' });
    await vi.advanceTimersByTimeAsync(1000);
    store.update(key, { text: 'two' });
    store.dispose();
    hold.restore();
    hold.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.rows.get(key)).toEqual({ text: 'two', version: 2 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(2);
  });

  it('counts every row with unsaved input, and those dispose() would lose', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const refused = store.getKeys()[0]!;
    server.fail(new ApiError('VALIDATION_ERROR', 'bad', 400));
    store.update(refused, { text: 'refused' });
    const incomplete = store.add();
    store.update(incomplete, { text: ' ' });
    const blocked = store.add();
    store.setBlocked(blocked, true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getRow(refused)!.status).toBe('error');
    const valid = store.add();
    store.update(valid, { text: 'valid' }); // saved by dispose(), not lost
    expect(store.unsavedCount()).toBe(4);
    expect(store.lostOnDisposeCount()).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.lostOnDisposeCount()).toBe(3);
    store.setBlocked(blocked, false);
    store.update(incomplete, { text: 'done' });
    store.update(refused, { text: 'fixed' });
    expect(store.lostOnDisposeCount()).toBe(0);
  });

  it('coming back online retries the waiting rows at once, a little apart', async () => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const first = store.getKeys()[0]!;
    const second = store.add();
    server.fail(network(), network());
    store.update(first, { text: 'a' });
    store.update(second, { text: 'b' });
    await vi.advanceTimersByTimeAsync(1000);
    server.fail(network(), network());
    await vi.advanceTimersByTimeAsync(1000); // retry 1 fails for both: next retries in 2 s
    expect(server.calls).toHaveLength(4);
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(100);
    expect(server.calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(150);
    expect(server.calls).toHaveLength(6);
    expect(store.unsavedCount()).toBe(0);
    store.dispose();
    win.dispatchEvent(new Event('online'));
  });

  it('a failed delete keeps the row and still saves its unsaved edit', async () => {
    const server = fakeServer();
    server.rows.set('a', { text: 'A', version: 1 });
    const store = new EntryStore(server.adapter, [{ key: 'a', draft: { text: 'A' }, version: 1, extra: { note: '' } }]);
    server.adapter.remove = () => Promise.reject(new ApiError('SERVER_ERROR', 'boom', 500));
    store.update('a', { text: 'A2' });
    await expect(store.remove('a')).rejects.toThrow('boom');
    expect(store.getKeys()).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.rows.get('a')).toEqual({ text: 'A2', version: 2 });
    expect(store.getRow('a')!.status).toBe('clean');
  });
});

describe('EntryStore and closed weeks (issue 25)', () => {
  const LOCKED = 'This week was approved on 11/30/2026 and can no longer be changed.';

  it("a 409 of a closed week is shown as the server's sentence, as it is, and waits", async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    const key = store.getKeys()[0]!;
    server.fail(new ApiError('CONSTRAINT_VIOLATION', LOCKED, 409, { week: { status: 'approved', weekStart: '2026-11-23', day: '2026-11-30' } }));
    store.update(key, { text: 'x' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(store.getRow(key)!).toMatchObject({ status: 'error', error: LOCKED });
    expect(server.adapter.onSaveError).toHaveBeenCalledWith(LOCKED, true);
  });

  it('another 409 constraint (no week) keeps the prefix of a failed save', async () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, []);
    server.fail(new ApiError('CONSTRAINT_VIOLATION', 'Something else.', 409));
    store.update(store.getKeys()[0]!, { text: 'x' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.adapter.onSaveError).toHaveBeenCalledWith('Something else.', false);
  });

  it('addSaved adds an entry saved elsewhere (a stopped timer) as a clean row, once', () => {
    const server = fakeServer();
    const store = new EntryStore(server.adapter, [{ key: 'a', draft: { text: 'a' }, version: 1, extra: { note: '' } }]);
    store.addSaved('timer-entry', { draft: { text: 'timer' }, version: 1, extra: { note: 'saved' } });
    store.addSaved('timer-entry', { draft: { text: 'timer' }, version: 1, extra: { note: 'saved' } });
    expect(store.getKeys()).toEqual(['a', 'timer-entry']);
    expect(store.getRow('timer-entry')).toMatchObject({ status: 'clean', version: 1, draft: { text: 'timer' } });
    expect(store.unsavedCount()).toBe(0);
  });
});
