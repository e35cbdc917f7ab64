import { Alert, Button, Table, Text } from '@mantine/core';
import type { TUnbilledCase } from '../../../../core/api/accounting.ts';
import { formatCurrency, formatHours } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { WEEK_MESSAGES } from '../../../../core/time/weeks.ts';
import { useUnbilled } from '../api.ts';
import { LoadingBlock } from '../../../ui/loading-block';

export function UnbilledTable({ onBill }: { onBill: (c: TUnbilledCase) => void }) {
  const unbilled = useUnbilled(true);
  if (unbilled.isPending) return <LoadingBlock h={160} label="Loading unbilled work" />;
  const waiting = unbilled.data?.hoursAwaitingApproval ?? 0;
  // Billing requires approved time (issue 25): the hours of weeks not approved yet are not listed.
  const notice = waiting > 0 && <Alert color="yellow" mb="sm" role="status">{WEEK_MESSAGES.awaitingApproval(waiting)}</Alert>;
  const cases = unbilled.data?.cases ?? [];
  if (cases.length === 0) {
    return (
      <>
        {notice}
        <Text c="dimmed">{waiting > 0 ? 'No approved time is waiting to be billed.' : 'Every entry is on a bill. Nothing is waiting to be billed.'}</Text>
      </>
    );
  }
  return (
    <>
    {notice}
    <Table striped withTableBorder aria-label="Unbilled work">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Case</Table.Th><Table.Th>Client</Table.Th><Table.Th>Since</Table.Th>
          <Table.Th ta="right">Hours</Table.Th><Table.Th ta="right">Time value</Table.Th>
          <Table.Th ta="right">Expenses</Table.Th><Table.Th ta="right">Total</Table.Th><Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cases.map((c) => (
          <Table.Tr key={c.caseId}>
            <Table.Td>{c.fileNumber}{c.caseName ? ` — ${c.caseName}` : ''}</Table.Td>
            <Table.Td>{c.clientName}</Table.Td>
            <Table.Td>{formatUsDate(c.oldestDate)}</Table.Td>
            <Table.Td ta="right">{formatHours(c.hours)}</Table.Td>
            <Table.Td ta="right">{formatCurrency(c.timeValue)}</Table.Td>
            <Table.Td ta="right">{formatCurrency(c.expenses)}</Table.Td>
            <Table.Td ta="right">{formatCurrency(c.timeValue + c.expenses)}</Table.Td>
            <Table.Td><Button size="xs" onClick={() => onBill(c)} aria-label={`Create bill for ${c.fileNumber}`}>Create bill</Button></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td colSpan={6}>Total unbilled</Table.Td>
          <Table.Td ta="right">{formatCurrency(unbilled.data?.totalValue)}</Table.Td><Table.Td />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
    </>
  );
}
