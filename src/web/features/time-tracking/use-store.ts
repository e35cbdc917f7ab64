import { useSyncExternalStore } from 'react';
import type { EntryStore, RowState } from './entry-store.ts';

export function useRow<D, X>(store: EntryStore<D, X>, key: string): RowState<D, X> | undefined {
  return useSyncExternalStore(
    (fn) => store.subscribeRow(key, fn),
    () => store.getRow(key),
  );
}

export function useRowKeys<D, X>(store: EntryStore<D, X>): string[] {
  return useSyncExternalStore(store.subscribe, store.getKeys);
}

/** Re-renders on any change of any row (totals, unsaved flag). */
export function useStoreRevision<D, X>(store: EntryStore<D, X> | null): number {
  return useSyncExternalStore(store ? store.subscribe : noopSubscribe, store ? store.getRevision : zero);
}

const noopSubscribe = () => () => undefined;
const zero = () => 0;
