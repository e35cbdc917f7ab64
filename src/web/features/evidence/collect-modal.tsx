import { Button, CloseButton, FileButton, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ZCollectItem, type TEvidenceItem } from '../../../core/api/evidence.ts';
import { DERIVATION_LABEL, type Derivation } from '../../../core/evidence/evidence.ts';
import { localItem } from '../../../core/evidence/evidence-local.ts';
import { newId } from '../../lib/new-id.ts';
import { formRefusal, readRefusal, type Refusal } from '../../lib/refusal.ts';
import { useDialogFormGuard } from '../../shared/unsaved-changes.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SignaturePad } from '../../ui/signature-pad.tsx';
import { queueCollect } from './api.ts';

const LABELS = {
  description: 'Description', category: 'Category', quantity: 'Quantity', condition: 'Condition', collectedPlace: 'Where collected',
  location: 'Location', custodian: 'Custodian', signature: 'Signature', collectedAt: 'Collected at',
};
type Field = keyof typeof LABELS;

/** The case an item is collected for, as its page names it. */
export interface CaseOf { id: string; fileNumber: string; name: string }
/** A result or remaining portion of a started destructive test: a new item linked to the item tested. */
export interface FromTest { testId: string; item: TEvidenceItem }

/**
 * Collect an item at the site: what it is, where it was found, where it goes, photos taken on the
 * spot and the collector's signature drawn on the screen; or record a result or remaining portion
 * of a destructive test (`fromTest`). Saved through the outbox (docs/decisions/144): with or without
 * a connection, the item shows at once and its collection and photos are sent in order. The ids are
 * made once per open form, so a retried save is the same item. What was typed stays through any refusal, and
 * closing the form (Escape, a click outside, Cancel, a link, a reload) asks first once anything was entered
 * (docs/decisions/223): the photos and signature taken at the site are not dropped unasked.
 */
export function CollectModal({ caseOf, user, fromTest, onClose, onCollected }: {
  caseOf: CaseOf; user: { id: string; displayName: string }; fromTest?: FromTest; onClose(): void; onCollected(itemId: string): void;
}) {
  const [ids] = useState(() => ({ item: newId(), entry: newId() }));
  const client = useQueryClient();
  const [derivation, setDerivation] = useState<Derivation>('result');
  const [blank] = useState(() => ({
    description: '', category: '', quantity: 1, condition: '', collectedPlace: '', location: fromTest?.item.location ?? '',
    custodian: fromTest?.item.custodian || user.displayName,
  }));
  const [form, setForm] = useState(blank);
  const [photos, setPhotos] = useState<File[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(blank) || photos.length > 0 || signature !== null;
  const guard = useDialogFormGuard(dirty, onClose);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const save = async () => {
    const parsed = ZCollectItem.safeParse({
      ...form, caseId: caseOf.id, collectedAt: new Date().toISOString(), entryId: ids.entry, signature: signature ?? '',
      derivedFrom: fromTest ? { testId: fromTest.testId, derivation } : null,
    });
    if (!parsed.success) {
      const fields: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0]) as Field] ??= issue.message;
      setRefusal({ ...formRefusal(fields), message: parsed.error.issues[0]!.message });
      return;
    }
    setBusy(true);
    try {
      const parent = fromTest ? { id: fromTest.item.id, tag: fromTest.item.tag, description: fromTest.item.description } : null;
      const local = localItem({ id: ids.item, input: parsed.data, collectorName: user.displayName, caseFileNumber: caseOf.fileNumber, caseName: caseOf.name, parent });
      await queueCollect({ userId: user.id, client, input: parsed.data, local, photos });
      onCollected(ids.item);
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS) as Field[]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={guard.requestClose} title={fromTest ? `Record a result or remaining portion of ${fromTest.item.tag}` : 'Collect evidence item'} size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}>
      {guard.question}
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
          <Group justify="space-between">
            <FormLabel text="Photos" />
            <FileButton multiple accept="image/*" capture="environment" onChange={(files) => setPhotos((p) => [...p, ...files])}>
              {(props) => <Button size="xs" variant="default" {...props}>Add photo</Button>}
            </FileButton>
          </Group>
          {photos.length === 0 ? <Text size="sm" c="dimmed">No photos yet.</Text> : photos.map((p, i) => (
            <Group key={`${p.name}-${i}`} gap={4}>
              <Text size="sm">{p.name}</Text>
              <CloseButton size="sm" aria-label={`Remove ${p.name}`} onClick={() => setPhotos((all) => all.filter((_, j) => j !== i))} />
            </Group>
          ))}
        </div>
        <div>
          <FormLabel text={fromTest ? 'Signature of the one recording it' : 'Signature of the collector'} />
          <SignaturePad onChange={setSignature} />
        </div>
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={busy}>{fromTest ? 'Record new item' : 'Collect item'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FormLabel({ text }: { text: string }) {
  return <div style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, marginBottom: 4 }}>{text}</div>;
}
