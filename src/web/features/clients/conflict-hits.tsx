import { Anchor, Badge, Button, FileInput, Group, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TConflictCheck, TConflictHit } from '../../../core/api/conflicts.ts';
import { ROLE_LABELS, SIDE_LABELS } from '../../../core/cases/conflict-sides.ts';
import { CONFLICT_MESSAGES, DECISION_LABELS, type TConflictDecision } from '../../../core/cases/conflict-status.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { decideCheck } from './conflicts-api.ts';

// The hits of a conflict check and the decision on it (issue 39), shared by the case page and intake.

const FIELD_LABELS: Record<TConflictHit['matchedField'], string> = { name: 'Name', claim_number: 'Claim number', loss_address: 'Loss address' };

export function HitsTable({ check }: { check: TConflictCheck }) {
  if (check.hits.length === 0) {
    return <Text c="dimmed">{check.seenBefore > 0 ? `No new hits (${check.seenBefore} seen in an earlier check).` : 'No hits: nothing in earlier cases matches.'}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Conflict check hits">
        <Table.Thead>
          <Table.Tr><Table.Th>Earlier case</Table.Th><Table.Th>Party and role there</Table.Th><Table.Th>Firm's side</Table.Th>
            <Table.Th>Matched</Table.Th><Table.Th /></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {check.hits.map((h) => (
            <Table.Tr key={h.key}>
              <Table.Td>
                <Anchor component={Link} to={`/case/${h.caseId}`}>{h.fileNumber}</Anchor> {h.caseName}
                <Text size="xs" c="dimmed">{h.caseStatus} · opened {formatUsDate(h.openedOn)}{h.dateOfLoss ? ` · loss ${formatUsDate(h.dateOfLoss)}` : ''}</Text>
              </Table.Td>
              <Table.Td>{h.partyName}<Text size="xs" c="dimmed">{ROLE_LABELS[h.role]}</Text></Table.Td>
              <Table.Td>{h.side ? SIDE_LABELS[h.side] : 'Not recorded'}</Table.Td>
              <Table.Td>{FIELD_LABELS[h.matchedField]}: “{h.matchedText}”</Table.Td>
              <Table.Td>{h.adverse && <Badge color="red" variant="filled">Adverse</Badge>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function DecisionText({ check }: { check: TConflictCheck }) {
  const d = check.decision;
  if (!d) return null;
  return (
    <Text size="sm">
      <b>{DECISION_LABELS[d.decision]}</b> by {d.decidedBy} on {formatUsDate(d.decidedAt)}: “{d.reason}”
      {d.waiver && <> · <Anchor href={`/api/conflict-waivers/${d.waiver.id}`}>{d.waiver.fileName}</Anchor> (SHA-256 {d.waiver.sha256.slice(0, 12)}…)</>}
    </Text>
  );
}

/** Cleared, cleared with a waiver (the signed waiver attached) or declined, with a reason: once per check. */
export function DecisionForm({ check, onDecided }: { check: TConflictCheck; onDecided(): void }) {
  const [decision, setDecision] = useState<TConflictDecision>('cleared');
  const [reason, setReason] = useState('');
  const [waiver, setWaiver] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const submit = async () => {
    if (!reason.trim()) return setReasonError(CONFLICT_MESSAGES.reasonRequired);
    setBusy(true);
    setRefusal(null);
    try {
      await decideCheck(check.id, { decision, reason, waiver: decision === 'cleared_with_waiver' ? waiver : null });
      onDecided();
    } catch (error) {
      setRefusal(readRefusal(error, ['reason']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text fw={600} id={`decision-${check.id}`}>Decision</Text>
      <SegmentedControl aria-labelledby={`decision-${check.id}`} value={decision} onChange={(v) => setDecision(v as TConflictDecision)}
        data={Object.entries(DECISION_LABELS).map(([value, label]) => ({ value, label }))} />
      <Textarea label="Reason" required autosize minRows={2} value={reason} error={reasonError ?? refusal?.fields.reason}
        onChange={(e) => { setReason(e.currentTarget.value); setReasonError(null); }} />
      {decision === 'cleared_with_waiver' && (
        <FileInput label="Signed waiver" required accept="application/pdf,image/jpeg,image/png" value={waiver} onChange={setWaiver}
          placeholder="Choose the signed waiver (PDF, JPEG or PNG)" />
      )}
      <RefusalAlert refusal={refusal} labels={{ reason: 'Reason' }} />
      <Group><Button onClick={submit} loading={busy}>Record decision</Button></Group>
    </Stack>
  );
}
