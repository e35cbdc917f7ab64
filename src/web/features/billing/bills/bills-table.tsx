import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatBillNumber } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { useBills } from '../api.ts';
import { BillStatusBadge } from './bill-status.tsx';
import { LoadingBlock } from '../../../ui/loading-block';

export const billPath = (id: string) => `/accounting/bills/${id}`;

export function BillsTable() {
  const bills = useBills(true);
  if (bills.isPending) return <LoadingBlock h={160} label="Loading bills" />;
  const list = bills.data?.bills ?? [];
  if (list.length === 0) return <Text c="dimmed">No bills yet. Create one from the unbilled work.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder aria-label="Bills">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bill</Table.Th><Table.Th>Case</Table.Th><Table.Th>Client</Table.Th><Table.Th>Period</Table.Th>
            <Table.Th>Status</Table.Th><Table.Th>Issued</Table.Th><Table.Th>Due</Table.Th>
            <Table.Th ta="right">Total</Table.Th><Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td><Anchor component={Link} to={billPath(b.id)}>{formatBillNumber(b.number)}</Anchor></Table.Td>
              <Table.Td>{b.fileNumber}</Table.Td>
              <Table.Td>{b.clientName}</Table.Td>
              <Table.Td>{formatUsDate(b.periodStart)} – {formatUsDate(b.periodEnd)}</Table.Td>
              <Table.Td><BillStatusBadge status={b.status} overdue={b.overdue} /></Table.Td>
              <Table.Td>{formatUsDate(b.issuedOn)}</Table.Td>
              <Table.Td>{formatUsDate(b.dueOn)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(b.total)}</Table.Td>
              <Table.Td ta="right">{b.status === 'draft' || b.status === 'void' ? '' : formatCurrency(b.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
