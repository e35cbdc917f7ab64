import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { newId } from '../../../lib/new-id.ts';
import { formRefusal, readRefusal, withoutFields, type Refusal } from '../../../lib/refusal.ts';
import { useUnsavedChanges } from '../../../shared/unsaved-changes.tsx';
import { RefusalAlert, useFocusRefused } from '../../../ui/refusal-alert.tsx';
import { useBillWrite } from '../api.ts';
import { recordPayment } from '../bills/bill-writes.ts';
import { amountText } from '../money-input.ts';
import {
  PAYMENT_FIELD_LABELS, PAYMENT_FIELDS, paymentBodyOf, type PaymentField, type PaymentForm,
} from './payment-form.ts';
import { localIsoDate } from '../../../../core/dates/iso-date.ts';
import { useToday } from '../../../ui/today.ts';

const METHODS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * Record a payment. Over the balance the server refuses with the balance named; the refusal shows
 * on the amount, with the offer to keep the rest as the client's credit (the same payment, resent).
 */
export function PaymentFormCard({ bill }: { bill: TBillDetail }) {
  const today = useToday();
  const blank = (): PaymentForm => ({ receivedOn: localIsoDate(today()), amount: '', method: 'check', reference: '' });
  const [form, setForm] = useState<PaymentForm>(blank);
  // What was typed and not yet recorded: a link or a reload asks first (docs/decisions/223).
  useUnsavedChanges(form.amount.trim() !== '' || form.reference.trim() !== '');
  // One id per payment being typed: a retry after a lost answer is the same payment, never a second.
  const [id, setId] = useState(newId);
  const [refusal, setRefusal] = useState<Refusal<PaymentField> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useFocusRefused(container, refusal);
  const write = useBillWrite(recordPayment);
  // A refusal about the balance is stale once the balance moved (another payment, a reversal, a credit).
  const [balanceSeen, setBalanceSeen] = useState(bill.balance);
  if (balanceSeen !== bill.balance) {
    setBalanceSeen(bill.balance);
    setRefusal(null);
  }
  const set = <K extends PaymentField>(key: K, value: PaymentForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setRefusal((r) => withoutFields(r, [key]));
    setSaved(null);
  };
  const send = (excessToCredit: boolean) => {
    const made = paymentBodyOf(form, id, excessToCredit);
    if ('problems' in made) return setRefusal(formRefusal(made.problems));
    write.mutate({ billId: bill.id, ...made.body }, {
      onSuccess: () => {
        setSaved(`Payment of ${formatCurrency(made.body.amount)} recorded.`);
        setForm(blank());
        setId(newId());
        setRefusal(null);
      },
      onError: (error) => setRefusal(readRefusal(error, PAYMENT_FIELDS)),
    });
  };
  const over = !!refusal && refusal.rule === 'over_balance' && form.method !== 'retainer' && form.method !== 'client_credit';
  return (
    <Stack ref={container} gap="sm">
      <Title order={4}>Record a payment</Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput label={PAYMENT_FIELD_LABELS.receivedOn} type="date" value={form.receivedOn}
          onChange={(e) => set('receivedOn', e.currentTarget.value)} error={refusal?.fields.receivedOn} />
        <TextInput label={PAYMENT_FIELD_LABELS.amount} inputMode="decimal" leftSection="$" w={160} value={form.amount}
          placeholder={amountText(bill.balance)} onChange={(e) => set('amount', e.currentTarget.value)} error={refusal?.fields.amount} />
        <Select label={PAYMENT_FIELD_LABELS.method} data={METHODS} value={form.method} allowDeselect={false} w={160} maxDropdownHeight={400}
          onChange={(v) => v && set('method', v as PaymentMethod)} error={refusal?.fields.method} />
        <TextInput label={PAYMENT_FIELD_LABELS.reference} value={form.reference} placeholder="Check number, transaction id"
          onChange={(e) => set('reference', e.currentTarget.value)} error={refusal?.fields.reference} />
      </Group>
      {form.method === 'retainer' && (
        <Text size="sm" c="dimmed">The case&apos;s retainer holds {formatCurrency(bill.retainer.remaining)}.</Text>
      )}
      <RefusalAlert refusal={refusal} labels={PAYMENT_FIELD_LABELS} />
      {saved && <Alert color="teal" role="status">{saved}</Alert>}
      <Group justify="flex-end">
        {over && (
          <Button variant="light" onClick={() => send(true)} loading={write.isPending}>Record the rest as client credit</Button>
        )}
        <Button onClick={() => send(false)} loading={write.isPending}>Record payment</Button>
      </Group>
    </Stack>
  );
}
