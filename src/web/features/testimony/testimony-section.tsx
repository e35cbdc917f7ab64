import { Anchor, Badge, Button, Checkbox, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TTestimony } from '../../../core/api/testimony.ts';
import { formatBillNumber } from '../../../core/billing/billing.ts';
import type { TRetainedSide } from '../../../core/cases/conflict-sides.ts';
import { formatHours } from '../../../core/money.ts';
import { KIND_LABELS } from '../../../core/testimony/rule26.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { DEPOSIT_NOT_RECEIVED, NOTICED_BY_LABELS } from '../../../core/testimony/testimony.ts';
import { reportError } from '../../lib/error-store.ts';
import { newId } from '../../lib/new-id.ts';
import { localIsoDate } from '../../../core/dates/iso-date.ts';
import { useToday } from '../../ui/today.ts';
import { billDeposingSide, deleteTestimony, downloadPayerStatement, setConsultingOnly, useCaseTestimony, useInvalidateTestimony } from './api.ts';
import { CancellationsSection } from './cancellations-section.tsx';
import { TestimonyForm } from './testimony-form.tsx';
import { useQuerySettled } from '../../ui/settle-together.tsx';

/** Who noticed a deposition, in words: the retaining side, or the named party. */
const noticedText = (e: TTestimony) => (e.kind !== 'deposition' ? '—' : e.noticedBy === 'other' ? e.payerName || NOTICED_BY_LABELS.other : NOTICED_BY_LABELS.retaining);

/**
 * The case's testimony (issue 40): depositions, trials, hearings and arbitrations, each linked to its
 * day's time entries. A deposition noticed by another party shows its deposit and is billed to that party.
 */
export function TestimonySection({ caseId, retainedSide, canEdit, superAdmin, projects }: {
  caseId: string; retainedSide: TRetainedSide | null; canEdit: boolean; superAdmin: boolean; projects: { id: string; label: string }[];
}) {
  const testimony = useCaseTestimony(caseId);
  useQuerySettled(testimony);
  const today = useToday();
  const invalidate = useInvalidateTestimony();
  const [editing, setEditing] = useState<{ event: TTestimony | null } | null>(null);
  const act = async (action: string, run: () => Promise<unknown>) => {
    try {
      await run();
      await invalidate();
    } catch (error) {
      reportError(error, { screen: 'case', action });
    }
  };
  const data = testimony.data;
  const events = data?.events ?? [];
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3}>Testimony</Title>
        <Group gap="sm">
          <Anchor component={Link} to="/testimony" size="sm">Rule 26 list</Anchor>
          {canEdit && !data?.consultingOnly && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ event: null })}>Record testimony</Button>
          )}
        </Group>
      </Group>
      {canEdit && (events.length === 0 || data?.consultingOnly) && (
        <Checkbox mb="sm" label="Consulting only (no testimony)" checked={data?.consultingOnly ?? false}
          onChange={(e) => { const on = e.currentTarget.checked; void act('consulting-only', () => setConsultingOnly(caseId, on)); }} />
      )}
      <Table.ScrollContainer minWidth={820}>
        <Table striped verticalSpacing="xs" aria-label="Testimony">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th><Table.Th>Type</Table.Th><Table.Th>Expert</Table.Th><Table.Th>Caption</Table.Th>
              <Table.Th>Court</Table.Th><Table.Th>Docket</Table.Th><Table.Th>Noticed by</Table.Th><Table.Th>Time that day</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.length === 0 && (
              <Table.Tr><Table.Td colSpan={9}><Text c="dimmed">{data?.consultingOnly ? 'Consulting only: no testimony.' : 'No testimony yet.'}</Text></Table.Td></Table.Tr>
            )}
            {events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatUsDate(e.eventDate)}</Table.Td>
                <Table.Td>{KIND_LABELS[e.kind]}</Table.Td>
                <Table.Td>{e.expertName}</Table.Td>
                <Table.Td>{e.caption}</Table.Td>
                <Table.Td>{e.court || '—'}</Table.Td>
                <Table.Td>{e.docket || '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <span>{noticedText(e)}</span>
                    {e.depositStatus && <Badge color={e.depositStatus === DEPOSIT_NOT_RECEIVED ? 'orange' : 'green'} variant="light">{e.depositStatus}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{e.entryCount === 0 ? '—' : `${formatHours(e.entryHours)} h (${e.entryCount} ${e.entryCount === 1 ? 'entry' : 'entries'})`}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {e.billId && superAdmin && (
                      <Anchor component={Link} to={`/accounting/bills/${e.billId}`} size="sm">Bill {formatBillNumber(e.billNumber ?? 0)}</Anchor>
                    )}
                    {e.billId && superAdmin && (
                      <Button size="xs" variant="subtle" aria-label={`Statement of ${e.payerName}`}
                        onClick={() => downloadPayerStatement(e.id, e.eventDate, localIsoDate(today()))
                          .catch((error: unknown) => reportError(error, { screen: 'case', action: 'payer-statement' }))}>
                        Statement
                      </Button>
                    )}
                    {e.billId && !superAdmin && <Text size="sm">Billed</Text>}
                    {superAdmin && !e.billId && e.noticedBy === 'other' && e.entryCount > 0 && (
                      <Button size="xs" variant="light" onClick={() => act('bill-deposing-side', () => billDeposingSide(e.id, newId()))}>
                        Bill {e.payerName || 'deposing party'}
                      </Button>
                    )}
                    {canEdit && (
                      <>
                        <Button size="xs" variant="light" onClick={() => setEditing({ event: e })} aria-label={`Edit testimony of ${formatUsDate(e.eventDate)}`}>Edit</Button>
                        {!e.billId && (
                          <Button size="xs" variant="subtle" color="red" onClick={() => act('remove-testimony', () => deleteTestimony(e.id))}
                            aria-label={`Remove testimony of ${formatUsDate(e.eventDate)}`}>Remove</Button>
                        )}
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit && !data?.consultingOnly && <CancellationsSection caseId={caseId} projects={projects} />}
      {editing && (
        <TestimonyForm caseId={caseId} event={editing.event} retainedSide={retainedSide} moneyVisible={data?.moneyVisible ?? false}
          onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
