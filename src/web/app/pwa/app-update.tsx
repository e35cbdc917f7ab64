import { lazy, Suspense, useEffect, useState } from 'react';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';

// The service worker's registration and the update prompt (docs/decisions/101): their code, the
// worker's script and its precache download wait until the page has loaded and its network has been
// quiet for a while, so no screen's first load grows or waits (docs/decisions/078). Not the first
// idle moment: a lazy page and its data may still be on their way then.
const UpdatePrompt = lazy(() => import('./update-prompt.tsx'));

const QUIET_MS = 2_000;
/** A page that keeps fetching (polling) still gets its worker, this long after the load event. */
const AT_MOST_MS = 30_000;

/** Calls `run` once no resource has finished loading for QUIET_MS (or after AT_MOST_MS); returns a cancel. */
function whenNetworkQuiet(run: () => void): () => void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    cancel();
    run();
  };
  const observer = 'PerformanceObserver' in window ? new PerformanceObserver(() => {
    clearTimeout(quiet);
    quiet = setTimeout(fire, QUIET_MS);
  }) : undefined;
  observer?.observe({ type: 'resource' });
  quiet = setTimeout(fire, QUIET_MS);
  const ceiling = setTimeout(fire, AT_MOST_MS);
  function cancel() {
    observer?.disconnect();
    clearTimeout(quiet);
    clearTimeout(ceiling);
  }
  return cancel;
}

function useLoadedAndQuiet(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => undefined as void;
    const start = () => void (cancel = whenNetworkQuiet(() => setReady(true)));
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
  const ready = useLoadedAndQuiet();
  if (!ready || !('serviceWorker' in navigator)) return null;
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </LazyBoundary>
  );
}
