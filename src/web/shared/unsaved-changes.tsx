import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { useCloseGuard } from '../ui/close-guard.tsx';
import { ConfirmModal, DISCARD_CHANGES } from '../ui/confirm-modal.tsx';

/**
 * Each dirty screen, and whether its edits belong to the address's query too (?project=…). Kept
 * outside React and read when the user leaves, so a screen turning dirty or clean, which a
 * keystroke can do (a digit typed and taken back), renders nothing (issue 13).
 */
class UnsavedRegistry {
  private dirty = new Map<string, { queryToo: boolean; save?: () => Promise<boolean> }>();
  hasUnsaved = () => this.dirty.size > 0;
  queryBound = () => [...this.dirty.values()].some((d) => d.queryToo);
  setDirty = (key: string, dirty: boolean, queryToo = false, save?: () => Promise<boolean>) => {
    if (dirty) this.dirty.set(key, { queryToo, save });
    else this.dirty.delete(key);
  };
  /** Forget every unsaved edit (the user chose to leave without them). */
  discardAll = () => this.dirty.clear();
  /** Saves every screen's unsaved edits that it can save itself; true when none is left unsaved (a refusal stays on its screen). */
  saveAll = async () => {
    const results = await Promise.all([...this.dirty.values()].map((d) => d.save?.() ?? Promise.resolve(false)));
    return results.every(Boolean);
  };
}

const UnsavedContext = createContext<UnsavedRegistry | null>(null);

/**
 * Screens report unsaved edits here; leaving the page (back button, any link, closing the tab)
 * then asks the spec's question first.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new UnsavedRegistry());
  const blocker = useBlocker(({ currentLocation, nextLocation }) => registry.hasUnsaved() && (
    currentLocation.pathname !== nextLocation.pathname || (registry.queryBound() && currentLocation.search !== nextLocation.search)));

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (registry.hasUnsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry]);

  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        question={UNSAVED_CHANGES_QUESTION}
        confirmLabel={DISCARD_CHANGES}
        onYes={() => {
          registry.discardAll();
          blocker.proceed?.();
        }}
        onNo={() => blocker.reset?.()}
      />
    </UnsavedContext.Provider>
  );
}

/** Whether any screen holds unsaved edits (asked when needed), a way to drop them (sign-out asks first), and to save them (setup's Continue). */
export function useUnsavedState(): { hasUnsaved(): boolean; discardAll(): void; saveAll(): Promise<boolean> } {
  const registry = useContext(UnsavedContext);
  return {
    hasUnsaved: registry?.hasUnsaved ?? (() => false),
    discardAll: registry?.discardAll ?? (() => undefined),
    saveAll: registry?.saveAll ?? (async () => true),
  };
}

/**
 * Marks the calling screen as holding unsaved edits while `dirty` is true. With `queryToo`, the
 * edits belong to the address's query as well, so going to another ?project= (a pick, Reset,
 * back or forward) asks too. With `save`, the screen can save them when asked (true: saved).
 */
export function useUnsavedChanges(dirty: boolean, options: { queryToo?: boolean; save?: () => Promise<boolean> } = {}) {
  const { queryToo = false, save } = options;
  const setDirty = useContext(UnsavedContext)?.setDirty;
  const key = useId();
  // The latest save, read when it is called: registering it never renders anything.
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });
  const canSave = save !== undefined;
  useEffect(() => {
    setDirty?.(key, dirty, queryToo, canSave ? () => latestSave.current!() : undefined);
    return () => setDirty?.(key, false);
  }, [setDirty, key, dirty, queryToo, canSave]);
}

/**
 * A form in a dialog: closing it (Escape, a click outside, Cancel) asks first once it holds anything, and so do a link
 * and a reload (docs/decisions/223). `requestClose` is the dialog's onClose and its Cancel; `question` goes inside it.
 */
export function useDialogFormGuard(dirty: boolean, onClose: () => void) {
  useUnsavedChanges(dirty);
  return useCloseGuard(() => dirty, onClose);
}
