import { Alert, Anchor, Button, Card, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TAuditChainVerdict, TAuditEntry } from '../../../core/api/audit.ts';
import { AUDIT_TABLE_LABELS } from '../../../core/audit/audit.ts';
import { AUDITED_TABLES } from '../../../core/audit/audit-fields.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { ActionBadge, AuditSentence } from '../../shared/history/audit-entry.tsx';
import { reportError } from '../../lib/error-store.ts';
import { exportUrl, filtersFrom, verifyAuditChain, URL_KEYS, useAuditActors, useAuditLog, type AuditFilterKey } from './api.ts';

const EMPTY_PARAMS = Object.values(URL_KEYS);

/** The record's type, and a link to its history unless the log shows only it already. */
function RecordCell({ entry, current, onShow }: { entry: TAuditEntry; current?: string; onShow(e: TAuditEntry): void }) {
  return (
    <Group gap="xs" align="flex-start">
      <Text size="xs" c="dimmed">{entry.record.type}{entry.record.deleted ? ' (deleted)' : ''}</Text>
      {current !== entry.rowId && (
        <Anchor component="button" type="button" size="xs" onClick={() => onShow(entry)}>History of this record</Anchor>
      )}
    </Group>
  );
}

/**
 * Settings → Audit log: every recorded change, newest first, in words (docs/decisions/097); filtered
 * by person, record type, record and date on the server, the filters in the address so back works,
 * and the filtered log as CSV.
 */
export function AuditLogSection() {
  const timeZone = useFirmTimeZone();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const actors = useAuditActors();
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (patch: Partial<Record<AuditFilterKey, string | null>>) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    for (const [key, value] of Object.entries(patch) as Array<[AuditFilterKey, string | null]>) {
      if (value) next.set(URL_KEYS[key], value);
      else next.delete(URL_KEYS[key]);
    }
    return next;
  });
  const record = filters.rowId ? entries.find((e) => e.rowId === filters.rowId)?.record : undefined;
  const showRecord = (e: TAuditEntry) => set({ table: e.table, rowId: e.rowId });
  const [verdict, setVerdict] = useState<TAuditChainVerdict | null>(null);
  const [verifying, setVerifying] = useState(false);
  const verify = () => {
    setVerifying(true);
    verifyAuditChain().then(setVerdict, reportError).finally(() => setVerifying(false));
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="audit-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={3} id="audit-heading">Audit log</Title>
          <Group gap="xs">
            <Button variant="light" size="xs" loading={verifying} onClick={verify}>Verify chain</Button>
            <Button component="a" href={exportUrl(filters)} download variant="default" size="xs" leftSection={<IconDownload size={14} />}>
              Export CSV
            </Button>
          </Group>
        </Group>
        {verdict && <Alert color={verdict.ok ? 'green' : 'red'} role="status" title={verdict.ok ? 'Chain verified' : 'Chain broken'}>{verdict.text}</Alert>}
        <Group align="flex-end" gap="sm">
          <Select label="Person" placeholder="Anyone" clearable searchable w={200} value={filters.actorId ?? null}
            data={(actors.data ?? []).map((a) => ({ value: a.id, label: a.name }))} onChange={(v) => set({ actorId: v })} />
          <Select label="Record type" placeholder="All records" clearable w={210} value={filters.table ?? null}
            data={AUDITED_TABLES.map((t) => ({ value: t, label: AUDIT_TABLE_LABELS[t] }))} onChange={(v) => set({ table: v })} />
          <TextInput label="From" type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value })} />
          <TextInput label="To" type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value })} />
          <Button variant="default" onClick={() => setParams((prev) => {
            const next = new URLSearchParams(prev);
            EMPTY_PARAMS.forEach((k) => next.delete(k));
            return next;
          })}>Clear filters</Button>
        </Group>
        {filters.rowId && (
          <Group gap="xs">
            <Text size="sm">Only {record ? record.label : 'one record'}</Text>
            <Button variant="subtle" size="compact-xs" leftSection={<IconX size={12} />} onClick={() => set({ rowId: null })}>Show every record</Button>
          </Group>
        )}
        {log.isPending && <Loader size="sm" />}
        {log.isError && <Text c="red.8">{log.error.message}</Text>}
        {log.isSuccess && entries.length === 0 && <Text c="dimmed">No changes match these filters.</Text>}
        {entries.length > 0 && (
          <>
            <Table striped verticalSpacing="xs" aria-label="Audit log entries" visibleFrom="sm">
              <Table.Thead>
                <Table.Tr><Table.Th>When</Table.Th><Table.Th /><Table.Th>What happened</Table.Th><Table.Th>Record</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}><Text size="sm">{firmDateTime(e.at, timeZone)}</Text></Table.Td>
                    <Table.Td style={{ verticalAlign: 'top', width: '1%' }}><ActionBadge action={e.action} /></Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}><AuditSentence entry={e} /></Table.Td>
                    <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}><RecordCell entry={e} current={filters.rowId} onShow={showRecord} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap="xs" hiddenFrom="sm" role="list" aria-label="Audit log entries">
              {entries.map((e) => (
                <Paper key={e.id} withBorder p="xs" role="listitem">
                  <Stack gap={4}>
                    <Group gap="xs" wrap="nowrap">
                      <ActionBadge action={e.action} />
                      <Text size="xs" c="dimmed">{firmDateTime(e.at, timeZone)}</Text>
                    </Group>
                    <AuditSentence entry={e} />
                    <RecordCell entry={e} current={filters.rowId} onShow={showRecord} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </>
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>Load more</Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
