import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';
import { Settling } from '../../ui/settle-together.tsx';

const EngagementPanel = lazy(() => import('./engagement-panel.tsx'));

/** The case's engagement on its page, fetched once the case has painted (docs/decisions/078). */
export function EngagementSection({ caseId, fileNumber }: { caseId: string; fileNumber: string }) {
  const painted = useAfterPaint();
  if (!painted) return <Settling />;
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={<Settling />}><EngagementPanel caseId={caseId} fileNumber={fileNumber} /></Suspense>
    </LazyBoundary>
  );
}
