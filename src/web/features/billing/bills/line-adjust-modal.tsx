import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import type { TBillDetail, TBillLine } from '../../../../core/api/accounting.ts';
import { REASON_REQUIRED_MESSAGE } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formRefusal, readRefusal, type Refusal } from '../../../lib/refusal.ts';
import { useDialogFormGuard } from '../../../shared/unsaved-changes.tsx';
import { RefusalAlert, useFocusRefused } from '../../../ui/refusal-alert.tsx';
import { useBillWrite } from '../api.ts';
import { adjustLine } from './bill-writes.ts';
import { amountText, amountTextProblem, parseAmount } from '../money-input.ts';

type Field = 'amount' | 'reason' | 'clientNote';
const LABELS: Record<Field, string> = { amount: 'Bill this line at', reason: 'Reason', clientNote: 'Note for the client (optional)' };

/**
 * Write a draft's line down or up with an internal reason and an optional note for the client; its own
 * amount stays on record (and on this screen), the bill prints only the adjusted line and the note.
 */
export function LineAdjustModal({ bill, line, onClose }: { bill: TBillDetail; line: TBillLine; onClose(): void }) {
  const [amount, setAmount] = useState(amountText(line.amount));
  const [reason, setReason] = useState(line.adjustmentReason ?? '');
  const [clientNote, setClientNote] = useState(line.clientNote ?? '');
  const guard = useDialogFormGuard(
    amount !== amountText(line.amount) || reason !== (line.adjustmentReason ?? '') || clientNote !== (line.clientNote ?? ''), onClose);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useFocusRefused(container, refusal);
  const write = useBillWrite(adjustLine);
  const send = (value: number | null, why: string, note = '') => {
    setRefusal(null);
    write.mutate({ id: bill.id, entryId: line.id, version: bill.version, amount: value, reason: why, clientNote: note }, {
      onSuccess: onClose,
      onError: (error) => setRefusal(readRefusal(error, ['amount', 'reason', 'clientNote'])),
    });
  };
  const save = () => {
    const problems: Partial<Record<Field, string>> = {};
    const amountProblem = amountTextProblem(amount, { positive: false });
    if (amountProblem) problems.amount = amountProblem;
    if (reason.trim() === '') problems.reason = REASON_REQUIRED_MESSAGE;
    if (Object.keys(problems).length > 0) return setRefusal(formRefusal(problems));
    send(parseAmount(amount), reason.trim(), clientNote.trim());
  };
  return (
    <Modal opened onClose={guard.requestClose} title="Write down or up" size="md">
      {guard.question}
      <Stack ref={container}>
        <Text size="sm">
          {line.kind === 'time' ? 'Time' : 'Expense'} · {line.description || line.type} · own amount <b>{formatCurrency(line.originalAmount)}</b>
        </Text>
        <TextInput
          label={LABELS.amount} value={amount} inputMode="decimal" leftSection="$" data-autofocus
          onChange={(e) => setAmount(e.currentTarget.value)} error={refusal?.fields.amount}
        />
        <Textarea
          label={LABELS.reason} value={reason} autosize minRows={2} placeholder="Why the client is billed a different amount"
          description="For the firm only: never printed on the bill"
          onChange={(e) => setReason(e.currentTarget.value)} error={refusal?.fields.reason}
        />
        <Textarea
          label={LABELS.clientNote} value={clientNote} autosize minRows={1}
          description="Printed on the bill under the line's description"
          onChange={(e) => setClientNote(e.currentTarget.value)} error={refusal?.fields.clientNote}
        />
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="space-between">
          {line.adjustmentReason !== null
            ? <Button variant="subtle" onClick={() => send(null, '')} loading={write.isPending}>Back to own amount</Button>
            : <span />}
          <Group>
            <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
            <Button onClick={save} loading={write.isPending}>Save line</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
