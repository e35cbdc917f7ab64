import { Notification, Portal, Progress } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { SyncToast } from '../../../core/calendar/calendar.ts';
import { SYNC_TOAST_MS } from '../../../core/constants.ts';

/**
 * SPEC §4 "Sync toast": a clean success closes itself after 5 s, with a progress bar counting down.
 * The same message told again (the stream's summary of a run that Sync now's answer reports too)
 * keeps its countdown; a different one starts its own.
 */
export function SyncToastView({ toast, onClose }: { toast: SyncToast | null; onClose(): void }) {
  const [left, setLeft] = useState(100);
  const counting = toast?.autoClose ? `${toast.title}\n${toast.message}` : null;
  useEffect(() => {
    if (!counting) return;
    const started = Date.now();
    setLeft(100);
    const tick = setInterval(() => {
      const remaining = Math.max(0, 100 - ((Date.now() - started) / SYNC_TOAST_MS) * 100);
      setLeft(remaining);
      if (remaining === 0) onClose();
    }, 100);
    return () => clearInterval(tick);
  }, [counting, onClose]);
  if (!toast) return null;
  const icon = toast.color === 'green' ? <IconCheck size={18} /> : toast.color === 'red' ? <IconX size={18} /> : <IconAlertTriangle size={18} />;
  return (
    <Portal>
      <div style={{ position: 'fixed', bottom: 88, right: 16, zIndex: 1000, width: 'min(380px, calc(100vw - 32px))' }}>
        <Notification title={toast.title} color={toast.color} icon={icon} onClose={onClose} withBorder role="status"
          closeButtonProps={{ 'aria-label': 'Close sync message' }}>
          {toast.message}
          {toast.autoClose && <Progress value={left} size="xs" mt={8} color="green" aria-label="Closes in a moment" transitionDuration={100} />}
        </Notification>
      </div>
    </Portal>
  );
}
