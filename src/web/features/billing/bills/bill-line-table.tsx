import { Alert, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TBillDetail, TBillLine } from '../../../../core/api/accounting.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { removeEntries } from './bill-writes.ts';
import { useBillWrite } from '../api.ts';
import { AddEntriesModal } from './add-entries-modal.tsx';
import { LineAdjustModal } from './line-adjust-modal.tsx';
import { LineEditModal } from './line-edit-modal.tsx';

/** How a line is named to a screen reader and in its buttons: 'time entry of 02/14/2022 Site visit'. */
export const lineName = (l: TBillLine) => `${l.kind} entry of ${formatUsDate(l.entryDate)} ${l.description}`.trim();

/** The lines of a bill; on a draft each can be edited, removed (back to unbilled) or written down or up. */
export function BillLineTable({ bill }: { bill: TBillDetail }) {
  const draft = bill.status === 'draft';
  const remove = useBillWrite(removeEntries);
  const [adjusting, setAdjusting] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const line = bill.lines.find((l) => l.id === adjusting);
  const edited = bill.lines.find((l) => l.id === editing);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3}>Lines</Title>
        {draft && <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>Add unbilled entries</Button>}
      </Group>
      {remove.error && <Alert color="red" role="alert" mb="sm">{remove.error.message}</Alert>}
      {bill.lines.length === 0 ? (
        <Text c="dimmed" size="sm">{bill.status === 'void' ? 'A void bill holds no entries; they are unbilled again.' : 'No lines. Add unbilled entries of the case and period.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder striped aria-label="Bill lines" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th><Table.Th>Kind</Table.Th><Table.Th>Project</Table.Th><Table.Th>Staff</Table.Th>
                <Table.Th>Type</Table.Th><Table.Th ta="right">Hours</Table.Th><Table.Th ta="right">Rate</Table.Th>
                <Table.Th ta="right">Amount</Table.Th><Table.Th>Description</Table.Th>{draft && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{formatUsDate(l.entryDate)}</Table.Td>
                  <Table.Td>{l.kind === 'time' ? 'Time' : 'Expense'}</Table.Td>
                  <Table.Td>{l.projectNumber}</Table.Td>
                  <Table.Td>{l.staff}</Table.Td>
                  <Table.Td>{l.type}</Table.Td>
                  <Table.Td ta="right">
                    {l.hours === null ? '' : (l.billedHours ?? l.hours).toFixed(2)}
                    {l.hours !== null && l.billedHours !== undefined && l.billedHours !== l.hours && (
                      <Text size="xs" c="dimmed">worked {l.hours.toFixed(2)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{l.kind === 'time' ? formatCurrency(l.rate) : ''}</Table.Td>
                  <Table.Td ta="right">
                    {formatCurrency(l.amount)}
                    {l.adjustmentReason !== null && (
                      <Text size="xs" c="dimmed">was {formatCurrency(l.originalAmount)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {l.description}
                    {l.feeRule && <Text size="xs" fw={500}>{l.feeRule}</Text>}
                    {l.adjustmentReason !== null && (
                      <Text size="xs" c="dimmed" fs="italic">{l.amount < l.originalAmount ? 'Written down' : 'Written up'}: {l.adjustmentReason}</Text>
                    )}
                    {l.adjustmentReason !== null && l.clientNote && (
                      <Text size="xs">For the client: {l.clientNote}</Text>
                    )}
                  </Table.Td>
                  {draft && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="default" onClick={() => setEditing(l.id)} aria-label={`Edit ${lineName(l)}`}>
                          Edit
                        </Button>
                        <Button size="xs" variant="light" onClick={() => setAdjusting(l.id)} aria-label={`Write down/up ${lineName(l)}`}>
                          Write down/up
                        </Button>
                        <Button
                          size="xs" variant="subtle" color="red" aria-label={`Remove ${lineName(l)}`}
                          loading={remove.isPending && remove.variables?.entryIds[0] === l.id}
                          onClick={() => remove.mutate({ id: bill.id, version: bill.version, entryIds: [l.id] })}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {line && <LineAdjustModal bill={bill} line={line} onClose={() => setAdjusting(null)} />}
      {edited && <LineEditModal bill={bill} line={edited} onClose={() => setEditing(null)} />}
      {adding && <AddEntriesModal bill={bill} onClose={() => setAdding(false)} />}
    </Paper>
  );
}
