import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { TFieldReport } from '../../../core/api/field-reports.ts';

const ShareLinksModal = lazy(() => import('./share-links-modal.tsx'));

/** 'Share with client' on a certified report: its links in a dialog (docs/decisions/105). */
export function ShareWithClient({ report }: { report: Pick<TFieldReport, 'id' | 'displayNumber' | 'status'> }) {
  const [opened, setOpened] = useState(false);
  if (report.status !== 'certified') return null;
  return (
    <>
      <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setOpened(true)}>Share with client</Button>
      {opened && (
        <Suspense fallback={null}>
          <ShareLinksModal reportId={report.id} displayNumber={report.displayNumber} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
