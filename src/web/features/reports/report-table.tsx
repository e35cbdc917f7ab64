import { Table } from '@mantine/core';
import type { TReportResponse, TReportTotals } from '../../../core/api/reports.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';
import { GROUP_LABELS } from '../../../core/reports.ts';

function Cells({ t, money }: { t: TReportTotals; money: boolean }) {
  return (
    <>
      <Table.Td ta="right">{formatHours(t.hours)}</Table.Td>
      <Table.Td ta="right">{t.timeEntries}</Table.Td>
      <Table.Td ta="right">{t.expenseEntries}</Table.Td>
      {money && <Table.Td ta="right">{formatCurrency(t.timeValue)}</Table.Td>}
      {money && <Table.Td ta="right">{formatCurrency(t.expenses)}</Table.Td>}
      {money && <Table.Td ta="right">{formatCurrency((t.timeValue ?? 0) + (t.expenses ?? 0))}</Table.Td>}
    </>
  );
}

export function ReportTable({ report }: { report: TReportResponse }) {
  const { money, thenBy } = report;
  const span = money ? 6 : 3;
  return (
    <Table striped={!thenBy} highlightOnHover withTableBorder aria-label="Report">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{GROUP_LABELS[report.groupBy]}{thenBy && ` / ${GROUP_LABELS[thenBy]}`}</Table.Th>
          <Table.Th ta="right">Hours</Table.Th>
          <Table.Th ta="right">Time entries</Table.Th>
          <Table.Th ta="right">Expense entries</Table.Th>
          {money && <Table.Th ta="right">Time value</Table.Th>}
          {money && <Table.Th ta="right">Expenses</Table.Th>}
          {money && <Table.Th ta="right">Total</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      {report.rows.map((row) => (
        // With a second level, a group is its own body: its subgroups, then its subtotal.
        <Table.Tbody key={row.key}>
          {row.children ? (
            <>
              <Table.Tr bg="var(--mantine-color-gray-1)">
                <Table.Th scope="colgroup" colSpan={span + 1}>{row.label}</Table.Th>
              </Table.Tr>
              {row.children.map((child) => (
                <Table.Tr key={child.key}>
                  <Table.Td pl="xl">{child.label}</Table.Td>
                  <Cells t={child} money={money} />
                </Table.Tr>
              ))}
              <Table.Tr fw={600} data-subtotal>
                <Table.Td>Subtotal {row.label}</Table.Td>
                <Cells t={row} money={money} />
              </Table.Tr>
            </>
          ) : (
            <Table.Tr>
              <Table.Td>{row.label}</Table.Td>
              <Cells t={row} money={money} />
            </Table.Tr>
          )}
        </Table.Tbody>
      ))}
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td>Grand Total</Table.Td>
          <Cells t={report.totals} money={money} />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
