import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react';

type Report = (id: string, settled: boolean) => void;
const SettleContext = createContext<Report | null>(null);

/** How long a slow section may keep its group hidden: then the group shows as it stands. */
const SETTLE_MAX_WAIT_MS = 2_000;

/**
 * Sections that fetch their own data after a screen's first paint show together, once each has its
 * first answer: the screen grows once, not section by section under a pointer aimed at a button below
 * them (docs/decisions/205). Meanwhile the group keeps its place, hidden and marked busy.
 */
export function SettleTogether({ children }: { children: ReactNode }) {
  const pending = useRef(new Set<string>());
  const [shown, setShown] = useState(false);
  const [reports, counted] = useReducer((n: number) => n + 1, 0);
  const report = useCallback<Report>((id, settled) => {
    if (settled) pending.current.delete(id);
    else pending.current.add(id);
    counted();
  }, []);
  // After the sections' own layout effects: every section of the commit has said where it stands.
  useLayoutEffect(() => {
    if (!shown && pending.current.size === 0) setShown(true);
  }, [reports, shown]);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SETTLE_MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <SettleContext.Provider value={report}>
      <div data-settling={shown ? undefined : ''} aria-busy={shown ? undefined : true}
        style={{ display: 'contents', visibility: shown ? undefined : 'hidden' }}>
        {children}
      </div>
    </SettleContext.Provider>
  );
}

/** A section inside SettleTogether says whether it has its first data (outside one, nothing happens). */
function useSettled(settled: boolean) {
  const report = useContext(SettleContext);
  const id = useId();
  useLayoutEffect(() => report?.(id, settled), [report, id, settled]);
  useLayoutEffect(() => () => report?.(id, true), [report, id]);
}

/** The same for a section's query: settled with its first answer, or when it waits for a connection. */
export function useQuerySettled(query: { isPending: boolean; fetchStatus: string }) {
  useSettled(!query.isPending || query.fetchStatus === 'paused');
}

/** A Suspense fallback inside SettleTogether: the group waits for the code it stands for. */
export function Settling() {
  useSettled(false);
  return null;
}
