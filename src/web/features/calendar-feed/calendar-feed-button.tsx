import { ActionIcon } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const CalendarFeedDialog = lazy(() => import('./calendar-feed-dialog.tsx'));

/**
 * The user's private calendar feed (docs/decisions/163), from the header: an icon, or a line of
 * the phone menu (`asMenuItem`, docs/decisions/107). The dialog is its own chunk: no page's first
 * load waits for it.
 */
export function CalendarFeedButton({ className, asMenuItem = false, onOpen }: {
  className?: string; asMenuItem?: boolean; onOpen?(): void;
}) {
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(false);
  const open = () => {
    setShown(true);
    setOpened(true);
    onOpen?.();
  };
  return (
    <>
      {asMenuItem
        ? <button type="button" className={className} onClick={open}>My calendar feed</button>
        : (
          // The browser's own tooltip (title), as the header's back button: no Tooltip code in every page's first load.
          <ActionIcon variant="subtle" size="lg" className={className} aria-label="My calendar feed" title="My calendar feed" onClick={open}>
            <IconCalendarShare />
          </ActionIcon>
        )}
      {shown && (
        <Suspense fallback={null}>
          <CalendarFeedDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
