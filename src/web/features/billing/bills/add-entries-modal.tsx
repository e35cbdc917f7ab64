import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { useBillWrite, useUnbilledEntries } from '../api.ts';
import { BillLines, subtotalsOf } from './bill-lines.tsx';
import { addEntries } from './bill-writes.ts';
import { formatCurrency } from '../../../../core/money.ts';

/** Unbilled entries of the bill's case and period, to put on the draft (none chosen at first). */
export function AddEntriesModal({ bill, onClose }: { bill: TBillDetail; onClose(): void }) {
  const entries = useUnbilledEntries(bill.caseId, bill.periodStart, bill.periodEnd, true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const write = useBillWrite(addEntries);
  const lines = entries.data?.lines ?? [];
  const picked = lines.filter((l) => chosen.has(l.id));
  const toggle = (id: string) => setChosen((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const add = () => write.mutate({
    id: bill.id, version: bill.version,
    timeEntryIds: picked.filter((l) => l.kind === 'time').map((l) => l.id),
    expenseEntryIds: picked.filter((l) => l.kind === 'expense').map((l) => l.id),
  }, { onSuccess: onClose });
  return (
    <Modal opened onClose={onClose} size="xl" title={`Unbilled entries of ${bill.fileNumber}, ${formatUsDate(bill.periodStart)} – ${formatUsDate(bill.periodEnd)}`}>
      <Stack>
        {entries.isPending && <Skeleton h={120} />}
        {entries.isError && <Alert color="red">{entries.error.message}</Alert>}
        {entries.isSuccess && lines.length === 0 && <Text c="dimmed">No unbilled entries of this case in the bill&apos;s period.</Text>}
        {lines.length > 0 && <BillLines lines={lines} chosen={chosen} onToggle={toggle} />}
        {write.error && <Alert color="red" role="alert">{write.error.message}</Alert>}
        <Group justify="space-between">
          <Text size="sm">{picked.length} chosen · {formatCurrency(subtotalsOf(picked).total)}</Text>
          <Group>
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button onClick={add} disabled={picked.length === 0} loading={write.isPending}>Add to bill</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
