import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { RECEIVABLES_PAGE, type TReceivableBill } from '../../../../core/api/accounting.ts';
import { AGE_LABELS, formatBillNumber, type AgeBucket } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { useReceivables } from '../api.ts';
import { billPath } from '../bills/bills-table.tsx';
import { ReceivablesByClient } from './receivables-by-client.tsx';
import { LoadingBlock } from '../../../ui/loading-block';

/**
 * What is owed, by days past the due date: every figure is a balance, not a bill's total. A bucket's
 * card lists that bucket's bills (again: all of them); the list comes a page at a time.
 */
export function ReceivablesSection() {
  const [bucket, setBucket] = useState<AgeBucket | null>(null);
  const [offset, setOffset] = useState(0);
  const recv = useReceivables(bucket, offset);
  if (recv.isPending) return <LoadingBlock h={160} label="Loading receivables" />;
  const data = recv.data;
  if (!data) return null;
  const choose = (b: AgeBucket) => { setBucket(bucket === b ? null : b); setOffset(0); };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 6 }} role="group" aria-label="Aging">
        {data.buckets.map((b) => (
          <UnstyledButton key={b.bucket} onClick={() => choose(b.bucket)} aria-pressed={bucket === b.bucket}>
            <Card withBorder role="group" aria-label={AGE_LABELS[b.bucket]} bg={bucket === b.bucket ? 'blue.0' : undefined} h="100%">
              <Text size="sm" c="dimmed">{AGE_LABELS[b.bucket]}</Text>
              <Text fz={22} fw={700}>{formatCurrency(b.total)}</Text>
              <Text size="xs" c="dimmed">{b.count} {b.count === 1 ? 'bill' : 'bills'}</Text>
            </Card>
          </UnstyledButton>
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
      {data.count > RECEIVABLES_PAGE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Bills {offset + 1}–{offset + data.bills.length} of {data.count}{bucket ? ` (${AGE_LABELS[bucket]})` : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - RECEIVABLES_PAGE))}>Previous</Button>
            <Button variant="default" size="xs" disabled={offset + RECEIVABLES_PAGE >= data.count} onClick={() => setOffset(offset + RECEIVABLES_PAGE)}>Next</Button>
          </Group>
        </Group>
      )}
      <ReceivablesByClient />
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
