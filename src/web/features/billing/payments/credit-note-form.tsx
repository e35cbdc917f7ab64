import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { TBillDetail, TBillLine } from '../../../../core/api/accounting.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { newId } from '../../../lib/new-id.ts';
import { useUnsavedChanges } from '../../../shared/unsaved-changes.tsx';
import { formRefusal, readRefusal, type Refusal } from '../../../lib/refusal.ts';
import { RefusalAlert, useFocusRefused } from '../../../ui/refusal-alert.tsx';
import { useBillWrite } from '../api.ts';
import { createCreditNote } from '../bills/bill-writes.ts';
import { amountText } from '../money-input.ts';
import { CREDIT_FIELD_LABELS, CREDIT_FIELDS, creditBodyOf, type CreditField, type CreditForm } from './payment-form.ts';

const blank: CreditForm = { reason: '', mode: 'amount', amount: '', lines: [] };
const lineLabel = (l: TBillLine) => `${formatUsDate(l.entryDate)} ${l.type}${l.description ? ` — ${l.description}` : ''}`;

/** A credit note: a reason and an amount, or chosen lines of the bill each credited in part or whole. */
export function CreditNoteForm({ bill }: { bill: TBillDetail }) {
  const [form, setForm] = useState<CreditForm>(blank);
  // What was typed and not yet recorded: a link or a reload asks first (docs/decisions/223).
  useUnsavedChanges(form.reason.trim() !== '' || form.amount.trim() !== '' || form.lines.length > 0);
  const [id, setId] = useState(newId);
  const [refusal, setRefusal] = useState<Refusal<CreditField> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useFocusRefused(container, refusal);
  const write = useBillWrite(createCreditNote);
  const edit = (change: Partial<CreditForm>) => { setForm((f) => ({ ...f, ...change })); setSaved(null); };
  const toggle = (l: TBillLine) => edit({
    lines: form.lines.some((c) => c.entryId === l.id)
      ? form.lines.filter((c) => c.entryId !== l.id)
      : [...form.lines, { entryId: l.id, description: lineLabel(l), amount: amountText(l.amount) }],
  });
  const send = () => {
    const made = creditBodyOf(form, id);
    if ('problems' in made) return setRefusal(formRefusal(made.problems));
    write.mutate({ billId: bill.id, ...made.body }, {
      onSuccess: () => { setSaved('Credit note added.'); setForm(blank); setId(newId()); setRefusal(null); },
      onError: (error) => setRefusal(readRefusal(error, CREDIT_FIELDS)),
    });
  };
  return (
    <Stack ref={container} gap="sm">
      <Title order={4}>Add a credit note</Title>
      <Group align="flex-start">
        <TextInput label={CREDIT_FIELD_LABELS.reason} value={form.reason} w={360} error={refusal?.fields.reason}
          onChange={(e) => edit({ reason: e.currentTarget.value })} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>Credit by</Text>
          <SegmentedControl aria-label="Credit by" value={form.mode} onChange={(v) => edit({ mode: v as CreditForm['mode'] })}
            data={[{ value: 'amount', label: 'An amount' }, { value: 'lines', label: 'Lines' }]} />
        </Stack>
        {form.mode === 'amount' && (
          <TextInput label="Credit amount" inputMode="decimal" leftSection="$" w={160} value={form.amount} error={refusal?.fields.amount}
            onChange={(e) => edit({ amount: e.currentTarget.value })} />
        )}
      </Group>
      {form.mode === 'lines' && (
        <Table withTableBorder fz="sm" aria-label="Lines to credit">
          <Table.Tbody>
            {bill.lines.map((l) => {
              const chosen = form.lines.find((c) => c.entryId === l.id);
              return (
                <Table.Tr key={l.id}>
                  <Table.Td w={36}><Checkbox checked={!!chosen} onChange={() => toggle(l)} aria-label={`Credit ${lineLabel(l)}`} /></Table.Td>
                  <Table.Td>{lineLabel(l)}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(l.amount)}</Table.Td>
                  <Table.Td w={150}>
                    {chosen && (
                      <TextInput size="xs" inputMode="decimal" leftSection="$" aria-label={`Credit on ${lineLabel(l)}`} value={chosen.amount}
                        onChange={(e) => { const amount = e.currentTarget.value; edit({ lines: form.lines.map((c) => (c.entryId === l.id ? { ...c, amount } : c)) }); }} />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {refusal?.fields.lines && form.mode === 'lines' && <Alert color="red" p="xs">{refusal.fields.lines}</Alert>}
      <RefusalAlert refusal={refusal} labels={CREDIT_FIELD_LABELS} />
      {saved && <Alert color="teal" role="status">{saved}</Alert>}
      <Group justify="flex-end"><Button onClick={send} loading={write.isPending}>Add credit note</Button></Group>
    </Stack>
  );
}
