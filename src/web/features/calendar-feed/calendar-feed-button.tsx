import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const CalendarFeedDialog = lazy(() => import('./calendar-feed-dialog.tsx'));

/**
 * The user's private calendar feed (docs/decisions/051), from the header. The dialog is its own
 * chunk: no page's first load waits for it.
 */
export function CalendarFeedButton() {
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(false);
  return (
    <>
      <Tooltip label="My calendar feed">
        <ActionIcon variant="subtle" size="lg" aria-label="My calendar feed" onClick={() => {
          setShown(true);
          setOpened(true);
        }}>
          <IconCalendarShare />
        </ActionIcon>
      </Tooltip>
      {shown && (
        <Suspense fallback={null}>
          <CalendarFeedDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
