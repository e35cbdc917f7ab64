import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { THistoryTable } from '../../../core/api/audit.ts';
import { useAuth } from '../auth.tsx';
import { useHistory } from './api.ts';
import { ActionBadge, ChangeList, formatWhen } from './audit-entry.tsx';

/** Who changed what and when, for one case, project or action item. Admins only, like the log. */
export function HistoryPanel({ table, id }: { table: THistoryTable; id: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const history = useHistory(table, id, open && Boolean(user?.isAdmin));
  if (!user?.isAdmin) return null;
  return (
    <Paper withBorder p="md" aria-label="History" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>History</Title>
          <Button variant="subtle" size="xs" onClick={() => setOpen((o) => !o)}>{open ? 'Hide history' : 'Show history'}</Button>
        </Group>
        {open && history.isPending && <Loader size="sm" />}
        {open && history.isError && <Text c="red" size="sm">{history.error.message}</Text>}
        {open && history.data?.length === 0 && <Text size="sm" c="dimmed">No changes recorded.</Text>}
        {open && history.data?.map((entry) => (
          <Stack key={entry.id} gap={4} className="history-entry">
            <Group gap="xs">
              <ActionBadge action={entry.action} />
              <Text size="sm" fw={600}>{entry.actorName ?? 'System'}</Text>
              <Text size="sm" c="dimmed">{formatWhen(entry.at)}</Text>
            </Group>
            <ChangeList entry={entry} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
