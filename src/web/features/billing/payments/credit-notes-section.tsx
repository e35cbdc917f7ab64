import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { formatCreditNoteNumber } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { CreditNoteForm } from './credit-note-form.tsx';

/** Credit notes of an issued bill (CN-0001…): the only way an issued bill's amount is corrected. */
export function CreditNotesSection({ bill }: { bill: TBillDetail }) {
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>Credit notes</Title>
        {bill.creditNotes.length === 0 ? <Text c="dimmed" size="sm">No credit notes.</Text> : (
          <Table withTableBorder striped aria-label="Credit notes" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Credit note</Table.Th><Table.Th>Issued</Table.Th><Table.Th>Reason</Table.Th>
                <Table.Th ta="right">Amount</Table.Th><Table.Th ta="right">Applied to bill</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.creditNotes.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{formatCreditNoteNumber(c.number)}</Table.Td>
                  <Table.Td>{formatUsDate(c.issuedOn)}</Table.Td>
                  <Table.Td>
                    {c.reason}
                    {c.lines.map((l, i) => <Text key={i} size="xs" c="dimmed">{l.description}: {formatCurrency(l.amount)}</Text>)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCurrency(c.amount)}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(c.appliedAmount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <CreditNoteForm bill={bill} />
      </Stack>
    </Paper>
  );
}
