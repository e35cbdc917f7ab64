import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TConflictCheck } from '../../../core/api/conflicts.ts';
import { PARTY_ROLES, ROLE_LABELS, type TPartyRole } from '../../../core/conflict-sides.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { HitsTable } from './conflict-hits.tsx';
import { runIntakeCheck } from './conflicts-api.ts';
import type { CaseForm } from './forms.ts';

/** What the new case brings to the conflict check before it exists (issue 39): its parties and the loss address. */
export interface IntakeState { parties: { role: TPartyRole; name: string }[]; lossAddress: string; check: TConflictCheck | null }
export const emptyIntake: IntakeState = { parties: [{ role: 'insurer', name: '' }], lossAddress: '', check: null };

const roleData = PARTY_ROLES.filter((r) => r !== 'client').map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The parties as the case create sends them: rows with a name. */
export const intakeParties = (s: IntakeState) => s.parties.filter((p) => p.name.trim()).map((p) => ({ role: p.role, name: p.name.trim() }));

export function IntakeCheck({ clientName, kase, value, onChange }: {
  clientName: string; kase: CaseForm; value: IntakeState; onChange(next: IntakeState): void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const setParty = (i: number, patch: Partial<IntakeState['parties'][number]>) =>
    onChange({ ...value, check: null, parties: value.parties.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const run = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const check = await runIntakeCheck({
        clientName: clientName.trim() || null, retainedSide: kase.retainedSide, parties: intakeParties(value),
        claimNumbers: [kase.claimNumber, kase.policyNumber].filter((c) => c.trim()),
        lossAddresses: value.lossAddress.trim() ? [value.lossAddress] : [],
      });
      onChange({ ...value, check });
    } catch (error) {
      setRefusal(readRefusal(error, []));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4}>Parties and conflict check</Title>
      <Text size="sm" c="dimmed">Who else is in the case. The check looks for them, the client, the claim and policy numbers and the loss address in every earlier case.</Text>
      {value.parties.map((p, i) => (
        <Group key={i} align="flex-end" wrap="nowrap">
          <Select label={`Party ${i + 1} role`} allowDeselect={false} data={roleData} value={p.role} w={190}
            onChange={(v) => v && setParty(i, { role: v as TPartyRole })} />
          <TextInput label={`Party ${i + 1} name`} style={{ flex: 1 }} value={p.name} onChange={(e) => setParty(i, { name: e.currentTarget.value })} />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove party ${i + 1}`}
            onClick={() => onChange({ ...value, check: null, parties: value.parties.filter((_, j) => j !== i) })}><IconTrash size={16} /></ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="subtle" leftSection={<IconPlus size={16} />}
          onClick={() => onChange({ ...value, parties: [...value.parties, { role: 'defendant', name: '' }] })}>Add party</Button>
      </Group>
      <TextInput label="Loss address" description="The property's street address; the first project's address becomes it"
        value={value.lossAddress} onChange={(e) => onChange({ ...value, check: null, lossAddress: e.currentTarget.value })} />
      <RefusalAlert refusal={refusal} labels={{}} />
      <Group><Button variant="light" onClick={run} loading={busy}>Run conflict check</Button></Group>
      {value.check && (
        <Stack gap={4}>
          <Text fw={600}>{value.check.hits.length === 0 ? 'No earlier case matches.' : `${value.check.hits.length} ${value.check.hits.length === 1 ? 'match' : 'matches'} in earlier cases`}</Text>
          <HitsTable check={value.check} />
          <Text size="sm" c="dimmed">The check is kept with the case when you continue; record the decision on the case page.</Text>
        </Stack>
      )}
    </Stack>
  );
}
