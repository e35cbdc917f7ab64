import { lazy, Suspense } from 'react';
import { LazyBoundary } from '../../../ui/lazy-boundary.tsx';
import { Settling } from '../../../ui/settle-together.tsx';

const RetainerPanel = lazy(() => import('./retainer-panel.tsx'));

/**
 * The case's retainer on its page, for super admins. The case page renders it once the case has painted,
 * and the panel's code is fetched then, never in the page's first load (docs/decisions/078).
 */
export function RetainerSection({ caseId }: { caseId: string }) {
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={<Settling />}><RetainerPanel caseId={caseId} /></Suspense>
    </LazyBoundary>
  );
}
