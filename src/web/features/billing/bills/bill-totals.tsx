import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { formatCurrency, formatHours } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';

/** The bill's figures as the server computed them after the last change. */
export function BillTotals({ bill: b }: { bill: TBillDetail }) {
  const draft = b.status === 'draft';
  const rows: [string, string, boolean?][] = [
    ['Hours', formatHours(b.hours)],
    ['Time', formatCurrency(b.timeTotal)],
    ['Expenses', formatCurrency(b.expenseTotal)],
    ...(b.adjustmentTotal !== 0 ? [['Written down or up in the lines above', formatCurrency(b.adjustmentTotal)] as [string, string]] : []),
    ['Subtotal', formatCurrency(b.subtotal)],
    ...(b.discountTotal !== 0 ? [['Discount', formatCurrency(-b.discountTotal)] as [string, string]] : []),
    ['Total', formatCurrency(b.total), true],
    ...(draft ? [] : [
      ['Payments', formatCurrency(-b.paidTotal)] as [string, string],
      ...(b.retainer.applied > 0 ? [['of which from the retainer', formatCurrency(b.retainer.applied)] as [string, string]] : []),
      ['Credits', formatCurrency(-b.creditedTotal)] as [string, string],
      ['Balance due', formatCurrency(b.balance), true] as [string, string, boolean],
    ]),
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <BalanceCard bill={b} />
      <Paper withBorder p="md">
        <Table aria-label="Bill totals" fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([label, value, strong]) => (
              <Table.Tr key={label}>
                <Table.Th fw={strong ? 700 : 400}>{label}</Table.Th>
                <Table.Td ta="right" fw={strong ? 700 : 400}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </SimpleGrid>
  );
}

/** What the bookkeeper looks for first: what is owed, by when, and what the case's retainer could pay. */
function BalanceCard({ bill: b }: { bill: TBillDetail }) {
  if (b.status === 'draft' || b.status === 'void') {
    return (
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">
          {b.status === 'draft'
            ? 'A draft is not owed until it is issued.'
            : 'This bill is void: nothing is owed on it.'}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Balance due</Text>
        <Text fz={32} fw={700} data-testid="balance-due">{formatCurrency(b.balance)}</Text>
        {b.balance > 0 && b.dueOn && <Text size="sm">Due {formatUsDate(b.dueOn)}</Text>}
        {b.balance > 0 && b.retainer.remaining > 0 && (
          <Text size="sm" c="dimmed">The case&apos;s retainer holds {formatCurrency(b.retainer.remaining)}: record a payment of method Retainer to apply it.</Text>
        )}
      </Stack>
    </Paper>
  );
}
