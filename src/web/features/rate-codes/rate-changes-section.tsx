import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TPricedRateCode } from '../../../core/api/rate-codes.ts';
import { formatCurrency } from '../../../core/money.ts';
import { formatUsDate, parseSmartDate, toIsoDate } from '../../../core/smart-date.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { useAddRateChange } from './api.ts';
import { parseRate } from './parse-rate.ts';

// Rates with an effective date (issue 40, docs/decisions/199): a job title's new rate from a date
// on; entries of that date and later take it, entries on a bill keep theirs. Super admins only.

export function RateChangesSection({ code }: { code: TPricedRateCode }) {
  const [itemId, setItemId] = useState(code.items[0]?.id ?? '');
  const [date, setDate] = useState('');
  const [rate, setRate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddRateChange();
  useUnsavedChanges(date !== '' || rate !== '');
  const changes = code.items.flatMap((i) => i.rateChanges.map((c) => ({ ...c, jobType: i.jobType })))
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
        <Text key={c.id} size="sm">{c.jobType}: {formatCurrency(Number(c.rate))} from {formatUsDate(c.effectiveOn)}</Text>
      ))}
      <Group gap="xs" align="flex-end">
        <NativeSelect size="xs" label="Job type" value={itemId} onChange={(e) => setItemId(e.currentTarget.value)}
          data={code.items.map((i) => ({ value: i.id, label: i.jobType }))} />
        <TextInput size="xs" label="Effective date" placeholder="MM/DD/YYYY" w={130} value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <TextInput size="xs" label="New hourly rate" leftSection="$" w={130} inputMode="decimal" value={rate}
          onChange={(e) => setRate(e.currentTarget.value)} />
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={save} loading={add.isPending}>Add rate change</Button>
      </Group>
      {(problem ?? add.error?.message) && <Alert color="red" role="alert" p="xs">{problem ?? add.error?.message}</Alert>}
    </Stack>
  );
}
