import { createContext, useContext, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { ConfirmModal } from '../ui/confirm-modal.tsx';

/**
 * Each dirty screen, and whether its edits belong to the address's query too (?project=…). Kept
 * outside React: the context's value is this one object for good, so a screen turning dirty or
 * clean re-renders the provider alone, not every component under it (a context value that changed
 * made React search the whole page, 500 time rows and 1,000 action items, on such a keystroke).
 */
class UnsavedRegistry {
  private dirty: ReadonlyMap<string, boolean> = new Map();
  private listeners = new Set<() => void>();
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getSnapshot = () => this.dirty;
  hasUnsaved = () => this.dirty.size > 0;
  setDirty = (key: string, dirty: boolean, queryToo = false) => {
    if (this.dirty.has(key) === dirty && (!dirty || this.dirty.get(key) === queryToo)) return;
    const next = new Map(this.dirty);
    if (dirty) next.set(key, queryToo);
    else next.delete(key);
    this.replace(next);
  };
  /** Forget every unsaved edit (the user chose to leave without them). */
  discardAll = () => {
    if (this.dirty.size > 0) this.replace(new Map());
  };
  private replace(next: ReadonlyMap<string, boolean>) {
    this.dirty = next;
    this.listeners.forEach((fn) => fn());
  }
}

const UnsavedContext = createContext<UnsavedRegistry | null>(null);

/**
 * Screens report unsaved edits here; leaving the page (back button, any link, closing the tab)
 * then asks the spec's question first.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new UnsavedRegistry());
  const dirtyKeys = useSyncExternalStore(registry.subscribe, registry.getSnapshot);
  const hasUnsaved = dirtyKeys.size > 0;
  const queryBound = [...dirtyKeys.values()].some(Boolean);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsaved && (
    currentLocation.pathname !== nextLocation.pathname || (queryBound && currentLocation.search !== nextLocation.search)));

  useEffect(() => {
    if (!hasUnsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        question={UNSAVED_CHANGES_QUESTION}
        onYes={() => {
          registry.discardAll();
          blocker.proceed?.();
        }}
        onNo={() => blocker.reset?.()}
      />
    </UnsavedContext.Provider>
  );
}

/** Whether any screen holds unsaved edits (asked when needed), and a way to drop them (sign-out asks first). */
export function useUnsavedState(): { hasUnsaved(): boolean; discardAll(): void } {
  const registry = useContext(UnsavedContext);
  return { hasUnsaved: registry?.hasUnsaved ?? (() => false), discardAll: registry?.discardAll ?? (() => undefined) };
}

/**
 * Marks the calling screen as holding unsaved edits while `dirty` is true. With `queryToo`, the
 * edits belong to the address's query as well, so going to another ?project= (a pick, Reset,
 * back or forward) asks too.
 */
export function useUnsavedChanges(dirty: boolean, options: { queryToo?: boolean } = {}) {
  const { queryToo = false } = options;
  const setDirty = useContext(UnsavedContext)?.setDirty;
  const key = useId();
  useEffect(() => {
    setDirty?.(key, dirty, queryToo);
    return () => setDirty?.(key, false);
  }, [setDirty, key, dirty, queryToo]);
}
