import { Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TParty } from '../../../core/api/parties.ts';
import { PARTY_ROLES, ROLE_LABELS } from '../../../core/cases/conflict-sides.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { reportError } from '../../lib/error-store.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { useAttorneys } from './api.ts';
import { addParty, removeParty, updateParty, useInvalidateConflicts, useLawFirms, useParties, type PartyBody } from './conflicts-api.ts';
import { useQuerySettled } from '../../ui/settle-together.tsx';
import { useDialogFormGuard } from '../../shared/unsaved-changes.tsx';

const LABELS = { role: 'Role', name: 'Name', attorneyId: 'Attorney', lawFirmId: 'Law firm', claimNumber: 'Claim number', notes: 'Notes' };
const roleData = PARTY_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

function PartyModal({ caseId, party, onClose }: { caseId: string; party: TParty | null; onClose(): void }) {
  const [start] = useState((): PartyBody => ({
    role: party?.role ?? 'insurer', name: party?.name ?? '', kind: party?.kind ?? 'organization', attorneyId: party?.attorneyId ?? null,
    lawFirmId: party?.lawFirmId ?? null, claimNumber: party?.claimNumber ?? null, notes: party?.notes ?? '',
  }));
  const [form, setForm] = useState<PartyBody>(start);
  const guard = useDialogFormGuard(JSON.stringify(form) !== JSON.stringify(start), onClose);
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const attorneys = useAttorneys();
  const firms = useLawFirms();
  const invalidate = useInvalidateConflicts(caseId);
  const set = (patch: Partial<PartyBody>) => setForm((f) => ({ ...f, ...patch }));
  const picked = Boolean(form.attorneyId || form.lawFirmId);
  const save = async () => {
    setBusy(true);
    try {
      const body = { ...form, name: picked ? undefined : form.name, claimNumber: form.claimNumber?.trim() || null };
      if (party) await updateParty(caseId, party, body);
      else await addParty(caseId, body);
      await invalidate();
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={guard.requestClose} title={party ? `Edit party ${party.name}` : 'Add party'} size="lg">
      {guard.question}
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Role" allowDeselect={false} data={roleData} value={form.role} onChange={(v) => v && set({ role: v as PartyBody['role'] })} />
          <TextInput label="Name" disabled={picked} value={picked ? '' : form.name ?? ''} error={refusal?.fields.name}
            placeholder={picked ? 'The picked attorney or law firm' : 'Person or organization'} onChange={(e) => set({ name: e.currentTarget.value })} />
          <Select label="Attorney" placeholder="Pick an attorney in Casebook" searchable clearable value={form.attorneyId}
            data={(attorneys.data?.attorneys ?? []).map((a) => ({ value: a.id, label: a.lawFirmName ? `${a.name} — ${a.lawFirmName}` : a.name }))}
            onChange={(v) => set({ attorneyId: v, lawFirmId: null, kind: v ? 'person' : form.kind })} />
          <Select label="Law firm" placeholder="Pick a law firm in Casebook" searchable clearable value={form.lawFirmId}
            data={(firms.data?.lawFirms ?? []).map((f) => ({ value: f.id, label: f.name }))}
            onChange={(v) => set({ lawFirmId: v, attorneyId: null })} />
          <TextInput label="Claim number" value={form.claimNumber ?? ''} error={refusal?.fields.claimNumber}
            onChange={(e) => set({ claimNumber: e.currentTarget.value })} />
          <TextInput label="Notes" value={form.notes} error={refusal?.fields.notes} onChange={(e) => set({ notes: e.currentTarget.value })} />
        </SimpleGrid>
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={save} loading={busy}>{party ? 'Save party' : 'Add party'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Who else is in the case: clients, counsel, plaintiffs, defendants, insurers… Adding one runs the conflict check again. */
export function PartiesSection({ caseId, canEdit }: { caseId: string; canEdit: boolean }) {
  const parties = useParties(caseId);
  useQuerySettled(parties);
  const invalidate = useInvalidateConflicts(caseId);
  const [editing, setEditing] = useState<{ party: TParty | null } | null>(null);
  const remove = async (p: TParty) => {
    try {
      await removeParty(caseId, p.id);
      await invalidate();
    } catch (error) {
      reportError(error, { screen: 'case', action: 'remove-party' });
    }
  };
  const list = parties.data?.parties ?? [];
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3}>Parties</Title>
        {canEdit && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ party: null })}>Add party</Button>}
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing="xs" aria-label="Parties">
          <Table.Thead><Table.Tr><Table.Th>Role</Table.Th><Table.Th>Name</Table.Th><Table.Th>Claim number</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {list.length === 0 && <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">No parties yet.</Text></Table.Td></Table.Tr>}
            {list.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{ROLE_LABELS[p.role]}</Table.Td><Table.Td>{p.name}</Table.Td><Table.Td>{p.claimNumber ?? '—'}</Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setEditing({ party: p })} aria-label={`Edit ${p.name}`}>Edit</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove(p)} aria-label={`Remove ${p.name}`}>Remove</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <PartyModal caseId={caseId} party={editing.party} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
