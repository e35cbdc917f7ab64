import { List, Notification, Portal, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { RESULT_TOAST_ERROR_MS, RESULT_TOAST_MS } from '../../../core/constants.ts';

export interface SaveResult {
  ok: boolean;
  title: string;
  /** The error text, on failure. */
  message?: string;
  date?: string;
  time?: string;
  fields?: string[];
}

/** The form's result toast (SPEC §2): auto-hides after 6 s, or 10 s on error. */
export function ResultToast({ result, onClose }: { result: SaveResult | null; onClose(): void }) {
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(onClose, result.ok ? RESULT_TOAST_MS : RESULT_TOAST_ERROR_MS);
    return () => clearTimeout(timer);
  }, [result, onClose]);
  if (!result) return null;
  return (
    <Portal>
      <div style={{ position: 'fixed', top: 72, right: 16, zIndex: 1000, width: 'min(380px, calc(100vw - 32px))' }}>
        <Notification
          title={result.title}
          color={result.ok ? 'teal' : 'red'}
          icon={result.ok ? <IconCheck size={18} /> : <IconX size={18} />}
          onClose={onClose}
          closeButtonProps={{ 'aria-label': 'Close message' }}
          withBorder
          role="status"
        >
          {result.message && <Text size="sm">{result.message}</Text>}
          {result.date && <Text size="sm">Date: {result.date}</Text>}
          {result.time && result.time !== 'N/A' && <Text size="sm">Time: {result.time}</Text>}
          {result.fields && result.fields.length > 0 && (
            <>
              <Text size="sm" mt={4}>Updated fields:</Text>
              <List size="sm" withPadding>{result.fields.map((f) => <List.Item key={f}>{f}</List.Item>)}</List>
            </>
          )}
        </Notification>
      </div>
    </Portal>
  );
}
