import { Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TStatement } from '../../../../core/api/accounting.ts';
import { AGE_LABELS } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { RETAINER_COLUMNS, retainerRows } from '../../../../core/billing/statement-retainer.ts';

const KIND_LABELS = { bill: 'Bill', payment: 'Payment', reversal: 'Payment reversed', credit_note: 'Credit note' } as const;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fz={20} fw={700}>{formatCurrency(value)}</Text>
    </Card>
  );
}

/** ZStatement as a screen: what was owed, what happened in the period, what is owed now and how old. */
export function StatementView({ statement: s }: { statement: TStatement }) {
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>{s.client.billToName || s.client.name}</Title>
            {s.client.billingAddress && <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{s.client.billingAddress}</Text>}
          </div>
          <Text size="sm">{formatUsDate(s.from)} – {formatUsDate(s.to)}</Text>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Figure label="Opening balance" value={s.openingBalance} />
          <Figure label="Closing balance" value={s.closingBalance} />
          <Figure label="Retainer held" value={s.retainerBalance} />
          <Figure label="Client credit" value={s.clientCredit} />
        </SimpleGrid>
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder striped aria-label="Statement lines" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th><Table.Th>Kind</Table.Th><Table.Th>Reference</Table.Th><Table.Th>Description</Table.Th>
                <Table.Th ta="right">Charges</Table.Th><Table.Th ta="right">Credits</Table.Th><Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{formatUsDate(s.from)}</Table.Td><Table.Td colSpan={5}>Opening balance</Table.Td>
                <Table.Td ta="right">{formatCurrency(s.openingBalance)}</Table.Td>
              </Table.Tr>
              {s.lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatUsDate(l.date)}</Table.Td>
                  <Table.Td>{KIND_LABELS[l.kind]}</Table.Td>
                  <Table.Td>{l.reference}</Table.Td>
                  <Table.Td>
                    {l.description}
                    {l.overdue && <Badge ml="xs" color="orange" variant="light">Overdue</Badge>}
                  </Table.Td>
                  <Table.Td ta="right">{l.charge ? formatCurrency(l.charge) : ''}</Table.Td>
                  <Table.Td ta="right">{l.credit ? formatCurrency(l.credit) : ''}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(l.balance)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>{formatUsDate(s.to)}</Table.Td><Table.Td colSpan={5}>Closing balance</Table.Td>
                <Table.Td ta="right">{formatCurrency(s.closingBalance)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {(s.retainer.lines.length > 0 || s.retainer.opening !== 0 || s.retainer.closing !== 0) && (
          <>
            <Title order={4}>Retainer</Title>
            <Table.ScrollContainer minWidth={640}>
              <Table withTableBorder aria-label="Statement retainer" fz="sm">
                <Table.Thead><Table.Tr>{RETAINER_COLUMNS.map((c, i) => <Table.Th key={c} ta={i >= 3 ? 'right' : undefined}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
                <Table.Tbody>
                  {retainerRows(s).map((row, i) => (
                    <Table.Tr key={i}>{row.map((cell, j) => <Table.Td key={j} ta={j >= 3 ? 'right' : undefined}>{cell}</Table.Td>)}</Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        <Title order={4}>Aging on {formatUsDate(s.to)}</Title>
        <Table withTableBorder aria-label="Statement aging" fz="sm">
          <Table.Thead><Table.Tr>{s.aging.map((a) => <Table.Th key={a.bucket} ta="right">{AGE_LABELS[a.bucket]}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody><Table.Tr>{s.aging.map((a) => <Table.Td key={a.bucket} ta="right">{formatCurrency(a.total)}</Table.Td>)}</Table.Tr></Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
