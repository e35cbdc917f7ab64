import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useSyncExternalStore } from 'react';
import { ownerLockOf, weekLockOf, type Editor } from './editor.ts';
import type { EntryStore } from '../../shared/entries/index.ts';
import { perRevision } from './use-store.ts';

type Store = EntryStore<unknown, { createdBy: string | null; billNumber: number | null; week?: { lockMessage: string | null } | null }>;

/**
 * Rows of a submitted or approved week (issue 25) and, for a limited user, rows others entered
 * (issue 28) are read-only: their distinct sentences, in view above the table ('Entered by Luis
 * Mendoza: only an administrator can change it'). Billed rows say so on their own tag.
 */
export function RowLockNotice({ store, editor, label }: { store: Store; editor: Editor; label: string }) {
  const sentencesOf = useMemo(() => perRevision((s: Store) => [...new Set(s.allRows()
    .filter((row) => row.extra.billNumber === null)
    .map((row) => weekLockOf(row) ?? ownerLockOf(editor, row))
    .filter((m) => m !== null))].join('\n')), [editor]);
  const text = useSyncExternalStore(store.subscribe, () => sentencesOf(store));
  if (!text) return null;
  return (
    <Alert color="gray" icon={<IconLock size={18} />} mb="xs" role="note" aria-label={label}>
      <Stack gap={2}>{text.split('\n').map((line) => <Text key={line} size="sm">{line}</Text>)}</Stack>
    </Alert>
  );
}
