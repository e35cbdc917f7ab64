import { lazy, Suspense, useEffect, useState } from 'react';
import { prefetchSoon } from '../../lib/prefetch.ts';
import { RESULT_TOAST_ERROR_MS, RESULT_TOAST_MS } from '../../../core/constants.ts';
import type { ResultMessage } from './result-dialog.tsx';

const loadDialog = () => import('./result-dialog.tsx');
const ResultDialog = lazy(loadDialog);
prefetchSoon(loadDialog);

/**
 * The page's result modal: titled Success or Error, hides itself after 6 s (10 s for errors).
 * Its dialog is fetched soon after the page shows (`prefetchSoon`), so it is not part of the time
 * tracking page's first load yet is ready before any result.
 */
export function ResultModal({ result, onClose }: { result: ResultMessage | null; onClose(): void }) {
  // Mounted from the first result on, so the dialog can animate its close.
  const [shown, setShown] = useState(result !== null);
  if (result !== null && !shown) setShown(true);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(onClose, result.kind === 'error' ? RESULT_TOAST_ERROR_MS : RESULT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [result, onClose]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ResultDialog result={result} onClose={onClose} />
    </Suspense>
  );
}
