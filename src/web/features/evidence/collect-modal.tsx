import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { TEvidenceItem } from '../../../core/api/evidence.ts';
import { DERIVATION_LABEL, type Derivation } from '../../../core/evidence.ts';
import { newId } from '../../lib/new-id.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SignaturePad } from '../../ui/signature-pad.tsx';
import { collectItem, useInvalidateEvidence, type CollectBody } from './api.ts';

const LABELS = {
  description: 'Description', category: 'Category', quantity: 'Quantity', condition: 'Condition', collectedPlace: 'Where collected',
  location: 'Location', custodian: 'Custodian', signature: 'Signature', collectedAt: 'Collected at',
};
type Field = keyof typeof LABELS;

/** A result or remaining portion of a started destructive test: a new item linked to the item tested. */
export interface FromTest { testId: string; item: { tag: string; location: string; custodian: string } }

/**
 * Collect an item at the site: what it is, where it was found, where it goes, and the collector's
 * signature drawn on the screen; or record a result or remaining portion of a destructive test
 * (`fromTest`). The item's id is made once per open form, so a retried save is the same item. What
 * was typed stays through any refusal.
 */
export function CollectModal({ caseId, custodian, fromTest, onClose, onCollected }: {
  caseId: string; custodian: string; fromTest?: FromTest; onClose(): void; onCollected(item: TEvidenceItem): void;
}) {
  const [id] = useState(newId);
  const [derivation, setDerivation] = useState<Derivation>('result');
  const [form, setForm] = useState({
    description: '', category: '', quantity: 1, condition: '', collectedPlace: '', location: fromTest?.item.location ?? '', custodian: fromTest?.item.custodian || custodian,
  });
  const [signature, setSignature] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateEvidence();
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    setBusy(true);
    try {
      const body: CollectBody = {
        ...form, caseId, collectedAt: new Date().toISOString(), signature: signature ?? '', derivedFrom: fromTest ? { testId: fromTest.testId, derivation } : null,
      };
      const item = await collectItem(id, body);
      await invalidate();
      onCollected(item);
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS) as Field[]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={fromTest ? `Record a result or remaining portion of ${fromTest.item.tag}` : 'Collect evidence item'} size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}>
      <Stack gap="sm">
        {fromTest && (
          <SegmentedControl aria-label="Recorded as" value={derivation} onChange={(v) => setDerivation(v as Derivation)}
            data={Object.entries(DERIVATION_LABEL).map(([value, label]) => ({ value, label }))} />
        )}
        <Textarea label="Description" required autosize minRows={2} value={form.description} error={refusal?.fields.description}
          onChange={(e) => set({ description: e.currentTarget.value })} />
        <Group grow>
          <TextInput label="Category" value={form.category} onChange={(e) => set({ category: e.currentTarget.value })} />
          <NumberInput label="Quantity" min={1} value={form.quantity} error={refusal?.fields.quantity}
            onChange={(v) => set({ quantity: typeof v === 'number' ? v : 1 })} />
        </Group>
        <TextInput label="Condition" value={form.condition} onChange={(e) => set({ condition: e.currentTarget.value })} />
        <TextInput label={fromTest ? 'Where it was made' : 'Where collected'} value={form.collectedPlace} onChange={(e) => set({ collectedPlace: e.currentTarget.value })} />
        <Group grow>
          <TextInput label="Location" placeholder="Where it is kept now" value={form.location} onChange={(e) => set({ location: e.currentTarget.value })} />
          <TextInput label="Custodian" value={form.custodian} onChange={(e) => set({ custodian: e.currentTarget.value })} />
        </Group>
        <div>
          <TextInputLabel text={fromTest ? 'Signature of the one recording it' : 'Signature of the collector'} />
          <SignaturePad onChange={setSignature} />
        </div>
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={busy}>{fromTest ? 'Record new item' : 'Collect item'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TextInputLabel({ text }: { text: string }) {
  return <div style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, marginBottom: 4 }}>{text}</div>;
}
