import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBillingCode } from '../../../../core/api/accounting.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/transport.ts';
import { useUnsavedChanges } from '../../../shared/unsaved-changes.tsx';
import { LoadingBlock } from '../../../ui/loading-block';

type Codes = { codes: TBillingCode[] };
type CodeField = 'taskCode' | 'activityCode' | 'expenseCode';
const FIELD_LABELS: Record<CodeField, string> = { taskCode: 'Task code', activityCode: 'Activity code', expenseCode: 'Expense code' };
const key = ['accounting', 'billing-codes'];

/** The refusal's problems by row and field ('/codes/3/taskCode'), so each shows under its cell. */
function cellProblems(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return found;
  for (const d of error.details as { path?: unknown; message?: unknown }[]) {
    const m = typeof d.path === 'string' ? /codes\/(\d+)\/(\w+)/.exec(d.path) : null;
    if (m && typeof d.message === 'string') found[`${m[1]}/${m[2]}`] = d.message;
  }
  return found;
}

/**
 * UTBMS codes (task and activity for job titles, expense for expense types): the LEDES file carries
 * them on each line. Every title and type in use is listed; an empty row has no codes.
 */
export function BillingCodesSection() {
  const codes = useQuery({ queryKey: key, queryFn: () => api<Codes>('/api/accounting/billing-codes') });
  if (codes.isPending) return <LoadingBlock h={160} label="Loading billing codes" />;
  if (codes.isError) return <Alert color="red">{codes.error.message}</Alert>;
  return <CodesEditor saved={codes.data.codes} />;
}

function CodesEditor({ saved }: { saved: TBillingCode[] }) {
  const client = useQueryClient();
  const [rows, setRows] = useState(saved);
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved);
  useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: (codes: TBillingCode[]) => api<Codes>('/api/accounting/billing-codes', { method: 'PUT', body: { codes } }),
    onSuccess: (answer) => { client.setQueryData(key, answer); setRows(answer.codes); },
  });
  const problems = cellProblems(save.error);
  const set = (i: number, field: CodeField, value: string) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, [field]: value.toUpperCase() } : row)));
  const cell = (r: TBillingCode, i: number, field: CodeField) => (
    <TextInput
      size="xs" w={100} maxLength={10} value={r[field]} aria-label={`${FIELD_LABELS[field]} of ${r.name}`}
      error={problems[`${i}/${field}`]} onChange={(e) => set(i, field, e.currentTarget.value)}
    />
  );
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>UTBMS billing codes</Title>
        <Text size="sm" c="dimmed">Task and activity codes for job titles (L110, A101…), expense codes for expense types (E101…). LEDES files carry them on each line.</Text>
        <Table withTableBorder striped aria-label="Billing codes" fz="sm">
          <Table.Thead>
            <Table.Tr><Table.Th>Job title or expense type</Table.Th><Table.Th>Task</Table.Th><Table.Th>Activity</Table.Th><Table.Th>Expense</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={4}><Text c="dimmed" size="sm">No job titles or expense types yet.</Text></Table.Td></Table.Tr>}
            {rows.map((r, i) => (
              <Table.Tr key={`${r.kind}:${r.name}`}>
                <Table.Td>{r.name} <Text span size="xs" c="dimmed">{r.kind === 'job_title' ? 'job title' : 'expense'}</Text></Table.Td>
                <Table.Td>{r.kind === 'job_title' && cell(r, i, 'taskCode')}</Table.Td>
                <Table.Td>{r.kind === 'job_title' && cell(r, i, 'activityCode')}</Table.Td>
                <Table.Td>{r.kind === 'expense_type' && cell(r, i, 'expenseCode')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {save.error && <Alert color="red" role="alert" title="Not saved">{save.error.message}</Alert>}
        {save.isSuccess && !dirty && <Alert color="teal" role="status">Codes saved.</Alert>}
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty} onClick={() => { setRows(saved); save.reset(); }}>Discard</Button>
          <Button disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(rows)}>Save codes</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
