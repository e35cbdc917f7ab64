import { Alert, Anchor, Badge, Button, Card, FileButton, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TBackup } from '../../../core/api/backups.ts';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { firmZoneName } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';
import { useBackupAction, useBackups } from './api.ts';
import { formatSize, startedBy, when } from './format.ts';
import { RestoreModal } from './restore-modal.tsx';

/** Started by: the person or 'Daily schedule', and for a file uploaded here a badge with who uploaded it and when. */
function StartedBy({ backup, timeZone }: { backup: TBackup; timeZone: string }) {
  if (!backup.uploaded) return <>{startedBy(backup)}</>;
  return (
    <Stack gap={2}>
      <Badge color="orange" variant="light" styles={{ label: { overflow: 'visible' } }}>Uploaded</Badge>
      <Text size="xs">{backup.uploaded.by ? `by ${backup.uploaded.by}, ` : ''}{when(backup.uploaded.at, timeZone)}</Text>
    </Stack>
  );
}

/**
 * Settings → Backups: the real list and Back up now for admins; download, upload and restore for
 * super admins only (a backup holds every password and every rate, cost and bill; the API refuses
 * admins too).
 */
export function BackupsSection() {
  const mover = useUser().isSuperAdmin;
  const backups = useBackups();
  const act = useBackupAction();
  const [restoring, setRestoring] = useState<TBackup | null>(null);
  const data = backups.data;
  const activity = data?.activity;
  const running = Boolean(activity && !activity.finishedAt);
  const timeZone = useFirmTimeZone();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="backups-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} id="backups-heading">Backups</Title>
          <Group gap="sm">
            {mover && (
              <FileButton accept=".backup" onChange={(file) => file && act.mutate({ kind: 'upload', file })}>
                {(props) => <Button variant="default" {...props} loading={act.isPending && act.variables?.kind === 'upload'}>Upload backup</Button>}
              </FileButton>
            )}
            <Button onClick={() => act.mutate({ kind: 'backup' })} disabled={running}>Back up now</Button>
          </Group>
        </Group>
        {data && (
          <Text size="sm" c="dimmed">
            Daily at {data.schedule.hour} ({firmZoneName(Date.now(), timeZone)}), keeping the newest {data.schedule.keep}. Stored in {data.directory}.
          </Text>
        )}
        {!mover && <Text size="sm">{BACKUP_MESSAGES.superAdminOnly}</Text>}
        {running && activity && (
          <Alert color="blue" role="status" icon={<Loader size="xs" />}>
            {activity.kind === 'backup' ? 'Backing up' : 'Restoring'}: {activity.phase}{activity.bytes > 0 ? `, ${formatSize(activity.bytes)} written` : ''}…
          </Alert>
        )}
        {activity?.error && <Alert color="red" role="alert">The last {activity.kind} failed: {activity.error}</Alert>}
        {act.isError && !restoring && <Alert color="red" role="alert">{act.error.message}</Alert>}
        {backups.isPending && <Loader size="sm" />}
        {data && data.backups.length === 0 && <Text c="dimmed">No backups yet.</Text>}
        {data && data.backups.length > 0 && (
          <Table striped verticalSpacing="xs" aria-label="Backup list">
            <Table.Thead>
              <Table.Tr><Table.Th>Date</Table.Th><Table.Th>Size</Table.Th><Table.Th>Database</Table.Th><Table.Th>Version</Table.Th><Table.Th>Started by</Table.Th><Table.Th>Status</Table.Th><Table.Th>Checksum</Table.Th>{mover && <Table.Th>Actions</Table.Th>}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.backups.map((b) => (
                <Table.Tr key={b.name ?? b.createdAt}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(b.createdAt, timeZone)}</Table.Td>
                  <Table.Td>{b.status === 'completed' ? formatSize(b.size) : '—'}</Table.Td>
                  <Table.Td>{b.kind === 'pglite' ? 'Embedded' : 'PostgreSQL'}</Table.Td>
                  <Table.Td>{b.appVersion || '—'}</Table.Td>
                  <Table.Td><StartedBy backup={b} timeZone={timeZone} /></Table.Td>
                  <Table.Td>
                    <Badge color={b.status === 'completed' ? 'green' : 'red'} styles={{ label: { overflow: 'visible' } }}>{b.status}</Badge>
                    {b.error && <Text size="xs" c="red.8">{b.error}</Text>}
                    {b.originalsBuckets.length > 0 && (
                      <Text size="xs" c="dimmed">Photo originals are in the S3 bucket {b.originalsBuckets.join(', ')} (not in this file)</Text>
                    )}
                  </Table.Td>
                  <Table.Td><Text size="xs" ff="monospace" title={b.sha256}>{b.sha256.slice(0, 12)}</Text></Table.Td>
                  {mover && <Table.Td>
                    {b.name && (
                      <Group gap={6} wrap="nowrap">
                        <Anchor size="sm" href={`/api/backups/${b.name}/download`} download aria-label={`Download ${b.name}`}>Download</Anchor>
                        <Button size="compact-xs" variant="light" color="red" disabled={running} aria-label={`Restore ${b.name}`}
                          onClick={() => { act.reset(); setRestoring(b); }}>Restore</Button>
                      </Group>
                    )}
                  </Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {restoring && (
        <RestoreModal backup={restoring} timeZone={timeZone} busy={act.isPending} error={act.isError ? act.error.message : null}
          onClose={() => setRestoring(null)}
          onRestore={(confirmation) => act.mutate({ kind: 'restore', name: restoring.name!, confirmation }, { onSuccess: () => setRestoring(null) })} />
      )}
    </Card>
  );
}
