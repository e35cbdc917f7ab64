import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { formatCurrency } from '../../../core/money.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { useCaseCancellations } from './api.ts';
import { CancellationForm } from './cancellation-form.tsx';
import { useQuerySettled } from '../../ui/settle-together.tsx';

/**
 * A case's cancelled depositions and trials (issue 40, docs/decisions/139): when each was to be, when
 * notice came and, for a super admin, the fee the bill charges for it. Admins only, as the entries' writes.
 */
export function CancellationsSection({ caseId, projects }: { caseId: string; projects: { id: string; label: string }[] }) {
  const timeZone = useFirmTimeZone();
  const cancellations = useCaseCancellations(caseId, true);
  useQuerySettled(cancellations);
  const data = cancellations.data;
  const [adding, setAdding] = useState(false);
  const rows = data?.cancellations ?? [];
  const money = data?.moneyVisible ?? false;
  return (
    <Stack gap="xs" mt="lg">
      <Group justify="space-between">
        <Title order={4}>Cancelled events</Title>
        <Button variant="light" leftSection={<IconCalendarX size={16} />} disabled={!data || projects.length === 0}
          onClick={() => setAdding(true)}>Record cancellation</Button>
      </Group>
      {projects.length === 0 && <Text size="sm" c="dimmed">Add a project to the case to record a cancellation.</Text>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" aria-label="Cancelled events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scheduled for</Table.Th><Table.Th>Job title</Table.Th><Table.Th>Expert</Table.Th><Table.Th>Notice given</Table.Th>
              <Table.Th ta="right">Notice</Table.Th>{money && <><Table.Th>Fee rule</Table.Th><Table.Th ta="right">Fee</Table.Th></>}<Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={money ? 8 : 6}><Text c="dimmed">No cancelled events.</Text></Table.Td></Table.Tr>
            )}
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{firmDateTime(c.scheduledAt, timeZone)}</Table.Td>
                <Table.Td>{c.jobType}</Table.Td>
                <Table.Td>{c.userName}</Table.Td>
                <Table.Td>{firmDateTime(c.noticeGivenAt, timeZone)}</Table.Td>
                <Table.Td ta="right">{`${c.noticeHours} h`}</Table.Td>
                {money && (
                  <>
                    <Table.Td>{c.fee?.rule ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(c.fee?.amount ?? 0)}</Table.Td>
                  </>
                )}
                <Table.Td>
                  {c.billId && money ? <Anchor component={Link} to={`/accounting/bills/${c.billId}`} size="sm">On a bill</Anchor>
                    : c.billId ? <Text size="sm">On a bill</Text> : <Text size="sm" c="dimmed">Not billed</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {adding && data && <CancellationForm caseId={caseId} projects={projects} jobTitles={data.jobTitles} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
