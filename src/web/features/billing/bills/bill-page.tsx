import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatBillNumber, termsLabel, type BillAction } from '../../../../core/billing/billing.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { useUser } from '../../../shared/auth.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { keys, moveBill, useBill, useBillWrite } from '../api.ts';
import { deleteDraft } from './bill-writes.ts';
import { BillDraftForm } from './bill-draft-form.tsx';
import { BillLineTable } from './bill-line-table.tsx';
import { BillPdfButton } from './bill-pdf-button.tsx';
import { BillStatusBadge } from './bill-status.tsx';
import { BillTotals } from './bill-totals.tsx';
import { CreditNotesSection } from '../payments/credit-notes-section.tsx';
import { PaymentsSection } from '../payments/payments-section.tsx';
import { SuperAdminsOnly } from '../super-admins-only.tsx';
import { LoadingBlock } from '../../../ui/loading-block';
import { BillRemindersSection } from '../../reminders/index.ts';

type Asking = BillAction | 'delete';
const QUESTIONS: Record<Asking, { question: string; label: string }> = {
  issue: { question: 'Issue this bill? Its entries will be locked and can no longer be changed.', label: 'Issue bill' },
  void: { question: 'Void this bill? Its entries will be unlocked and can be billed again.', label: 'Void bill' },
  // A draft was never sent: it is deleted, not voided (issue 38).
  delete: { question: 'Delete this draft? Its entries will be unbilled again.', label: 'Delete draft' },
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{children || '—'}</Text>
    </div>
  );
}

/** /accounting/bills/:id: a draft shaped line by line, or an issued bill taking payments and credits. */
export default function BillPage() {
  const { id = '' } = useParams();
  const user = useUser();
  const bill = useBill(user.isSuperAdmin ? id : null);
  const move = useBillWrite(moveBill);
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteDraft,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      void navigate('/accounting?tab=bills');
    },
  });
  const [asking, setAsking] = useState<Asking | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  if (!user.isSuperAdmin) return <SuperAdminsOnly />;
  const b = bill.data;
  if (!b) {
    return bill.isError
      ? <Alert color="red" title="Bill">{bill.error.message}</Alert>
      : <LoadingBlock h={320} label="Loading bill" />;
  }
  const number = formatBillNumber(b.number);
  const issued = b.status !== 'draft' && b.status !== 'void';
  const voidable = b.status === 'issued' && b.paidTotal === 0 && b.creditedTotal === 0;
  const ledes = async () => {
    setFileError(null);
    try {
      await downloadFile(`/api/bills/${b.id}/ledes`, `Bill-${number}.ledes`);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/accounting?tab=bills" size="sm"><IconArrowLeft size={14} /> Accounting</Anchor>
      <Paper withBorder p="lg">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <Title order={2}>Bill {number}</Title>
            <BillStatusBadge status={b.status} overdue={b.overdue} />
          </Group>
          <Group gap="xs">
            <BillPdfButton id={b.id} number={b.number} onError={setFileError} />
            {issued && <Button variant="light" leftSection={<IconFileText size={16} />} onClick={() => void ledes()}>LEDES</Button>}
            {b.status === 'draft' && <Button onClick={() => setAsking('issue')} loading={move.isPending}>Issue bill</Button>}
            {b.status === 'draft' && <Button color="red" variant="light" onClick={() => setAsking('delete')} loading={remove.isPending}>Delete draft</Button>}
            {voidable && <Button color="red" variant="light" onClick={() => setAsking('void')} loading={move.isPending}>Void bill</Button>}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="md">
          <Fact label="Client">{b.clientName}</Fact>
          <Fact label="Case"><Anchor component={Link} to={`/case/${b.caseId}`}>{b.fileNumber}</Anchor>{b.caseName ? ` — ${b.caseName}` : ''}</Fact>
          <Fact label="Period">{formatUsDate(b.periodStart)} – {formatUsDate(b.periodEnd)}</Fact>
          <Fact label="Terms">{b.terms || termsLabel(b.termsDays)}</Fact>
          <Fact label="Bill to">{[b.billToName, b.billingAddress].filter(Boolean).join('\n')}</Fact>
          <Fact label="Issued on">{formatUsDate(b.issuedOn)}</Fact>
          <Fact label="Due on">{formatUsDate(b.dueOn)}</Fact>
          {b.clientMatterId && <Fact label="Client matter">{b.clientMatterId}</Fact>}
        </SimpleGrid>
        {b.note && issued && <Text size="sm" mt="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{b.note}</Text>}
      </Paper>
      {move.error && <Alert color="red" role="alert">{move.error.message}</Alert>}
      {remove.error && <Alert color="red" role="alert">{remove.error.message}</Alert>}
      {fileError && <Alert color="red" role="alert">{fileError}</Alert>}
      <BillLineTable bill={b} />
      <BillTotals bill={b} />
      {b.status === 'draft' && <BillDraftForm bill={b} />}
      {issued && <PaymentsSection bill={b} />}
      {issued && <CreditNotesSection bill={b} />}
      {issued && <BillRemindersSection billId={b.id} />}
      <ConfirmModal
        opened={!!asking} question={asking ? QUESTIONS[asking].question : ''} confirmLabel={asking ? QUESTIONS[asking].label : ''}
        onYes={() => {
          if (asking === 'delete') remove.mutate({ id: b.id, version: b.version });
          else if (asking) move.mutate({ id: b.id, action: asking, version: b.version });
          setAsking(null);
        }}
        onNo={() => setAsking(null)}
      />
    </Stack>
  );
}
