import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UNSAVED_CHANGES_QUESTION } from '../../../core/errors.ts';
import { debugLog } from '../../lib/debug-log.ts';
import { useUnsavedState } from '../../shared/unsaved-changes.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';

const UPDATE_READY = 'A new version is ready.';
/** A tab left open for days still hears of a new version: the worker's script is checked hourly. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let registration: ServiceWorkerRegistration | undefined;
/** Set when the person chose Reload in this tab: only then does the new worker taking over reload it. */
let reloadRequested = false;

/**
 * 'A new version is ready. Reload' when a new service worker waits (registerType 'prompt'). Nothing
 * reloads by itself: not this tab, and not another tab when this one activates the new version
 * (that tab keeps its prompt). Unsaved edits are asked about first, as leaving a page does.
 */
export default function UpdatePrompt() {
  const { hasUnsaved, discardAll } = useUnsavedState();
  const [asking, setAsking] = useState(false);
  const [later, setLater] = useState(false);
  const { needRefresh: [needRefresh], updateServiceWorker } = useRegisterSW({
    onRegisteredSW(_url, found) {
      registration = found;
      setInterval(() => {
        if (navigator.onLine && found && !found.installing) found.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
    onRegisterError: (error) => debugLog('warn', 'service worker not registered', String(error)),
    onNeedReload() {
      if (reloadRequested) window.location.reload();
    },
  });

  const reload = () => {
    reloadRequested = true;
    // Another tab may have activated the new version already: nothing waits, this tab just reloads.
    if (registration?.waiting) void updateServiceWorker();
    else window.location.reload();
  };

  return (
    <>
      {needRefresh && !later && (
        // Above the page and its sticky header (100), under a dialog's overlay (Mantine's 200).
        <Paper role="status" shadow="lg" withBorder p="sm" bg="indigo.0"
          style={{ position: 'fixed', top: 72, right: 16, zIndex: 150, width: 'min(380px, calc(100% - 32px))' }}>
          <Group gap="xs" wrap="nowrap">
            <IconRefresh aria-hidden size={20} color="var(--mantine-color-indigo-7)" />
            <Text fw={500}>{UPDATE_READY}</Text>
          </Group>
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="subtle" size="md" mih={44} onClick={() => setLater(true)}>Later</Button>
            <Button size="md" mih={44} onClick={() => (hasUnsaved() ? setAsking(true) : reload())}>Reload</Button>
          </Group>
        </Paper>
      )}
      <ConfirmModal
        opened={asking}
        question={UNSAVED_CHANGES_QUESTION}
        confirmLabel="Discard and reload"
        onNo={() => setAsking(false)}
        onYes={() => {
          setAsking(false);
          discardAll();
          reload();
        }}
      />
    </>
  );
}
