import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCurrency } from '../../../../core/money.ts';
import { newId } from '../../../lib/new-id.ts';
import { useUnsavedChanges } from '../../../shared/unsaved-changes.tsx';
import { formRefusal, readRefusal, withoutFields, type Refusal } from '../../../lib/refusal.ts';
import { RefusalAlert } from '../../../ui/refusal-alert.tsx';
import { DATE_REQUIRED_MESSAGE } from '../payments/payment-form.ts';
import { amountTextProblem, parseAmount } from '../money-input.ts';
import { addRetainerEntry, useRetainerWrite } from './retainer-api.ts';
import { localIsoDate } from '../../../../core/dates/iso-date.ts';
import { useToday } from '../../../ui/today.ts';

type Field = 'entryDate' | 'amount' | 'method' | 'reference' | 'note';
const FIELDS: readonly Field[] = ['entryDate', 'amount', 'method', 'reference', 'note'];
const LABELS: Record<Field, string> = { entryDate: 'Date', amount: 'Amount', method: 'Method', reference: 'Reference', note: 'Note' };
type Form = Record<Field, string>;

/** A deposit into the case's retainer, or a refund out of it (never below zero: the server refuses). */
export function RetainerEntryForm({ caseId, kind, held }: { caseId: string; kind: 'deposit' | 'refund'; held?: number }) {
  const today = useToday();
  const blank = (): Form => ({ entryDate: localIsoDate(today()), amount: '', method: '', reference: '', note: '' });
  const [form, setForm] = useState<Form>(blank);
  // What was typed and not yet recorded: a link or a reload asks first (docs/decisions/223).
  useUnsavedChanges([form.amount, form.method, form.reference, form.note].some((v) => v.trim() !== ''));
  const [id, setId] = useState(newId);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const write = useRetainerWrite(caseId, addRetainerEntry(caseId));
  const title = kind === 'deposit' ? 'Deposit' : 'Refund';
  const set = (key: Field, value: string) => { setForm((f) => ({ ...f, [key]: value })); setRefusal((r) => withoutFields(r, [key])); };
  const input = (key: Field) => ({
    label: LABELS[key], value: form[key], error: refusal?.fields[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
  });
  const save = () => {
    const problems: Partial<Record<Field, string>> = {};
    if (!form.entryDate) problems.entryDate = DATE_REQUIRED_MESSAGE;
    const amountProblem = amountTextProblem(form.amount);
    if (amountProblem) problems.amount = amountProblem;
    if (Object.keys(problems).length > 0) return setRefusal(formRefusal(problems));
    write.mutate({
      id, kind, entryDate: form.entryDate, amount: parseAmount(form.amount)!,
      method: form.method.trim(), reference: form.reference.trim(), note: form.note.trim(),
    }, {
      onSuccess: () => { setForm(blank()); setId(newId()); setRefusal(null); },
      onError: (e) => setRefusal(readRefusal(e, FIELDS)),
    });
  };
  return (
    <Stack gap="xs" role="group" aria-label={title}>
      <Title order={4}>{title}{kind === 'refund' && held !== undefined ? ` (holds ${formatCurrency(held)})` : ''}</Title>
      <Group grow align="flex-start">
        <TextInput {...input('entryDate')} type="date" />
        <TextInput {...input('amount')} inputMode="decimal" leftSection="$" />
      </Group>
      <Group grow align="flex-start">
        <TextInput {...input('method')} placeholder="Check, wire…" />
        <TextInput {...input('reference')} />
      </Group>
      <TextInput {...input('note')} />
      <RefusalAlert refusal={refusal} labels={LABELS} />
      <Group justify="flex-end">
        <Button variant={kind === 'deposit' ? 'filled' : 'light'} onClick={save} loading={write.isPending}>
          {kind === 'deposit' ? 'Record deposit' : 'Record refund'}
        </Button>
      </Group>
    </Stack>
  );
}
