import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { TFieldReport } from '../../../core/api/field-reports.ts';

const ShareLinksModal = lazy(() => import('./share-links-modal.tsx'));

/**
 * 'Share with client' on a certified report: its links in a dialog (docs/decisions/105). A replaced
 * revision's links still open it (marked replaced): its 'Client links' lists and revokes them.
 */
export function ShareWithClient({ report }: { report: Pick<TFieldReport, 'id' | 'displayNumber' | 'status'> }) {
  const [opened, setOpened] = useState(false);
  if (report.status === 'draft') return null;
  const certified = report.status === 'certified';
  return (
    <>
      <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setOpened(true)}>
        {certified ? 'Share with client' : 'Client links'}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ShareLinksModal reportId={report.id} displayNumber={report.displayNumber} canShare={certified} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
