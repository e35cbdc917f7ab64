import { Table } from '@mantine/core';
import type { TReportResponse, TReportTotals } from '../../../core/api/reports.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';
import { GRAND_TOTAL, reportTableColumns, subtotalLabel, totalsValues } from '../../../core/field-reports/report-layout.ts';

// Columns, numbers and labels come from core/field-reports/report-layout.ts, as the CSV and XLSX exports' do
// (docs/decisions/098): the files hold what this table shows.

/** How each number column reads: hours, two counts, then time value, expenses and total. */
const FORMATS: ((n: number) => string)[] = [formatHours, String, String, formatCurrency, formatCurrency, formatCurrency];

function Cells({ t, money }: { t: TReportTotals; money: boolean }) {
  return totalsValues(t, money).map((v, i) => <Table.Td key={i} ta="right">{FORMATS[i]!(v)}</Table.Td>);
}

export function ReportTable({ report }: { report: TReportResponse }) {
  const { money, thenBy } = report;
  const columns = reportTableColumns(report);
  return (
    <Table striped={!thenBy} highlightOnHover withTableBorder aria-label="Report">
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => <Table.Th key={c} ta={i === 0 ? undefined : 'right'}>{c}</Table.Th>)}
        </Table.Tr>
      </Table.Thead>
      {report.rows.map((row) => (
        // With a second level, a group is its own body: its subgroups, then its subtotal.
        <Table.Tbody key={row.key}>
          {row.children ? (
            <>
              <Table.Tr bg="var(--mantine-color-gray-1)">
                <Table.Th scope="colgroup" colSpan={columns.length}>{row.label}</Table.Th>
              </Table.Tr>
              {row.children.map((child) => (
                <Table.Tr key={child.key}>
                  <Table.Td pl="xl">{child.label}</Table.Td>
                  <Cells t={child} money={money} />
                </Table.Tr>
              ))}
              <Table.Tr fw={600} data-subtotal>
                <Table.Td>{subtotalLabel(row.label)}</Table.Td>
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
          <Table.Td>{GRAND_TOTAL}</Table.Td>
          <Cells t={report.totals} money={money} />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
