import { Paper, Table } from '@mantine/core';
import type { TBillDetail } from '../../../core/api/accounting.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';

/** The bill's figures as the server computed them after the last change. */
export function BillTotals({ bill: b }: { bill: TBillDetail }) {
  const draft = b.status === 'draft';
  const rows: [string, string, boolean?][] = [
    ['Hours', formatHours(b.hours)],
    ['Time', formatCurrency(b.timeTotal)],
    ['Expenses', formatCurrency(b.expenseTotal)],
    ...(b.adjustmentTotal !== 0 ? [['Write-downs and write-ups', formatCurrency(b.adjustmentTotal)] as [string, string]] : []),
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
    <Paper withBorder p="md" maw={420} ml="auto" w="100%">
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
  );
}
