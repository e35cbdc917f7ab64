import { Anchor, Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TReceivableBill } from '../../../core/api/accounting.ts';
import { AGE_LABELS, formatBillNumber } from '../../../core/billing.ts';
import { formatCurrency } from '../../../core/money.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useReceivables } from './api.ts';
import { billPath } from './bills-table.tsx';

/** What is owed, by days past the due date: every figure is a balance, not a bill's total. */
export function ReceivablesSection() {
  const recv = useReceivables(true);
  if (recv.isPending) return <Skeleton h={160} aria-label="Loading receivables" />;
  const data = recv.data;
  if (!data) return null;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 6 }} role="group" aria-label="Aging">
        {data.buckets.map((b) => (
          <Card key={b.bucket} withBorder role="group" aria-label={AGE_LABELS[b.bucket]}>
            <Text size="sm" c="dimmed">{AGE_LABELS[b.bucket]}</Text>
            <Text fz={22} fw={700}>{formatCurrency(b.total)}</Text>
            <Text size="xs" c="dimmed">{b.count} {b.count === 1 ? 'bill' : 'bills'}</Text>
          </Card>
        ))}
        <Card withBorder role="group" aria-label="Total receivable">
          <Text size="sm" c="dimmed">Total receivable</Text>
          <Text fz={22} fw={700}>{formatCurrency(data.total)}</Text>
        </Card>
      </SimpleGrid>
      {data.bills.length === 0 ? <Text c="dimmed">No issued bill is waiting to be paid.</Text> : (
        <Table striped withTableBorder aria-label="Receivables">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bill</Table.Th><Table.Th>Client</Table.Th><Table.Th>Case</Table.Th><Table.Th>Due</Table.Th>
              <Table.Th ta="right">Days past due</Table.Th><Table.Th ta="right">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.bills.map((b) => <ReceivableRow key={b.id} bill={b} />)}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ReceivableRow({ bill: b }: { bill: TReceivableBill }) {
  return (
    <Table.Tr>
      <Table.Td><Anchor component={Link} to={billPath(b.id)}>{formatBillNumber(b.number)}</Anchor></Table.Td>
      <Table.Td>{b.clientName}</Table.Td><Table.Td>{b.fileNumber}</Table.Td>
      <Table.Td>{formatUsDate(b.dueOn)}</Table.Td>
      <Table.Td ta="right">{b.daysPastDue > 0 ? b.daysPastDue : 'Not yet due'}</Table.Td>
      <Table.Td ta="right">{formatCurrency(b.balance)}</Table.Td>
    </Table.Tr>
  );
}
