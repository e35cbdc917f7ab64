import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';

const EngagementPanel = lazy(() => import('./engagement-panel.tsx'));

/** The case's engagement on its page, fetched once the case has painted (docs/decisions/078). */
export function EngagementSection({ caseId, fileNumber }: { caseId: string; fileNumber: string }) {
  const painted = useAfterPaint();
  if (!painted) return null;
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={null}><EngagementPanel caseId={caseId} fileNumber={fileNumber} /></Suspense>
    </LazyBoundary>
  );
}
