import { useMemo, useSyncExternalStore } from 'react';
import { outboxSummary } from '../../../core/outbox.ts';
import { outboxState, watchOutbox } from './outbox.ts';

/** The offline queue as screens read it: its items, its one line, and whether a send is failing. */
export function useOutbox() {
  const state = useSyncExternalStore(watchOutbox, outboxState);
  return useMemo(() => {
    const waiting = state.items.filter((i) => !i.failure);
    const failed = state.items.filter((i) => i.failure);
    const summary = outboxSummary({
      changes: waiting.filter((i) => i.kind === 'change').length,
      photos: waiting.filter((i) => i.kind === 'photo').length,
    });
    return { ...state, waiting, failed, summary };
  }, [state]);
}

/** @public The waiting writes of one record (e.g. 'field-report:<id>'), for a screen to mark what has not gone out. */
export function useWaitingIn(scope: string) {
  const { items } = useSyncExternalStore(watchOutbox, outboxState);
  return useMemo(() => items.filter((i) => i.scope === scope), [items, scope]);
}
