import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatBillNumber, type BillAction } from '../../../core/billing.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { ApiError } from '../../lib/transport.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useBill, useMoveBill } from './api.ts';
import { BillLines } from './bill-lines.tsx';
import { BillPdfButton } from './bill-pdf-button.tsx';
import { BillStatusBadge } from './bill-status.tsx';

const QUESTIONS: Record<BillAction, { question: string; label: string }> = {
  issue: { question: 'Issue this bill? Its entries will be locked and can no longer be changed.', label: 'Issue bill' },
  void: { question: 'Void this bill? Its entries will be unlocked and can be billed again.', label: 'Void bill' },
};

export function BillModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const bill = useBill(id);
  const move = useMoveBill();
  const [asking, setAsking] = useState<BillAction | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const b = bill.data;
  const run = (action: BillAction) => {
    setAsking(null);
    if (b) move.mutate({ id: b.id, action, version: b.version });
  };
  return (
    <Modal opened={!!id} onClose={() => { move.reset(); onClose(); }} size="xl" title={b ? `Bill ${formatBillNumber(b.number)}` : 'Bill'}>
      {!b ? <Skeleton h={200} /> : (
        <Stack>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{b.clientName}</Text>
              <Text size="sm" c="dimmed">{b.fileNumber}{b.caseName ? ` — ${b.caseName}` : ''}</Text>
              <Text size="sm">Period {formatUsDate(b.periodStart)} – {formatUsDate(b.periodEnd)}</Text>
              {b.issuedOn && <Text size="sm">Issued {formatUsDate(b.issuedOn)}</Text>}
              {b.paidOn && <Text size="sm">Paid {formatUsDate(b.paidOn)}</Text>}
            </div>
            <BillStatusBadge status={b.status} />
          </Group>
          {b.lines.length > 0 ? <BillLines lines={b.lines} /> : <Text c="dimmed" size="sm">A void bill holds no entries; they are unbilled again.</Text>}
          <Text>
            {formatHours(b.hours)} h · Time {formatCurrency(b.timeTotal)} · Expenses {formatCurrency(b.expenseTotal)} ·
            <b> Total {formatCurrency(b.total)}</b>
          </Text>
          {move.error && <Alert color="red">{move.error instanceof ApiError ? move.error.message : String(move.error)}</Alert>}
          {pdfError && <Alert color="red">{pdfError}</Alert>}
          <Group justify="flex-end" align="flex-end">
            <BillPdfButton id={b.id} number={b.number} onError={setPdfError} />
            {b.status === 'draft' && <Button onClick={() => setAsking('issue')} loading={move.isPending}>Issue bill</Button>}
            {(b.status === 'draft' || b.status === 'issued') && (
              <Button color="red" variant="light" onClick={() => setAsking('void')} loading={move.isPending}>Void bill</Button>
            )}
          </Group>
        </Stack>
      )}
      <ConfirmModal opened={!!asking} question={asking ? QUESTIONS[asking].question : ''} confirmLabel={asking ? QUESTIONS[asking].label : ''} onYes={() => asking && run(asking)} onNo={() => setAsking(null)} />
    </Modal>
  );
}
