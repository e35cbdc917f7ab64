import { lazy, Suspense } from 'react';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';
import { Settling } from '../../ui/settle-together.tsx';

const EngagementPanel = lazy(() => import('./engagement-panel.tsx'));

/**
 * The case's engagement on its page. The case page renders it once the case has painted, and the panel's
 * code is fetched then, never in the page's first load (docs/decisions/078).
 */
export function EngagementSection({ caseId, fileNumber }: { caseId: string; fileNumber: string }) {
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={<Settling />}><EngagementPanel caseId={caseId} fileNumber={fileNumber} /></Suspense>
    </LazyBoundary>
  );
}
