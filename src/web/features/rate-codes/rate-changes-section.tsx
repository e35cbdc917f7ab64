import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TPricedRateCode } from '../../../core/api/rate-codes.ts';
import { formatCurrency } from '../../../core/money.ts';
import { formatUsDate, parseSmartDate, toIsoDate } from '../../../core/smart-date.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useAddRateChange, useDeleteRateChange } from './api.ts';
import { parseRate } from './parse-rate.ts';

// Rates with an effective date (issue 40, docs/decisions/199): a job title's new rate from a date
// on; entries of that date and later take it, entries on a bill keep theirs. Super admins only.

const changeText = (c: { jobType: string; rate: string; effectiveOn: string }) =>
  `${c.jobType}: ${formatCurrency(Number(c.rate))} from ${formatUsDate(c.effectiveOn)}`;

export function RateChangesSection({ code }: { code: TPricedRateCode }) {
  const [itemId, setItemId] = useState(code.items[0]?.id ?? '');
  const [date, setDate] = useState('');
  const [rate, setRate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddRateChange();
  const remove = useDeleteRateChange();
  const [removing, setRemoving] = useState<{ id: string; itemId: string; jobType: string; rate: string; effectiveOn: string } | null>(null);
  useUnsavedChanges(date !== '' || rate !== '');
  const changes = code.items.flatMap((i) => i.rateChanges.map((c) => ({ ...c, itemId: i.id, jobType: i.jobType })))
    .sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn));
  if (code.items.length === 0) return null;

  const save = () => {
    const day = parseSmartDate(date, new Date());
    const amount = parseRate(rate);
    if (!day.ok) return setProblem(day.error);
    if (amount === null) return setProblem('Please enter a valid hourly rate');
    setProblem(null);
    add.mutate({ id: code.id, itemId, body: { effectiveOn: toIsoDate(day.value)!, rate: amount } }, {
      onSuccess: () => {
        setDate('');
        setRate('');
      },
    });
  };

  return (
    <Stack gap="xs" aria-label={`Rate changes of ${code.code}`} component="section">
      <Title order={5}>Rate changes</Title>
      {changes.length === 0 ? <Text size="sm" c="dimmed">No rate changes: each job type bills its rate on every date.</Text> : changes.map((c) => (
        <Group key={c.id} gap={4}>
          <Text size="sm">{changeText(c)}</Text>
          <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove rate change: ${changeText(c)}`} onClick={() => setRemoving(c)}>
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" align="flex-end">
        <NativeSelect size="xs" label="Job type" value={itemId} onChange={(e) => setItemId(e.currentTarget.value)}
          data={code.items.map((i) => ({ value: i.id, label: i.jobType }))} />
        <TextInput size="xs" label="Effective date" placeholder="MM/DD/YYYY" w={130} value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <TextInput size="xs" label="New hourly rate" leftSection="$" w={130} inputMode="decimal" value={rate}
          onChange={(e) => setRate(e.currentTarget.value)} />
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={save} loading={add.isPending}>Add rate change</Button>
      </Group>
      {(problem ?? add.error?.message ?? remove.error?.message) && (
        <Alert color="red" role="alert" p="xs">{problem ?? add.error?.message ?? remove.error?.message}</Alert>
      )}
      <ConfirmModal opened={removing !== null} confirmLabel="Remove rate change"
        question={removing ? `Remove the rate change "${changeText(removing)}"? Unbilled entries of ${removing.jobType} from `
          + `${formatUsDate(removing.effectiveOn)} on take the rate in force without it; entries already on a bill keep their rate.` : ''}
        onNo={() => setRemoving(null)}
        onYes={() => {
          if (removing) remove.mutate({ id: code.id, itemId: removing.itemId, rateId: removing.id });
          setRemoving(null);
        }} />
    </Stack>
  );
}
