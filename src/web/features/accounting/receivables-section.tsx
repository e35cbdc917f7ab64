import { Anchor, Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { AGE_LABELS, formatBillNumber } from '../../../core/billing.ts';
import { formatCurrency } from '../../../core/money.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useReceivables } from './api.ts';

/** Issued, unpaid bills by age. */
export function ReceivablesSection({ onOpen }: { onOpen: (id: string) => void }) {
  const recv = useReceivables(true);
  if (recv.isPending) return <Skeleton h={160} aria-label="Loading receivables" />;
  const data = recv.data;
  if (!data) return null;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        {data.buckets.map((b) => (
          <Card key={b.bucket} withBorder>
            <Text size="sm" c="dimmed">{AGE_LABELS[b.bucket]}</Text>
            <Text fz={22} fw={700}>{formatCurrency(b.total)}</Text>
            <Text size="xs" c="dimmed">{b.count} {b.count === 1 ? 'bill' : 'bills'}</Text>
          </Card>
        ))}
        <Card withBorder>
          <Text size="sm" c="dimmed">Total receivable</Text>
          <Text fz={22} fw={700}>{formatCurrency(data.total)}</Text>
        </Card>
      </SimpleGrid>
      {data.bills.length === 0 ? <Text c="dimmed">No issued bill is waiting to be paid.</Text> : (
        <Table striped withTableBorder aria-label="Receivables">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bill</Table.Th><Table.Th>Client</Table.Th><Table.Th>Case</Table.Th><Table.Th>Issued</Table.Th>
              <Table.Th ta="right">Days</Table.Th><Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.bills.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td><Anchor component="button" onClick={() => onOpen(b.id)}>{formatBillNumber(b.number)}</Anchor></Table.Td>
                <Table.Td>{b.clientName}</Table.Td><Table.Td>{b.fileNumber}</Table.Td>
                <Table.Td>{formatUsDate(b.issuedOn)}</Table.Td>
                <Table.Td ta="right">{b.daysPastDue}</Table.Td>
                <Table.Td ta="right">{formatCurrency(b.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
