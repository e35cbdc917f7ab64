import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { TEngagement } from '../../../core/api/engagement.ts';
import { PDF_FAILED_MESSAGE } from '../../../core/action-items-report.ts';
import { engagementLetterFileName } from '../../../core/cases/engagement-letter.ts';
import { formatUsDate, toIsoDate, todayUs } from '../../../core/smart-date.ts';
import { downloadFile } from '../../lib/download.ts';
import { formRefusal, readRefusal, type Refusal } from '../../lib/refusal.ts';
import { useUser } from '../../shared/auth.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { amountText, amountTextProblem, parseAmount } from '../billing/index.ts';
import { useEngagement, useRecordSignedLetter, useRetainerRequested, useSaveRetainerRequested } from './api.ts';
import { useQuerySettled } from '../../ui/settle-together.tsx';

/**
 * A case's engagement on its page (issue 39): 'Engaged MM/DD/YYYY' once a signed letter is recorded
 * (everyone reads it; admins record it), and for super admins the retainer the letter asks for, the
 * letter to send and the signed letter to open (both hold the case's rates: money).
 */
export default function EngagementPanel({ caseId, fileNumber }: { caseId: string; fileNumber: string }) {
  const user = useUser();
  const engagement = useEngagement(caseId);
  useQuerySettled(engagement);
  const [error, setError] = useState<string | null>(null);
  if (engagement.isPending) return <LoadingBlock h={100} label="Loading engagement" />;
  if (engagement.isError) return <Alert color="red" title="Engagement">{engagement.error.message}</Alert>;
  const e = engagement.data;
  const download = async (path: string, name: string) => {
    setError(null);
    try {
      await downloadFile(path, name);
    } catch {
      setError(PDF_FAILED_MESSAGE);
    }
  };
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="engagement-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={3} id="engagement-title">Engagement</Title>
            {e.engagedOn
              ? <Badge color="teal" size="lg" data-testid="engaged">Engaged {formatUsDate(e.engagedOn)}</Badge>
              : <Badge color="gray" size="lg" variant="light" data-testid="engaged">Not engaged</Badge>}
          </Group>
          {user.isSuperAdmin && (
            <Button variant="light" leftSection={<IconFileTypePdf size={16} />}
              onClick={() => void download(`/api/cases/${caseId}/engagement/pdf`, engagementLetterFileName(fileNumber))}>
              Engagement letter
            </Button>
          )}
        </Group>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <SignedLetterLine e={e} open={user.isSuperAdmin ? (id, name) => void download(`/api/engagement-letters/${id}/pdf`, name) : null} />
        {user.isSuperAdmin && <RetainerRequestedForm caseId={caseId} />}
        {user.isAdmin && <RecordSignedLetter caseId={caseId} engaged={e.engagedOn !== null} />}
      </Stack>
    </Paper>
  );
}

function SignedLetterLine({ e, open }: { e: TEngagement; open: ((id: string, name: string) => void) | null }) {
  const s = e.signedLetter;
  if (!s) return <Text size="sm" c="dimmed">No signed engagement letter is recorded yet.</Text>;
  return (
    <Text size="sm">
      Signed letter:{' '}
      {open ? <Anchor component="button" type="button" onClick={() => open(s.id, s.fileName)}>{s.fileName}</Anchor> : s.fileName}
      <Text span c="dimmed" size="sm"> — recorded {formatUsDate(s.recordedAt)}{s.recordedBy ? ` by ${s.recordedBy}` : ''} · SHA-256 {s.sha256.slice(0, 12)}…</Text>
    </Text>
  );
}

function RetainerRequestedForm({ caseId }: { caseId: string }) {
  const current = useRetainerRequested(caseId, true);
  const save = useSaveRetainerRequested(caseId);
  const [text, setText] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal<'retainerRequested'> | null>(null);
  if (!current.data) return null;
  const shown = text ?? amountText(current.data.retainerRequested);
  const submit = () => {
    const problem = amountTextProblem(shown, { positive: false });
    if (problem) return setRefusal(formRefusal({ retainerRequested: problem }));
    save.mutate(parseAmount(shown), {
      onSuccess: () => { setText(null); setRefusal(null); },
      onError: (error) => setRefusal(readRefusal(error, ['retainerRequested'])),
    });
  };
  return (
    <Group align="flex-end" gap="xs">
      <TextInput label="Retainer asked for" description="Printed in the engagement letter" inputMode="decimal" leftSection="$" w={220}
        value={shown} onChange={(ev) => { setText(ev.currentTarget.value); setRefusal(null); }}
        error={refusal?.fields.retainerRequested ?? (refusal && refusal.message)} />
      <Button variant="light" onClick={submit} loading={save.isPending}
        disabled={parseAmount(shown) === current.data.retainerRequested}>Save retainer asked for</Button>
    </Group>
  );
}

function RecordSignedLetter({ caseId, engaged }: { caseId: string; engaged: boolean }) {
  const record = useRecordSignedLetter(caseId);
  const [date, setDate] = useState(todayUs(new Date()));
  const [refusal, setRefusal] = useState<Refusal<'engagedOn' | 'file'> | null>(null);
  const upload = (file: File | null) => {
    if (!file) return;
    const engagedOn = toIsoDate(date);
    if (!engagedOn) return setRefusal(formRefusal({ engagedOn: 'Enter the date the letter was signed.' }));
    setRefusal(null);
    record.mutate({ file, engagedOn }, { onError: (error) => setRefusal(readRefusal(error, ['engagedOn', 'file'])) });
  };
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs">
        <SmartDateInput label="Date engaged" w={180} value={date} onChange={setDate} error={refusal?.fields.engagedOn} />
        <FileButton accept="application/pdf" onChange={upload}>
          {(props) => (
            <Button {...props} variant={engaged ? 'subtle' : 'filled'} leftSection={<IconUpload size={16} />} loading={record.isPending}>
              {engaged ? 'Record an amended signed letter' : 'Record the signed letter'}
            </Button>
          )}
        </FileButton>
      </Group>
      {refusal && !refusal.fields.engagedOn && <Alert color="red" role="alert">{refusal.fields.file ?? refusal.message}</Alert>}
    </Stack>
  );
}
