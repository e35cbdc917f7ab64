import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../../lib/after-paint.ts';
import { LazyBoundary } from '../../../ui/lazy-boundary.tsx';
import { Settling } from '../../../ui/settle-together.tsx';

const RetainerPanel = lazy(() => import('./retainer-panel.tsx'));

/**
 * The case's retainer on its page, for super admins: its code is fetched once the case has painted,
 * so it is never in the case page's first load (docs/decisions/078).
 */
export function RetainerSection({ caseId }: { caseId: string }) {
  const painted = useAfterPaint();
  if (!painted) return <Settling />;
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={<Settling />}><RetainerPanel caseId={caseId} /></Suspense>
    </LazyBoundary>
  );
}
