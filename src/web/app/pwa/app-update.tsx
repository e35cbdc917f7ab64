import { lazy, Suspense, useEffect, useState } from 'react';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';

// The service worker's registration and the update prompt (docs/decisions/101): their code and the
// worker's script are fetched once the page has loaded and the browser is idle, so no screen's
// first load grows (docs/decisions/078).
const UpdatePrompt = lazy(() => import('./update-prompt.tsx'));

/** Without requestIdleCallback (Safari), a short wait after the load event stands in for it. */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1_000);
  return () => clearTimeout(timer);
}

function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => undefined as void;
    const start = () => void (cancel = whenIdle(() => setReady(true)));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      cancel();
    };
  }, []);
  return ready;
}

/** Installs the app's service worker and says when a new version waits. Mounted once, in the router's root. */
export function AppUpdate() {
  const ready = useLoadedAndIdle();
  if (!ready || !('serviceWorker' in navigator)) return null;
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </LazyBoundary>
  );
}
