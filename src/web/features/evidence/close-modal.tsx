import { Button, FileInput, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TEvidenceItem } from '../../../core/api/evidence.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { useDialogFormGuard } from '../../shared/unsaved-changes.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SignaturePad } from '../../ui/signature-pad.tsx';
import { closeItem, useInvalidateEvidence } from './api.ts';

const LABELS = { to: 'Returned to', purpose: 'Note', authorizedBy: 'Authorized by', authorizedAt: 'Authorized on', documentId: 'Authorization document', signature: 'Signature' };
type Field = keyof typeof LABELS;

/** Return or disposal (admins): who authorized it, when, the document; the item is read-only afterwards. */
export function CloseModal({ item, signer, onClose }: { item: TEvidenceItem; signer: string; onClose(): void }) {
  const [kind, setKind] = useState<'returned' | 'disposed'>('returned');
  const [blank] = useState(() => ({ to: '', purpose: '', authorizedBy: '', authorizedAt: new Date().toISOString().slice(0, 10) }));
  const [form, setForm] = useState(blank);
  const [document, setDocument] = useState<File | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  // Closing with anything entered asks first: the signature drawn is not dropped unasked (docs/decisions/223).
  const dirty = JSON.stringify(form) !== JSON.stringify(blank) || document !== null || signature !== null;
  const guard = useDialogFormGuard(dirty, onClose);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateEvidence();
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    setBusy(true);
    try {
      const at = form.authorizedAt ? new Date(`${form.authorizedAt}T12:00:00`).toISOString() : '';
      await closeItem(item.id, { kind, ...form, authorizedAt: at, signedByName: signer, signature: signature ?? '' }, document);
      await invalidate();
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS) as Field[]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={guard.requestClose} title={`Return or dispose of ${item.tag}`} size="lg">
      {guard.question}
      <Stack gap="sm">
        <SegmentedControl value={kind} onChange={(v) => setKind(v as typeof kind)} data={[{ value: 'returned', label: 'Returned' }, { value: 'disposed', label: 'Disposed of' }]} />
        {kind === 'returned' && <TextInput label="Returned to" value={form.to} onChange={(e) => set({ to: e.currentTarget.value })} />}
        <TextInput label="Authorized by" value={form.authorizedBy} error={refusal?.fields.authorizedBy} onChange={(e) => set({ authorizedBy: e.currentTarget.value })} />
        <TextInput label="Authorized on" type="date" value={form.authorizedAt} error={refusal?.fields.authorizedAt} onChange={(e) => set({ authorizedAt: e.currentTarget.value })} />
        <FileInput label="Authorization document" accept="application/pdf,image/jpeg,image/png" value={document} onChange={setDocument}
          error={refusal?.fields.documentId} clearable />
        <TextInput label="Note" value={form.purpose} onChange={(e) => set({ purpose: e.currentTarget.value })} />
        <SignaturePad onChange={setSignature} />
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button color="red" loading={busy} onClick={() => void save()}>{kind === 'returned' ? 'Record return' : 'Record disposal'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
