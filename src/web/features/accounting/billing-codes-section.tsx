import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBillingCode } from '../../../core/api/accounting.ts';
import { api } from '../../lib/api.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';

type Codes = { codes: TBillingCode[] };
const KIND_LABELS = { job_title: 'Job title', expense_type: 'Expense type' } as const;
const key = ['accounting', 'billing-codes'];

/**
 * UTBMS codes (task, activity, expense) of job titles and expense types: the LEDES file carries
 * them on each line. Optional; a law firm's e-billing system asks for them.
 */
export function BillingCodesSection() {
  const codes = useQuery({ queryKey: key, queryFn: () => api<Codes>('/api/accounting/billing-codes') });
  if (codes.isPending) return <Skeleton h={160} aria-label="Loading billing codes" />;
  if (codes.isError) return <Alert color="red">{codes.error.message}</Alert>;
  return <CodesEditor saved={codes.data.codes} />;
}

function CodesEditor({ saved }: { saved: TBillingCode[] }) {
  const client = useQueryClient();
  const [rows, setRows] = useState(saved);
  const [adding, setAdding] = useState<{ kind: TBillingCode['kind']; name: string }>({ kind: 'job_title', name: '' });
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved);
  useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: (codes: TBillingCode[]) => api<Codes>('/api/accounting/billing-codes', { method: 'PUT', body: { codes } }),
    onSuccess: (answer) => { client.setQueryData(key, answer); setRows(answer.codes); },
  });
  const set = (i: number, field: 'taskCode' | 'activityCode' | 'expenseCode', value: string) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, [field]: value.toUpperCase() } : row)));
  const add = () => {
    const name = adding.name.trim();
    if (!name || rows.some((r) => r.kind === adding.kind && r.name === name)) return;
    setRows((r) => [...r, { kind: adding.kind, name, taskCode: '', activityCode: '', expenseCode: '' }]);
    setAdding((a) => ({ ...a, name: '' }));
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>UTBMS billing codes</Title>
        <Text size="sm" c="dimmed">Task and activity codes for job titles (L110, A101…), expense codes for expense types (E101…). Used in LEDES files.</Text>
        <Table withTableBorder striped aria-label="Billing codes" fz="sm">
          <Table.Thead>
            <Table.Tr><Table.Th>Kind</Table.Th><Table.Th>Name</Table.Th><Table.Th>Task</Table.Th><Table.Th>Activity</Table.Th><Table.Th>Expense</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" size="sm">No codes yet.</Text></Table.Td></Table.Tr>}
            {rows.map((r, i) => (
              <Table.Tr key={`${r.kind}:${r.name}`}>
                <Table.Td>{KIND_LABELS[r.kind]}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                {(r.kind === 'job_title' ? (['taskCode', 'activityCode'] as const) : []).map((f) => (
                  <Table.Td key={f}><TextInput size="xs" w={90} maxLength={10} value={r[f]} aria-label={`${f === 'taskCode' ? 'Task' : 'Activity'} code of ${r.name}`} onChange={(e) => set(i, f, e.currentTarget.value)} /></Table.Td>
                ))}
                {r.kind === 'expense_type' && <><Table.Td /><Table.Td /></>}
                <Table.Td>
                  {r.kind === 'expense_type' && (
                    <TextInput size="xs" w={90} maxLength={10} value={r.expenseCode} aria-label={`Expense code of ${r.name}`} onChange={(e) => set(i, 'expenseCode', e.currentTarget.value)} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group align="flex-end">
          <Select label="Add a code for" w={150} allowDeselect={false} value={adding.kind}
            data={[{ value: 'job_title', label: 'Job title' }, { value: 'expense_type', label: 'Expense type' }]}
            onChange={(v) => v && setAdding((a) => ({ ...a, kind: v as TBillingCode['kind'] }))} />
          <TextInput label="Name" value={adding.name} onChange={(e) => { const name = e.currentTarget.value; setAdding((a) => ({ ...a, name })); }} />
          <Button variant="light" onClick={add} disabled={!adding.name.trim()}>Add</Button>
        </Group>
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty} onClick={() => setRows(saved)}>Discard</Button>
          <Button disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(rows)}>Save codes</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
