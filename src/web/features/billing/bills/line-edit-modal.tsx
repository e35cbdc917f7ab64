import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBillDetail, TBillLine, TLineEdit } from '../../../../core/api/accounting.ts';
import { ZEntryUtbms } from '../../../../core/api/ledes.ts';
import { parseHoursText } from '../../../../core/time/hours-text.ts';
import { formRefusal, readRefusal, type Refusal } from '../../../lib/refusal.ts';
import { RefusalAlert } from '../../../ui/refusal-alert.tsx';
import { keys, useBillWrite } from '../api.ts';
import { editLine, setLineCodes } from './bill-writes.ts';
import { amountText, amountTextProblem, parseAmount } from '../money-input.ts';
import { useDialogFormGuard } from '../../../shared/unsaved-changes.tsx';

type Field = 'hours' | 'rate' | 'amount' | 'description' | 'taskCode' | 'activityCode';
const FIELDS = ['hours', 'rate', 'amount', 'description', 'taskCode', 'activityCode'] as const;
const LABELS: Record<Field, string> = {
  hours: 'Hours', rate: 'Rate', amount: 'Amount', description: 'Description', taskCode: 'UTBMS task code', activityCode: 'UTBMS activity code',
};
const CODES_HELP = 'For the LEDES file. Empty: the job title\'s code (Settings → Billing codes).';

/**
 * Edit a draft's line (issue 38): a time line's hours, rate, description and UTBMS codes, an expense's
 * amount and description. The line is its entry, so the change is the entry's (audited); only fields
 * changed are sent.
 */
export function LineEditModal({ bill, line, onClose }: { bill: TBillDetail; line: TBillLine; onClose(): void }) {
  const time = line.kind === 'time';
  const [hours, setHours] = useState((line.hours ?? 0).toFixed(2));
  const [rate, setRate] = useState(amountText(line.rate ?? 0));
  const [amount, setAmount] = useState(amountText(line.originalAmount));
  const [description, setDescription] = useState(line.description);
  const [taskCode, setTaskCode] = useState(line.taskCode ?? '');
  const [activityCode, setActivityCode] = useState(line.activityCode ?? '');
  const guard = useDialogFormGuard(hours !== (line.hours ?? 0).toFixed(2) || rate !== amountText(line.rate ?? 0)
    || amount !== amountText(line.originalAmount) || description !== line.description || taskCode !== (line.taskCode ?? '')
    || activityCode !== (line.activityCode ?? ''), onClose);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const write = useBillWrite(editLine);
  const client = useQueryClient();
  const codes = useMutation({ mutationFn: setLineCodes, onSuccess: () => client.invalidateQueries({ queryKey: keys.bill(bill.id) }) });
  const save = async () => {
    const fields: Partial<Record<Field, string>> = {};
    const body: TLineEdit = { version: bill.version };
    if (time) {
      const h = parseHoursText(hours);
      if (!h.ok) fields.hours = h.error;
      else if (h.value !== line.hours) body.hours = h.value;
      const rateValue = parseAmount(rate);
      const rateProblem = amountTextProblem(rate, { positive: false });
      if (rateProblem || rateValue === null) fields.rate = rateProblem ?? 'Please enter an amount.';
      else if (rateValue !== line.rate) body.rate = rateValue;
    } else {
      const amountValue = parseAmount(amount);
      const amountProblem = amountTextProblem(amount, { positive: false });
      if (amountProblem || amountValue === null) fields.amount = amountProblem ?? 'Please enter an amount.';
      else if (amountValue !== line.originalAmount) body.amount = amountValue;
    }
    if (description.trim() !== line.description) body.description = description.trim();
    const newCodes = ZEntryUtbms.safeParse({ taskCode, activityCode });
    for (const issue of newCodes.error?.issues ?? []) fields[issue.path[0] as 'taskCode' | 'activityCode'] ??= issue.message;
    if (Object.keys(fields).length > 0) return setRefusal(formRefusal(fields));
    const codesChanged = time && (taskCode.trim() !== (line.taskCode ?? '') || activityCode.trim() !== (line.activityCode ?? ''));
    if (Object.keys(body).length === 1 && !codesChanged) return onClose();
    setRefusal(null);
    try {
      if (Object.keys(body).length > 1) await write.mutateAsync({ id: bill.id, entryId: line.id, ...body });
      if (codesChanged) await codes.mutateAsync({ id: bill.id, entryId: line.id, taskCode, activityCode });
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, FIELDS));
    }
  };
  return (
    <Modal opened onClose={guard.requestClose} title="Edit line" size="md">
      {guard.question}
      <Stack>
        {time ? (
          <Group grow>
            <TextInput label={LABELS.hours} value={hours} inputMode="decimal" data-autofocus
              onChange={(e) => setHours(e.currentTarget.value)} error={refusal?.fields.hours} />
            <TextInput label={LABELS.rate} value={rate} inputMode="decimal" leftSection="$"
              onChange={(e) => setRate(e.currentTarget.value)} error={refusal?.fields.rate} />
          </Group>
        ) : (
          <TextInput label={LABELS.amount} value={amount} inputMode="decimal" leftSection="$" data-autofocus
            onChange={(e) => setAmount(e.currentTarget.value)} error={refusal?.fields.amount} />
        )}
        <Textarea label={LABELS.description} value={description} autosize minRows={2}
          onChange={(e) => setDescription(e.currentTarget.value)} error={refusal?.fields.description} />
        {time && (
          <Stack gap={4}>
            <Group grow align="flex-start">
              <TextInput label={LABELS.taskCode} value={taskCode} placeholder="L120" maxLength={10}
                onChange={(e) => setTaskCode(e.currentTarget.value.toUpperCase())} error={refusal?.fields.taskCode} />
              <TextInput label={LABELS.activityCode} value={activityCode} placeholder="A101" maxLength={10}
                onChange={(e) => setActivityCode(e.currentTarget.value.toUpperCase())} error={refusal?.fields.activityCode} />
            </Group>
            <Text size="xs" c="dimmed">{CODES_HELP}</Text>
          </Stack>
        )}
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={write.isPending || codes.isPending}>Save line</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
