import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
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

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
});
