import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TUnbilledCase } from '../../../../core/api/accounting.ts';
import { formatCurrency, formatHours } from '../../../../core/money.ts';
import { rangeProblem } from '../../../../core/time/reports.ts';
import { ApiError } from '../../../lib/transport.ts';
import { newId } from '../../../lib/new-id.ts';
import { useCreateBill, useUnbilledEntries } from '../api.ts';
import { BillLines, subtotalsOf } from './bill-lines.tsx';
import { localIsoDate } from '../../../../core/dates/iso-date.ts';
import { useToday } from '../../../ui/today.ts';

/** A new bill for a case and period, from its unbilled entries; every entry starts chosen. */
export function NewBillModal({ unbilled, onClose, onCreated }: {
  unbilled: TUnbilledCase; onClose: () => void; onCreated: (id: string) => void;
}) {
  const [from, setFrom] = useState(unbilled.oldestDate);
  const today = localIsoDate(useToday()());
  const [to, setTo] = useState(unbilled.newestDate > today ? unbilled.newestDate : today);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [billId] = useState(newId);
  const problem = from && to ? rangeProblem(from, to) : 'Choose the first and last day of the period.';
  const entries = useUnbilledEntries(unbilled.caseId, from, to, !problem);
  const create = useCreateBill();
  const lines = entries.data?.lines ?? [];
  const chosenLines = lines.filter((l) => !excluded.has(l.id));
  const chosen = new Set(chosenLines.map((l) => l.id));
  const sub = subtotalsOf(chosenLines);
  const toggle = (id: string) => setExcluded((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const submit = () => create.mutate({
    id: billId, caseId: unbilled.caseId, periodStart: from, periodEnd: to,
    timeEntryIds: chosenLines.filter((l) => l.kind === 'time').map((l) => l.id),
    expenseEntryIds: chosenLines.filter((l) => l.kind === 'expense').map((l) => l.id),
  }, { onSuccess: (bill) => onCreated(bill.id) });
  return (
    // Wide enough for every column of the entries at 1280 px (issue 38); Mantine keeps it within a narrower window.
    <Modal opened onClose={onClose} size={1120} title={`New bill — ${unbilled.fileNumber} ${unbilled.clientName}`}>
      <Stack>
        <Group>
          <TextInput label="Period from" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="Period to" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        {problem && <Alert color="red">{problem}</Alert>}
        {entries.isFetching && <Skeleton h={120} />}
        {!problem && !entries.isFetching && lines.length === 0 && <Text c="dimmed">No unbilled entries in this period.</Text>}
        {lines.length > 0 && <BillLines lines={lines} chosen={chosen} onToggle={toggle} />}
        <Group justify="space-between">
          <Text size="sm">
            {chosenLines.length} entries · {formatHours(sub.hours)} h · Time {formatCurrency(sub.timeTotal)} ·
            Expenses {formatCurrency(sub.expenseTotal)} · <b>Total {formatCurrency(sub.total)}</b>
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button onClick={submit} loading={create.isPending} disabled={!!problem || chosenLines.length === 0}>Create draft bill</Button>
          </Group>
        </Group>
        {create.error && <Alert color="red">{create.error instanceof ApiError ? create.error.message : String(create.error)}</Alert>}
      </Stack>
    </Modal>
  );
}
