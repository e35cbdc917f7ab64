import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { TPayment } from '../../../../core/api/accounting.ts';
import { formatPaymentNumber, REASON_REQUIRED_MESSAGE } from '../../../../core/billing/billing.ts';
import { formatCurrency } from '../../../../core/money.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { formRefusal, readRefusal, type Refusal } from '../../../lib/refusal.ts';
import { useDialogFormGuard } from '../../../shared/unsaved-changes.tsx';
import { RefusalAlert } from '../../../ui/refusal-alert.tsx';
import { useBillWrite } from '../api.ts';
import { reversePayment } from '../bills/bill-writes.ts';

/** 'Reverse PMT-0003?' with the reason the audit keeps (a bounced check, a payment on the wrong bill). */
export function ReversePaymentModal({ payment, onClose }: { payment: TPayment; onClose(): void }) {
  const [reason, setReason] = useState('');
  const guard = useDialogFormGuard(reason !== '', onClose);
  const [refusal, setRefusal] = useState<Refusal<'reason'> | null>(null);
  const write = useBillWrite(reversePayment);
  const number = formatPaymentNumber(payment.number);
  const reverse = () => {
    if (reason.trim() === '') return setRefusal(formRefusal({ reason: REASON_REQUIRED_MESSAGE }));
    write.mutate({ paymentId: payment.id, reason: reason.trim() }, {
      onSuccess: onClose,
      onError: (error) => setRefusal(readRefusal(error, ['reason'])),
    });
  };
  return (
    <Modal opened onClose={guard.requestClose} title="Please confirm" size="md">
      {guard.question}
      <Stack>
        <Text>
          Reverse {number} of {formatCurrency(payment.amount)} received {formatUsDate(payment.receivedOn)}? Its amount is owed again
          {payment.method === 'retainer' ? ' and goes back to the retainer' : ''}.
        </Text>
        <Textarea
          label="Reason" value={reason} autosize minRows={2} data-autofocus placeholder="Check returned, payment on the wrong bill…"
          onChange={(e) => { setReason(e.currentTarget.value); setRefusal(null); }} error={refusal?.fields.reason}
        />
        <RefusalAlert refusal={refusal} labels={{ reason: 'Reason' }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>No</Button>
          <Button color="red" onClick={reverse} loading={write.isPending}>Reverse payment</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
