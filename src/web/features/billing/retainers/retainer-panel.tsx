import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBillNumber, RETAINER_KIND_LABELS } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { readRefusal, formRefusal, type Refusal } from '../../../lib/refusal.ts';
import { amountText, amountTextProblem, parseAmount } from '../money-input.ts';
import { RetainerEntryForm } from './retainer-entry-form.tsx';
import { setThreshold, useRetainer, useRetainerWrite } from './retainer-api.ts';
import { LoadingBlock } from '../../../ui/loading-block';
import { useQuerySettled } from '../../../ui/settle-together.tsx';

/** A case's retainer on its page (super admins only): balance, threshold, ledger, deposit and refund. */
export default function RetainerPanel({ caseId }: { caseId: string }) {
  const retainer = useRetainer(caseId);
  useQuerySettled(retainer);
  if (retainer.isPending) return <LoadingBlock h={120} label="Loading retainer" />;
  if (retainer.isError) return <Alert color="red" title="Retainer">{retainer.error.message}</Alert>;
  const r = retainer.data;
  return (
    <Paper component="section" withBorder p="lg" aria-label="Retainer">
      <Stack>
        <Title order={3}>Retainer</Title>
        {r.notice && <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="status">{r.notice}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Balance held</Text>
            <Text fz={24} fw={700} data-testid="retainer-balance">{formatCurrency(r.balance)}</Text>
          </div>
          <ThresholdForm caseId={caseId} threshold={r.threshold} />
        </SimpleGrid>
        {r.entries.length === 0 ? <Text c="dimmed" size="sm">No retainer entries yet.</Text> : (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped aria-label="Retainer ledger" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th><Table.Th>Kind</Table.Th><Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Balance after</Table.Th><Table.Th>Bill</Table.Th><Table.Th>Reference</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatUsDate(e.entryDate)}</Table.Td>
                    <Table.Td>{RETAINER_KIND_LABELS[e.kind]}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(e.kind === 'deposit' || e.kind === 'reversal' ? e.amount : -e.amount)}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(e.balanceAfter)}</Table.Td>
                    <Table.Td>{e.billNumber === null ? '' : formatBillNumber(e.billNumber)}</Table.Td>
                    <Table.Td>{[e.method, e.reference, e.note].filter(Boolean).join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <RetainerEntryForm caseId={caseId} kind="deposit" />
          <RetainerEntryForm caseId={caseId} kind="refund" held={r.balance} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">To apply the retainer to a bill, record a payment of method Retainer on the bill.</Text>
      </Stack>
    </Paper>
  );
}

function ThresholdForm({ caseId, threshold }: { caseId: string; threshold: number | null }) {
  const [text, setText] = useState(amountText(threshold));
  const [refusal, setRefusal] = useState<Refusal<'threshold'> | null>(null);
  const write = useRetainerWrite(caseId, setThreshold(caseId));
  const dirty = parseAmount(text) !== threshold;
  const save = () => {
    const problem = amountTextProblem(text, { positive: false });
    if (problem) return setRefusal(formRefusal({ threshold: problem }));
    write.mutate(parseAmount(text), { onSuccess: (r) => { setRefusal(null); setText(amountText(r.threshold)); }, onError: (e) => setRefusal(readRefusal(e, ['threshold'])) });
  };
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label="Low-balance threshold" description="Empty: no notice" inputMode="decimal" leftSection="$" w={180} value={text}
        onChange={(e) => { setText(e.currentTarget.value); setRefusal(null); }} error={refusal?.fields.threshold ?? (refusal && refusal.message)}
      />
      <Button variant="light" onClick={save} disabled={!dirty} loading={write.isPending}>Save threshold</Button>
    </Group>
  );
}
