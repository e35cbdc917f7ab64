import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { ConfirmModal } from '../ui/confirm-modal.tsx';

interface Registry {
  setDirty(key: string, dirty: boolean): void;
}

const UnsavedContext = createContext<Registry | null>(null);

/**
 * Screens report unsaved edits here; leaving the page (back button, any link, closing the tab)
 * then asks the spec's question first.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(new Set());
  const setDirty = useCallback((key: string, dirty: boolean) => {
    setDirtyKeys((prev) => {
      if (prev.has(key) === dirty) return prev;
      const next = new Set(prev);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const hasUnsaved = dirtyKeys.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    hasUnsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!hasUnsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  const value = useMemo(() => ({ setDirty }), [setDirty]);
  return (
    <UnsavedContext.Provider value={value}>
      {children}
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        question={UNSAVED_CHANGES_QUESTION}
        onYes={() => {
          setDirtyKeys(new Set());
          blocker.proceed?.();
        }}
        onNo={() => blocker.reset?.()}
      />
    </UnsavedContext.Provider>
  );
}

/** Marks the calling screen as holding unsaved edits while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  const registry = useContext(UnsavedContext);
  const key = useId();
  useEffect(() => {
    registry?.setDirty(key, dirty);
    return () => registry?.setDirty(key, false);
  }, [registry, key, dirty]);
}
