import {
  ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title,
} from '@mantine/core';
import { IconBell, IconCalendarEvent, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { TChainStep, TChainTemplate, TChainTemplateInput, TReminderSettings } from '../../../core/api/deadlines.ts';
import {
  DEADLINE_KINDS, DEADLINE_KIND_LABELS, DEADLINE_SOURCES, DEADLINE_SOURCE_LABELS, TRIGGER_STEP, stepRuleText, type DeadlineKind,
} from '../../../core/calendar/deadlines.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { useVersionedSettingsForm } from '../../shared/versioned-settings-form.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useChainTemplates, useReminderSettings, useRemoveTemplate, useSaveReminderSettings, useSaveTemplate } from './api.ts';

// Settings → Deadlines (issue 41, docs/decisions/132, 133): the firm's reminder steps and its
// deadline chain templates (admins).

const kindData = DEADLINE_KINDS.map((k) => ({ value: k, label: DEADLINE_KIND_LABELS[k] }));
const sourceData = DEADLINE_SOURCES.map((s) => ({ value: s, label: DEADLINE_SOURCE_LABELS[s] }));
const directionData = [{ value: 'before', label: 'before' }, { value: 'after', label: 'after' }];

/** "14, 7, 3, 1" → [14, 7, 3, 1]; null when a part is not a whole number. */
function readDays(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.every((p) => /^\d+$/.test(p))) return null;
  return parts.map(Number);
}

function ReminderStepsForm({ saved, reload }: { saved: TReminderSettings; reload(): void }) {
  const save = useSaveReminderSettings();
  const server = useMemo(() => ({ reminderDays: saved.reminderDays }), [saved.reminderDays]);
  const { draft, dirty, saved: done, set, submit } = useVersionedSettingsForm({ server, version: saved.version, save, reload });
  const [text, setText] = useState(saved.reminderDays.join(', '));
  const unreadable = readDays(text) === null;
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={620}>
        <TextInput label="Days before a deadline" value={text} w={260}
          description="Each deadline's assignee gets a reminder in Casebook and by e-mail on each of these days, once. Leave it empty for none."
          error={unreadable ? 'Whole numbers of days, separated by commas' : undefined}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            const days = readDays(value);
            if (days) set({ reminderDays: days });
          }} />
        <Text size="sm" c="dimmed">
          {draft.reminderDays.length ? `Reminders ${[...new Set(draft.reminderDays)].sort((a, b) => b - a).join(', ')} days before each deadline.` : 'No reminders.'}
        </Text>
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty || unreadable}>Save reminder steps</Button>
          {done && <Text size="sm" c="teal" role="status">Reminder steps saved.</Text>}
        </Group>
      </Stack>
    </form>
  );
}

const TEMPLATE_FIELDS = ['name', 'triggerLabel', 'triggerKind', 'steps'] as const;
type TemplateField = (typeof TEMPLATE_FIELDS)[number];

let nextKey = 0;
const newKey = () => `step-${Date.now().toString(36)}-${++nextKey}`;

function TemplateModal({ template, onClose }: { template: TChainTemplate | null; onClose(): void }) {
  const save = useSaveTemplate();
  const [form, setForm] = useState<TChainTemplateInput>(template
    ? { name: template.name, triggerLabel: template.triggerLabel, triggerKind: template.triggerKind, steps: template.steps }
    : {
      name: '', triggerLabel: 'Trial date', triggerKind: 'trial',
      steps: [{ key: newKey(), label: 'Expert disclosure', kind: 'expert_disclosure', source: 'rule', days: 90, direction: 'before', from: TRIGGER_STEP }],
    });
  const [refusal, setRefusal] = useState<Refusal<TemplateField> | null>(null);
  const setStep = (i: number, patch: Partial<TChainStep>) =>
    setForm((f) => ({ ...f, steps: f.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
  const removeStep = (i: number) => setForm((f) => {
    const gone = f.steps[i]!.key;
    return { ...f, steps: f.steps.filter((_, j) => j !== i).map((s) => (s.from === gone ? { ...s, from: TRIGGER_STEP } : s)) };
  });
  const addStep = () => setForm((f) => ({
    ...f,
    steps: [...f.steps, { key: newKey(), label: '', kind: 'other', source: 'rule', days: 30, direction: 'after', from: f.steps.at(-1)?.key ?? TRIGGER_STEP }],
  }));
  const submit = () => save.mutate({ template, body: form }, {
    onSuccess: onClose,
    onError: (error) => setRefusal(readRefusal(error, TEMPLATE_FIELDS)),
  });
  const nameOf = (key: string) => (key === TRIGGER_STEP ? form.triggerLabel || 'the trigger' : form.steps.find((s) => s.key === key)?.label || 'a step');
  return (
    <Modal opened onClose={onClose} title={template ? `Edit chain ${template.name}` : 'New chain'} size={1120}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Name" withAsterisk value={form.name} error={refusal?.fields.name} placeholder="Federal expert disclosure"
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          <TextInput label="Trigger" withAsterisk value={form.triggerLabel} error={refusal?.fields.triggerLabel} placeholder="Trial date"
            onChange={(e) => setForm({ ...form, triggerLabel: e.currentTarget.value })} />
          <Select label="Trigger's kind" allowDeselect={false} data={kindData} value={form.triggerKind}
            onChange={(v) => v && setForm({ ...form, triggerKind: v as DeadlineKind })} />
        </SimpleGrid>
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing={4} aria-label="Steps">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={200}>Step</Table.Th><Table.Th miw={190}>Kind</Table.Th><Table.Th w={100}>Days</Table.Th><Table.Th w={110} />
                <Table.Th miw={190}>From</Table.Th><Table.Th miw={150}>Source</Table.Th><Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.steps.map((s, i) => (
                <Table.Tr key={s.key}>
                  <Table.Td><TextInput aria-label={`Step ${i + 1} name`} value={s.label} onChange={(e) => setStep(i, { label: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><Select aria-label={`Step ${i + 1} kind`} allowDeselect={false} data={kindData} value={s.kind} onChange={(v) => v && setStep(i, { kind: v as DeadlineKind })} /></Table.Td>
                  <Table.Td><NumberInput aria-label={`Step ${i + 1} days`} min={0} max={3650} allowDecimal={false} value={s.days} onChange={(v) => setStep(i, { days: Number(v) || 0 })} /></Table.Td>
                  <Table.Td><Select aria-label={`Step ${i + 1} before or after`} allowDeselect={false} data={directionData} value={s.direction} onChange={(v) => v && setStep(i, { direction: v as TChainStep['direction'] })} /></Table.Td>
                  <Table.Td>
                    <Select aria-label={`Step ${i + 1} counted from`} allowDeselect={false} value={s.from}
                      data={[{ value: TRIGGER_STEP, label: form.triggerLabel || 'The trigger' }, ...form.steps.slice(0, i).map((p) => ({ value: p.key, label: p.label || 'A step' }))]}
                      onChange={(v) => v && setStep(i, { from: v })} />
                  </Table.Td>
                  <Table.Td><Select aria-label={`Step ${i + 1} source`} allowDeselect={false} data={sourceData} value={s.source} onChange={(v) => v && setStep(i, { source: v as TChainStep['source'] })} /></Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove step ${i + 1}`} disabled={form.steps.length === 1} onClick={() => removeStep(i)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">{form.steps.map((s) => `${s.label || 'A step'}: ${stepRuleText(s, nameOf)}`).join(' · ')}</Text>
        <Group><Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addStep}>Add step</Button></Group>
        <RefusalAlert refusal={refusal} labels={{ name: 'Name', triggerLabel: 'Trigger', triggerKind: "Trigger's kind", steps: 'Steps' }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} loading={save.isPending}>{template ? 'Save chain' : 'Create chain'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Templates() {
  const templates = useChainTemplates();
  const remove = useRemoveTemplate();
  const [editing, setEditing] = useState<{ template: TChainTemplate | null } | null>(null);
  const [removing, setRemoving] = useState<TChainTemplate | null>(null);
  const list = templates.data?.templates ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A chain computes a case's dates from its trigger. Days are counted as FRCP 6(a) counts them: a date that lands on a Saturday, a Sunday
        or a federal holiday moves to the next court day, or to the court day before when counted backward. A chain applied to a case keeps
        the steps it was applied with.
      </Text>
      {!templates.data && <LoadingBlock h={80} label="Loading chains" />}
      {list.map((t) => {
        const nameOf = (key: string) => (key === TRIGGER_STEP ? t.triggerLabel : t.steps.find((s) => s.key === key)?.label ?? key);
        return (
          <Group key={t.id} justify="space-between" wrap="nowrap" align="flex-start" data-chain-template={t.name}>
            <div>
              <Text fw={600}>{t.name}</Text>
              <Text size="sm" c="dimmed">{`Trigger: ${t.triggerLabel}. `}{t.steps.map((s) => `${s.label}: ${stepRuleText(s, nameOf)}`).join(' · ')}</Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <Button size="xs" variant="light" onClick={() => setEditing({ template: t })} aria-label={`Edit chain ${t.name}`}>Edit</Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(t)} aria-label={`Remove chain ${t.name}`}>Remove</Button>
            </Group>
          </Group>
        );
      })}
      {remove.error && <Alert color="red" role="alert">{remove.error.message}</Alert>}
      <Group><Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ template: null })}>New chain</Button></Group>
      {editing && <TemplateModal template={editing.template} onClose={() => setEditing(null)} />}
      <ConfirmModal opened={removing !== null} question={`Remove the chain ${removing?.name ?? ''}? Cases it was applied to keep their dates.`}
        confirmLabel="Remove chain" onYes={() => { if (removing) remove.mutate(removing.id); setRemoving(null); }} onNo={() => setRemoving(null)} />
    </Stack>
  );
}

/** Settings → Deadlines: the reminder steps and the chain templates. */
export function DeadlinesSettingsSection() {
  const settings = useReminderSettings();
  return (
    <SettingsCard id="deadlines" icon={IconCalendarEvent} title="Deadlines" gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="deadline-reminders-title">
        <Group gap="xs"><IconBell size={18} /><Title order={4} id="deadline-reminders-title">Reminders</Title></Group>
        {settings.error && <Alert color="red" role="alert">{settings.error.message}</Alert>}
        {!settings.data && !settings.error && <LoadingBlock h={100} label="Loading reminder steps" />}
        {settings.data && <ReminderStepsForm saved={settings.data} reload={() => void settings.refetch()} />}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="deadline-chains-title">
        <Group gap="xs"><IconLink size={18} /><Title order={4} id="deadline-chains-title">Chains</Title></Group>
        <Templates />
      </Stack>
    </SettingsCard>
  );
}
