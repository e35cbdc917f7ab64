import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { useUnsavedChanges } from '../../../shared/unsaved-changes.tsx';
import { theirNotes, useKeptEdits } from '../../../lib/kept-edits.ts';
import { formRefusal, readRefusal, withoutFields, type Refusal } from '../../../lib/refusal.ts';
import { RefusalAlert, useFocusRefused } from '../../../ui/refusal-alert.tsx';
import { useBillWrite } from '../api.ts';
import {
  BILL_FIELD_LABELS, BILL_FIELDS, BILL_REQUEST_NAMES, billFormOf, billUpdateOf, type BillField, type BillForm,
} from './bill-form.ts';
import { updateBill } from './bill-writes.ts';

/**
 * A draft's own details. What is typed survives a refusal and a reload after someone else's save
 * (useKeptEdits: their value shows under the field, the typed one stays in it).
 */
export function BillDraftForm({ bill }: { bill: TBillDetail }) {
  const server = useMemo(() => billFormOf(bill), [bill]);
  const kept = useKeptEdits(server);
  const { form } = kept;
  const [refusal, setRefusal] = useState<Refusal<BillField> | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useFocusRefused(container, refusal);
  useUnsavedChanges(kept.dirty);
  const write = useBillWrite(updateBill);
  const notes = theirNotes(kept.theirs);
  const set = (key: BillField, value: string) => {
    kept.setForm((f) => ({ ...f, [key]: value }));
    setRefusal((r) => withoutFields(r, [key]));
  };
  const field = (key: BillField) => ({
    label: BILL_FIELD_LABELS[key], value: form[key], error: refusal?.fields[key],
    description: notes[key], onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
  });
  const save = () => {
    const update = billUpdateOf(form, server, bill.version);
    if ('problems' in update) return setRefusal(formRefusal(update.problems));
    const sent: BillForm = form;
    write.mutate({ id: bill.id, ...update.body }, {
      onSuccess: () => { kept.acknowledge(sent); setRefusal(null); },
      onError: (error) => setRefusal(readRefusal(error, BILL_FIELDS, BILL_REQUEST_NAMES)),
    });
  };
  return (
    <Paper withBorder p="md">
      <Stack ref={container}>
        <Title order={3}>Bill details</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <TextInput {...field('billToName')} />
            <Textarea {...field('billingAddress')} autosize minRows={3} />
          </Stack>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput {...field('termsDays')} inputMode="numeric" />
              <TextInput {...field('dueOn')} type="date" />
            </Group>
            <div>
              <Text size="sm" fw={500} mb={4}>{BILL_FIELD_LABELS.discountKind}</Text>
              <Group align="flex-start">
                <SegmentedControl
                  aria-label="Discount kind" value={form.discountKind}
                  onChange={(v) => set('discountKind', v)}
                  data={[{ value: 'none', label: 'None' }, { value: 'percent', label: 'Percent' }, { value: 'amount', label: 'Amount' }]}
                />
                {form.discountKind !== 'none' && (
                  <TextInput
                    {...field('discountValue')} label={undefined} aria-label={BILL_FIELD_LABELS.discountValue} inputMode="decimal" w={140}
                    leftSection={form.discountKind === 'amount' ? '$' : undefined} rightSection={form.discountKind === 'percent' ? '%' : undefined}
                  />
                )}
              </Group>
            </div>
          </Stack>
        </SimpleGrid>
        <Textarea {...field('note')} autosize minRows={2} placeholder="Printed on the bill" />
        <Text size="xs" c="dimmed">Leave the due date empty to have it set from the terms when the bill is issued.</Text>
        <RefusalAlert refusal={refusal} labels={BILL_FIELD_LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => { kept.reset(); setRefusal(null); }} disabled={!kept.dirty}>Discard</Button>
          <Button onClick={save} loading={write.isPending} disabled={!kept.dirty}>Save bill details</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
