import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { ConfirmModal } from '../ui/confirm-modal.tsx';

interface Registry {
  setDirty(key: string, dirty: boolean, queryToo?: boolean): void;
  hasUnsaved: boolean;
  /** Forget every unsaved edit (the user chose to leave without them). */
  discardAll(): void;
}

const UnsavedContext = createContext<Registry | null>(null);

/**
 * Screens report unsaved edits here; leaving the page (back button, any link, closing the tab)
 * then asks the spec's question first.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  // Each dirty screen, and whether its edits belong to the address's query too (?project=…).
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlyMap<string, boolean>>(new Map());
  const setDirty = useCallback((key: string, dirty: boolean, queryToo = false) => {
    setDirtyKeys((prev) => {
      if (prev.has(key) === dirty && (!dirty || prev.get(key) === queryToo)) return prev;
      const next = new Map(prev);
      if (dirty) next.set(key, queryToo);
      else next.delete(key);
      return next;
    });
  }, []);
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

  const discardAll = useCallback(() => setDirtyKeys(new Map()), []);
  const value = useMemo(() => ({ setDirty, hasUnsaved, discardAll }), [setDirty, hasUnsaved, discardAll]);
  return (
    <UnsavedContext.Provider value={value}>
      {children}
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        question={UNSAVED_CHANGES_QUESTION}
        onYes={() => {
          setDirtyKeys(new Map());
          blocker.proceed?.();
        }}
        onNo={() => blocker.reset?.()}
      />
    </UnsavedContext.Provider>
  );
}

/** Whether any screen holds unsaved edits, and a way to drop them (sign-out asks first). */
export function useUnsavedState(): Pick<Registry, 'hasUnsaved' | 'discardAll'> {
  const registry = useContext(UnsavedContext);
  return { hasUnsaved: registry?.hasUnsaved ?? false, discardAll: registry?.discardAll ?? (() => undefined) };
}

/**
 * Marks the calling screen as holding unsaved edits while `dirty` is true. With `queryToo`, the
 * edits belong to the address's query as well, so going to another ?project= (a pick, Reset,
 * back or forward) asks too.
 */
export function useUnsavedChanges(dirty: boolean, options: { queryToo?: boolean } = {}) {
  const { queryToo = false } = options;
  // Depend on the stable setter only: the registry object changes with every dirty flag, and
  // re-running on that would re-mark edits the user just chose to discard.
  const setDirty = useContext(UnsavedContext)?.setDirty;
  const key = useId();
  useEffect(() => {
    setDirty?.(key, dirty, queryToo);
    return () => setDirty?.(key, false);
  }, [setDirty, key, dirty, queryToo]);
}
