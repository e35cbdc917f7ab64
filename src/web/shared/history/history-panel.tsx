import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { THistoryTable } from '../../../core/api/audit.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useAuth, useFirmTimeZone } from '../auth.tsx';
import { useHistory } from './api.ts';
import { ActionBadge, AuditSentence } from './audit-entry.tsx';

/** Who changed what and when, for one case, project or action item, in the audit log's words. Admins only, like the log. */
export function HistoryPanel({ table, id }: { table: THistoryTable; id: string }) {
  const { user } = useAuth();
  const timeZone = useFirmTimeZone();
  const [open, setOpen] = useState(false);
  const history = useHistory(table, id, open && Boolean(user?.isAdmin));
  if (!user?.isAdmin) return null;
  return (
    <Paper withBorder p="md" aria-label="History" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>History</Title>
          <Group gap="xs">
            <Anchor component={Link} to={`/settings/audit?type=${table}&record=${id}`} size="xs">Open in the audit log</Anchor>
            <Button variant="subtle" size="xs" onClick={() => setOpen((o) => !o)}>{open ? 'Hide history' : 'Show history'}</Button>
          </Group>
        </Group>
        {open && history.isPending && <Loader size="sm" />}
        {open && history.isError && <Text c="red.8" size="sm">{history.error.message}</Text>}
        {open && history.data?.length === 0 && <Text size="sm" c="dimmed">No changes recorded.</Text>}
        {open && history.data?.map((entry) => (
          <Group key={entry.id} gap="sm" align="flex-start" wrap="nowrap" className="history-entry">
            <ActionBadge action={entry.action} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <AuditSentence entry={entry} />
              <Text size="xs" c="dimmed">{firmDateTime(entry.at, timeZone)}</Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
