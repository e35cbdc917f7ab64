import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useState } from 'react';
import type { TConflictCheck } from '../../../core/api/conflicts.ts';
import { PARTY_ROLES, ROLE_LABELS, type TPartyRole } from '../../../core/cases/conflict-sides.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { useLatestCallback } from '../../lib/stable-props.ts';
import { FormSelect, FormTextInput } from '../../ui/form-inputs.tsx';
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

type Party = IntakeState['parties'][number];
// On a phone the role takes its own line, and the name the next one with its remove button; wider,
// all three share one line.
const PARTY_NAME_STYLE = { flex: 1, minWidth: 180 };
const PARTY_ROLE_WIDTH = { base: '100%', xs: 190 };

/** One party's row; it renders again only when its party changes, not at each key typed in another row. */
const PartyRow = memo(function PartyRow({ index, party, onChange, onRemove }: {
  index: number; party: Party; onChange(index: number, patch: Partial<Party>): void; onRemove(index: number): void;
}) {
  const n = index + 1;
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <FormSelect label={`Party ${n} role`} allowDeselect={false} data={roleData} value={party.role} w={PARTY_ROLE_WIDTH}
        onChange={(v) => v && onChange(index, { role: v as TPartyRole })} />
      <FormTextInput label={`Party ${n} name`} style={PARTY_NAME_STYLE} value={party.name} onChange={(e) => onChange(index, { name: e.currentTarget.value })} />
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove party ${n}`} onClick={() => onRemove(index)}><IconTrash size={16} /></ActionIcon>
    </Group>
  );
});

export function IntakeCheck({ clientName, kase, value, onChange }: {
  clientName: string; kase: CaseForm; value: IntakeState; onChange(next: IntakeState): void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const setParty = useLatestCallback((i: number, patch: Partial<Party>) =>
    onChange({ ...value, check: null, parties: value.parties.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));
  const removeParty = useLatestCallback((i: number) => onChange({ ...value, check: null, parties: value.parties.filter((_, j) => j !== i) }));
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
      {value.parties.map((p, i) => <PartyRow key={i} index={i} party={p} onChange={setParty} onRemove={removeParty} />)}
      <Group>
        <Button variant="subtle" leftSection={<IconPlus size={16} />}
          onClick={() => onChange({ ...value, parties: [...value.parties, { role: 'defendant', name: '' }] })}>Add party</Button>
      </Group>
      <FormTextInput label="Loss address" description="The property's street address; the first project's address becomes it"
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
