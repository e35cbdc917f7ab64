import { Anchor, Badge, Group, Loader, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { syncIndicatorText, syncToast, type SyncToast } from '../../../core/calendar/calendar.ts';
import { ApiError } from '../../lib/transport.ts';
import { clearFailed, syncNow, useSyncStatus, useSyncSummaries } from './calendar-api.ts';
import { SyncToastView } from './sync-toast.tsx';

/**
 * The card's sync indicator (SPEC §2): 'Syncing...' or 'N pending', with Sync now when items
 * wait and nothing is syncing. Shown only where a calendar is set up: nothing pretends to sync.
 * A project's card counts and syncs that project's queue; the dashboard without a project, the firm's.
 */
export function SyncIndicator({ projectId }: { projectId: string | null }) {
  const status = useSyncStatus(projectId).data;
  const [running, setRunning] = useState(false);
  const [toast, setToast] = useState<SyncToast | null>(null);
  useSyncSummaries(useCallback((summary) => setToast(syncToast(summary)), []));
  const close = useCallback(() => setToast(null), []);
  if (!status || !status.configured || !status.connected) return <SyncToastView toast={toast} onClose={close} />;
  const text = syncIndicatorText({ syncing: running || status.syncing, pending: status.pending });
  const run = async () => {
    setRunning(true);
    try {
      setToast(syncToast(await syncNow(projectId)));
    } catch (error) {
      setToast(syncToast({ error: error instanceof ApiError ? error.message : 'Failed to sync with the calendar. Please try again.' }));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Group gap="xs" aria-label="Calendar sync" role="group">
      {status.needsReconnect && <Text size="sm" c="red.8">{status.message}</Text>}
      {text && (
        <Badge variant="light" color={status.failed ? 'red' : 'blue'} leftSection={text === 'Syncing...' ? <Loader size={10} /> : null}>
          {text}
        </Badge>
      )}
      {status.pending > 0 && !text?.startsWith('Syncing') && !status.needsReconnect && (
        <Anchor component="button" type="button" size="sm" onClick={() => void run()}>Sync now</Anchor>
      )}
      {status.failed > 0 && !running && (
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => void clearFailed(projectId)}
          title="Forget the items that failed to sync (they go again when they change)">
          Clear
        </Anchor>
      )}
      <SyncToastView toast={toast} onClose={close} />
    </Group>
  );
}
