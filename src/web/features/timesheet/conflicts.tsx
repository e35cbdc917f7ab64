import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { formatHours } from '../../../core/time/hours-text.ts';
import { dayLabel } from './grid-context.ts';
import type { CellStore } from './cell-store.ts';

/**
 * Cells someone else saved (or deleted) first, each with the time tracking page's choice:
 * nothing is overwritten silently.
 */
export function Conflicts({ store }: { store: CellStore }) {
  const keys = useSyncExternalStore(store.subscribe, () => store.allRows().filter((r) => r.status === 'conflict').map((r) => r.key).join(' '));
  if (!keys) return null;
  return (
    <Stack gap="xs">
      {keys.split(' ').map((key) => {
        const row = store.getRow(key);
        const c = row?.conflict;
        if (!row || !c) return null;
        const deleted = c.version === null;
        return (
          <Alert key={key} color="orange" role="alert" data-conflict={key}>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" style={{ flex: '1 1 16rem' }}>
                {deleted
                  ? `Someone else deleted this entry (${dayLabel(row.draft.entryDate)}, ${row.draft.jobType}) while you were editing it.`
                  : <>Someone else saved this entry while you were editing it. Their version: <b>{dayLabel(c.draft.entryDate)} · {c.draft.jobType} · {formatHours(c.draft.hours)} h{c.draft.description ? ` · ${c.draft.description}` : ''}</b>; yours: {formatHours(row.draft.hours)} h</>}
              </Text>
              <Button size="compact-sm" variant="default" onClick={() => store.resolveConflict(key, 'theirs')}>{deleted ? 'Discard mine' : 'Use their version'}</Button>
              <Button size="compact-sm" onClick={() => store.resolveConflict(key, 'mine')}>{deleted ? 'Save mine again' : 'Keep mine'}</Button>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
