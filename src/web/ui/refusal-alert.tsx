import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, type RefObject } from 'react';
import type { Refusal } from '../lib/refusal.ts';

/**
 * Why a save was refused, next to the button that failed: the server's message and each field it
 * names (the same problem also shows under the field). Stays until the next save or an edit.
 */
export function RefusalAlert<K extends string>({ refusal, labels }: { refusal: Refusal<K> | null; labels: Partial<Record<K, string>> }) {
  if (!refusal) return null;
  // A duplicate's message already says which value; only other problems are listed by field.
  const named = (Object.entries(refusal.fields) as [K, string][]).filter(([key, problem]) => labels[key] && problem !== refusal.message);
  return (
    <Alert color="red" icon={<IconAlertTriangle />} role="alert" title="Not saved">
      <Text size="sm">{refusal.message}</Text>
      {named.length > 0 && (
        <List size="sm" mt={4}>
          {named.map(([key, problem]) => <List.Item key={key}><b>{labels[key]}</b>: {problem}</List.Item>)}
        </List>
      )}
    </Alert>
  );
}

/** After a refusal naming fields, puts the cursor in the first field marked invalid inside `container`. */
export function useFocusRefused(container: RefObject<HTMLElement | null>, refusal: Refusal<string> | null) {
  useEffect(() => {
    if (!refusal || Object.keys(refusal.fields).length === 0) return;
    const field = container.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
    // Only a new refusal moves the cursor, not an edit that drops one of its fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal?.seq, container]);
}
