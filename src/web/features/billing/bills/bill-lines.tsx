import { Checkbox, Table } from '@mantine/core';
import type { TBillLine } from '../../../../core/api/accounting.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';

/** Dates and numbers on one line (a project number is never cut at its dashes). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The entries of a bill (or of a bill being made, with a checkbox each). */
export function BillLines({ lines, chosen, onToggle }: {
  lines: TBillLine[]; chosen?: Set<string>; onToggle?: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder striped aria-label="Bill entries" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {chosen && <Table.Th w={36} />}
            <Table.Th>Date</Table.Th><Table.Th>Kind</Table.Th><Table.Th>Project</Table.Th><Table.Th>Staff</Table.Th>
            <Table.Th>Type</Table.Th><Table.Th ta="right">Hours</Table.Th><Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Amount</Table.Th><Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id}>
              {chosen && (
                <Table.Td>
                  <Checkbox
                    checked={chosen.has(l.id)} onChange={() => onToggle?.(l.id)}
                    aria-label={`Include ${l.kind} entry of ${formatUsDate(l.entryDate)} ${l.description}`.trim()}
                  />
                </Table.Td>
              )}
              <Table.Td style={NOWRAP}>{formatUsDate(l.entryDate)}</Table.Td>
              <Table.Td>{l.kind === 'time' ? 'Time' : 'Expense'}</Table.Td>
              <Table.Td style={NOWRAP}>{l.projectNumber}</Table.Td>
              <Table.Td>{l.staff}</Table.Td>
              <Table.Td>{l.type}</Table.Td>
              <Table.Td ta="right">{l.hours === null ? '' : l.hours.toFixed(2)}</Table.Td>
              <Table.Td ta="right">{l.kind === 'time' ? formatCurrency(l.rate) : ''}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.amount)}</Table.Td>
              <Table.Td>{l.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function subtotalsOf(lines: TBillLine[]) {
  const time = lines.filter((l) => l.kind === 'time');
  const timeTotal = time.reduce((s, l) => s + l.amount, 0);
  const expenseTotal = lines.filter((l) => l.kind === 'expense').reduce((s, l) => s + l.amount, 0);
  return { hours: time.reduce((s, l) => s + (l.hours ?? 0), 0), timeTotal, expenseTotal, total: timeTotal + expenseTotal };
}
