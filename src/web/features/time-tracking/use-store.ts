import { useEffect, useState, useSyncExternalStore } from 'react';
import { nextPaint } from '../../lib/after-paint.ts';
import type { EntryStore, RowState } from '../../shared/entries/index.ts';

export function useRow<D, X>(store: EntryStore<D, X>, key: string): RowState<D, X> | undefined {
  return useSyncExternalStore(
    (fn) => store.subscribeRow(key, fn),
    () => store.getRow(key),
  );
}

export function useRowKeys<D, X>(store: EntryStore<D, X>): string[] {
  return useSyncExternalStore(store.subscribe, store.getKeys);
}

/**
 * A number or flag derived from every row (a total, "anything unsaved?"): re-renders only when
 * that value changes, so a keystroke in a description re-renders no total (issue 13).
 */
export function useStoreValue<D, X, T extends number | boolean>(
  store: EntryStore<D, X> | null, derive: (store: EntryStore<D, X>) => T, empty: T,
): T {
  return useSyncExternalStore(store ? store.subscribe : noopSubscribe, () => (store ? derive(store) : empty));
}

/**
 * A total shown beside the rows (hours, cost, amounts): as useStoreValue, but it follows a change
 * after the frame that paints the change itself, so a key in an Hours or Amount cell paints the
 * cell first and the totals in the next frame (issue 44's keystroke budget). Several changes before
 * that frame are one update.
 */
export function useTotalAfterPaint<D, X>(store: EntryStore<D, X> | null, derive: (store: EntryStore<D, X>) => number): number {
  const [value, setValue] = useState(() => (store ? derive(store) : 0));
  useEffect(() => {
    let alive = true;
    let waiting = false;
    const follow = () => {
      if (waiting) return;
      waiting = true;
      void nextPaint().then(() => {
        waiting = false;
        if (alive) setValue(store ? derive(store) : 0);
      });
    };
    setValue(store ? derive(store) : 0);
    const stop = store?.subscribe(follow);
    return () => {
      alive = false;
      stop?.();
    };
  }, [store, derive]);
  return value;
}

/** `fn` computed once per revision of a store, however many readers ask. */
export function perRevision<S extends { getRevision(): number }, T>(fn: (store: S) => T): (store: S) => T {
  const cache = new WeakMap<S, { revision: number; value: T }>();
  return (store) => {
    const revision = store.getRevision();
    const hit = cache.get(store);
    if (hit?.revision === revision) return hit.value;
    const value = fn(store);
    cache.set(store, { revision, value });
    return value;
  };
}

const noopSubscribe = () => () => undefined;
