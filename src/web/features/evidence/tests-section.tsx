import { Alert, Button, FileButton, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { TEvidenceItem, TEvidenceTest } from '../../../core/api/evidence.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SignaturePad } from '../../ui/signature-pad.tsx';
import { planTest, recordNotice, recordWaiver, startTest, useInvalidateEvidence } from './api.ts';
import { CollectModal } from './collect-modal.tsx';

const PLAN_LABELS = { what: 'What', place: 'Where', plannedFor: 'When', performedBy: 'By whom' };
type PlanField = keyof typeof PLAN_LABELS;

function PlanModal({ item, onClose }: { item: TEvidenceItem; onClose(): void }) {
  const [form, setForm] = useState({ what: '', place: '', plannedFor: '', performedBy: '' });
  const [refusal, setRefusal] = useState<Refusal<PlanField> | null>(null);
  const invalidate = useInvalidateEvidence();
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    try {
      const when = form.plannedFor ? new Date(form.plannedFor).toISOString() : '';
      await planTest(item.id, { ...form, plannedFor: when });
      await invalidate();
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(PLAN_LABELS) as PlanField[]));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Plan a destructive test of ${item.tag}`}>
      <Stack gap="sm">
        <TextInput label="What" value={form.what} error={refusal?.fields.what} onChange={(e) => set({ what: e.currentTarget.value })} />
        <TextInput label="Where" value={form.place} error={refusal?.fields.place} onChange={(e) => set({ place: e.currentTarget.value })} />
        <TextInput label="When" type="datetime-local" value={form.plannedFor} error={refusal?.fields.plannedFor} onChange={(e) => set({ plannedFor: e.currentTarget.value })} />
        <TextInput label="By whom" value={form.performedBy} error={refusal?.fields.performedBy} onChange={(e) => set({ performedBy: e.currentTarget.value })} />
        <Text size="sm" c="dimmed">Every party of the case is told: by e-mail where Casebook has their address; record how the others were told.</Text>
        <RefusalAlert refusal={refusal} labels={PLAN_LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()}>Plan test and notify parties</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TestCard({ test, item, open }: { test: TEvidenceTest; item: TEvidenceItem; open: boolean }) {
  const zone = useFirmTimeZone();
  const user = useUser();
  const signer = user.displayName;
  const [recording, setRecording] = useState(false);
  const invalidate = useInvalidateEvidence();
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
      await invalidate();
      return true;
    } catch (error) {
      setProblem(readRefusal(error, []).message);
      return false;
    }
  };
  return (
    <Paper withBorder p="sm">
      <Text fw={600}>{test.what}</Text>
      <Text size="sm">{test.place} · {firmDateTime(test.plannedFor, zone)} · by {test.performedBy} · notice {test.noticeDays} days</Text>
      {test.startedAt && <Text size="sm" c="green">Started {firmDateTime(test.startedAt, zone)}</Text>}
      {test.notices.length === 0 && <Text size="sm" c="dimmed">The case has no parties to notify; the notice period counts from the planning.</Text>}
      {test.notices.length > 0 && <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead><Table.Tr><Table.Th>Party</Table.Th><Table.Th>Told</Table.Th><Table.Th>Waiver</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {test.notices.map((n) => (
              <Table.Tr key={n.id}>
                <Table.Td>{n.partyName}</Table.Td>
                <Table.Td>
                  {n.toldAt ? `${n.method === 'email' ? `E-mail to ${n.address}` : n.method}, ${firmDateTime(n.toldAt, zone)}` : (
                    !test.startedAt && open && n.partyId
                      ? <Button size="compact-xs" variant="light" onClick={() => void act(() => recordNotice(test.id, { partyId: n.partyId!, method: 'letter', address: '', toldAt: new Date().toISOString() }))}>
                        Told by letter today
                      </Button>
                      : 'Not told'
                  )}
                </Table.Td>
                <Table.Td>
                  {n.waivedAt ? `Waived ${firmDateTime(n.waivedAt, zone)}` : (!test.startedAt && open && n.partyId && (
                    <FileButton accept="application/pdf,image/jpeg,image/png" onChange={(f) => f && void act(() => recordWaiver(test.id, n.partyId!, f))}>
                      {(props) => <Button size="compact-xs" variant="default" {...props}>Attach waiver</Button>}
                    </FileButton>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>}
      {problem && <Alert color="red" role="alert" title="Not recorded" mt="xs">{problem}</Alert>}
      {!test.startedAt && open && (starting ? (
        <Stack gap="xs" mt="xs">
          <SignaturePad onChange={setSignature} />
          <Group>
            <Button variant="default" onClick={() => setStarting(false)}>Cancel</Button>
            <Button color="red" onClick={() => void act(() => startTest(test.id, { at: new Date().toISOString(), signedByName: signer, signature: signature ?? '' }))
              .then((ok) => ok && setStarting(false))}>Record test as started</Button>
          </Group>
        </Stack>
      ) : <Button mt="xs" variant="light" color="red" onClick={() => setStarting(true)}>Start test</Button>)}
      {test.startedAt && <Button mt="xs" variant="light" onClick={() => setRecording(true)}>Record result or remaining portion</Button>}
      {recording && (
        <CollectModal caseOf={{ id: item.caseId, fileNumber: item.caseFileNumber, name: item.caseName }} user={user} fromTest={{ testId: test.id, item }}
          onClose={() => setRecording(false)} onCollected={() => setRecording(false)} />
      )}
    </Paper>
  );
}

/**
 * Destructive tests of the item: planned with notice to every party, started only when the notice
 * period has passed or all waived; once started, its results and remaining portions are recorded as
 * new items linked to this one.
 */
export function TestsSection({ item }: { item: TEvidenceItem }) {
  const [planning, setPlanning] = useState(false);
  const open = item.status === 'open';
  if (!open && item.tests.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="tests-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="tests-title">Destructive testing</Title>
        {open && <Button size="xs" variant="default" onClick={() => setPlanning(true)}>Plan test</Button>}
      </Group>
      <Stack gap="sm">
        {item.tests.length === 0 && <Text c="dimmed">No test planned.</Text>}
        {item.tests.map((t) => <TestCard key={t.id} test={t} item={item} open={open} />)}
      </Stack>
      {planning && <PlanModal item={item} onClose={() => setPlanning(false)} />}
    </Paper>
  );
}
