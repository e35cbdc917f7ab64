import { Button, Card, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_TABLE_LABELS, AUDITED_TABLES } from '../../../core/audit.ts';
import { useAuditActors, useAuditLog, type AuditFilters } from './api.ts';
import { ActionBadge, ChangeList, formatWhen } from '../../shared/history/audit-entry.tsx';

const EMPTY: AuditFilters = { actorId: '', table: '', rowId: '', from: '', to: '' };
const tableLabel = (t: string) => AUDIT_TABLE_LABELS[t as keyof typeof AUDIT_TABLE_LABELS] ?? t;

/** Settings → Audit log: every recorded change, newest first, filtered by user, table, record and date. */
export function AuditLogSection() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const actors = useAuditActors();
  const log = useAuditLog(filters);
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="audit-heading">
      <Stack gap="md">
        <Title order={3} id="audit-heading">Audit log</Title>
        <form onSubmit={(e) => { e.preventDefault(); setFilters(draft); }}>
          <Group align="flex-end" gap="sm">
            <Select label="User" placeholder="Anyone" clearable searchable w={200} value={draft.actorId || null}
              data={(actors.data ?? []).map((a) => ({ value: a.id, label: a.name }))} onChange={(v) => set({ actorId: v ?? '' })} />
            <Select label="Table" placeholder="All tables" clearable w={210} value={draft.table || null}
              data={AUDITED_TABLES.map((t) => ({ value: t, label: tableLabel(t) }))} onChange={(v) => set({ table: v ?? '' })} />
            <TextInput label="Record id" w={300} value={draft.rowId} onChange={(e) => set({ rowId: e.currentTarget.value })} />
            <TextInput label="From" type="date" value={draft.from} onChange={(e) => set({ from: e.currentTarget.value })} />
            <TextInput label="To" type="date" value={draft.to} onChange={(e) => set({ to: e.currentTarget.value })} />
            <Button type="submit">Apply filters</Button>
            <Button variant="default" onClick={() => { setDraft(EMPTY); setFilters(EMPTY); }}>Clear</Button>
          </Group>
        </form>
        {log.isPending && <Loader size="sm" />}
        {log.isError && <Text c="red">{log.error.message}</Text>}
        {log.isSuccess && entries.length === 0 && <Text c="dimmed">No changes match these filters.</Text>}
        {entries.length > 0 && (
          <Table striped verticalSpacing="xs" aria-label="Audit log entries">
            <Table.Thead>
              <Table.Tr><Table.Th>When</Table.Th><Table.Th>User</Table.Th><Table.Th>Table</Table.Th><Table.Th>Record</Table.Th><Table.Th>Action</Table.Th><Table.Th>Changes</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWhen(e.at)}</Table.Td>
                  <Table.Td>{e.actorName ?? 'System'}</Table.Td>
                  <Table.Td>{tableLabel(e.table)}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-xs" title="Show only this record" onClick={() => {
                      const next = { ...EMPTY, table: e.table, rowId: e.rowId };
                      setDraft(next);
                      setFilters(next);
                    }}>{e.rowId.slice(0, 8)}</Button>
                  </Table.Td>
                  <Table.Td><ActionBadge action={e.action} /></Table.Td>
                  <Table.Td><ChangeList entry={e} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
