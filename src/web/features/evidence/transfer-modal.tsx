import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TEvidenceItem } from '../../../core/api/evidence.ts';
import { CUSTODY_KIND_LABEL, MOVEMENT_KINDS, type MovementKind } from '../../../core/evidence/evidence.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { useDialogFormGuard } from '../../shared/unsaved-changes.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SignaturePad } from '../../ui/signature-pad.tsx';
import { queueEntry } from './api.ts';

const LABELS = { to: 'To', location: 'Location', purpose: 'Purpose', signedByName: 'Signed by', signature: 'Signature' };
type Field = keyof typeof LABELS;

/**
 * A transfer: to whom (or where), why, and the signature of the one who signs for it. Handed to the
 * outbox, so it is kept on the device and sent in order whether or not there is a connection now.
 */
export function TransferModal({ item, userId, signer, onClose, correcting }: {
  item: TEvidenceItem; userId: string; signer: string; onClose(): void; correcting?: { id: string; seq: number } | null;
}) {
  const [kind, setKind] = useState<MovementKind | 'correction'>(correcting ? 'correction' : 'released');
  const [blank] = useState(() => ({ to: '', location: '', purpose: '', signedByName: signer }));
  const [form, setForm] = useState(blank);
  const [signature, setSignature] = useState<string | null>(null);
  // Closing with anything entered asks first: the signature drawn is not dropped unasked (docs/decisions/223).
  const dirty = JSON.stringify(form) !== JSON.stringify(blank) || signature !== null;
  const guard = useDialogFormGuard(dirty, onClose);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    const problems: Partial<Record<Field, string>> = {};
    if (!signature) problems.signature = 'Please sign on the screen to record this entry.';
    if (kind !== 'correction' && kind !== 'moved' && !form.to.trim()) problems.to = 'To is required';
    if (kind === 'moved' && !form.location.trim()) problems.location = 'Location is required';
    if (kind === 'correction' && !form.purpose.trim()) problems.purpose = 'Say what the correction is';
    if (Object.keys(problems).length) {
      setRefusal({ message: Object.values(problems)[0]!, fields: problems, rule: null, seq: Date.now() });
      return;
    }
    try {
      await queueEntry({ userId, item, body: {
        kind, at: new Date().toISOString(), from: kind === 'correction' ? '' : item.custodian, ...form, correctsId: correcting?.id ?? null, signature: signature!,
      } });
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS) as Field[]));
    }
  };
  return (
    <Modal opened onClose={guard.requestClose} title={correcting ? `Correct entry ${correcting.seq} of ${item.tag}` : `Transfer ${item.tag}`} size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}>
      {guard.question}
      <Stack gap="sm">
        {!correcting && (
          <Select label="Movement" allowDeselect={false} value={kind} onChange={(v) => v && setKind(v as MovementKind)}
            data={MOVEMENT_KINDS.map((k) => ({ value: k, label: CUSTODY_KIND_LABEL[k] }))} />
        )}
        {!correcting && <Text size="sm">From: {item.custodian || '—'}</Text>}
        {kind !== 'correction' && <TextInput label="To" value={form.to} error={refusal?.fields.to} onChange={(e) => set({ to: e.currentTarget.value })} />}
        {kind !== 'correction' && (
          <TextInput label="Location" value={form.location} error={refusal?.fields.location} onChange={(e) => set({ location: e.currentTarget.value })} />
        )}
        <TextInput label={kind === 'correction' ? 'Correction' : 'Purpose'} value={form.purpose} error={refusal?.fields.purpose}
          onChange={(e) => set({ purpose: e.currentTarget.value })} />
        <TextInput label="Signed by" value={form.signedByName} error={refusal?.fields.signedByName} onChange={(e) => set({ signedByName: e.currentTarget.value })} />
        <SignaturePad onChange={setSignature} />
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={save}>{correcting ? 'Record correction' : 'Record transfer'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
