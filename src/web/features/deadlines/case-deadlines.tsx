import { Alert, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TCaseChain, TCaseDeadlines, TDeadline, TDeadlineInput } from '../../../core/api/deadlines.ts';
import {
  DEADLINE_KINDS, DEADLINE_KIND_LABELS, DEADLINE_MESSAGES, DEADLINE_SOURCES, DEADLINE_SOURCE_LABELS, TRIGGER_STEP, longDate, stepRuleText,
  type DeadlineKind, type DeadlineSource,
} from '../../../core/calendar/deadlines.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { reportError } from '../../lib/error-store.ts';
import { formRefusal, readRefusal, type Refusal } from '../../lib/refusal.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import {
  addDeadline, applyChain, followChain, moveTrigger, removeChain, removeDeadline, updateDeadline, useAssignableUsers, useCaseDeadlineWrite,
  useCaseDeadlines, useChainTemplates,
} from './api.ts';
import { useQuerySettled } from '../../ui/settle-together.tsx';
import { useDialogFormGuard } from '../../shared/unsaved-changes.tsx';

// The case page's deadlines (issue 41, docs/decisions/132): each with its date, kind, source,
// assignee and notes; the chains applied to the case with their trigger; dates the court's rules
// moved say why, dates set by hand say so.

const FIELDS = ['title', 'kind', 'source', 'dueDate', 'assigneeId', 'notes'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = { title: 'Title', kind: 'Kind', source: 'Source', dueDate: 'Date', assigneeId: 'Assignee', notes: 'Notes' };
const kindData = DEADLINE_KINDS.map((k) => ({ value: k, label: DEADLINE_KIND_LABELS[k] }));
const sourceData = DEADLINE_SOURCES.map((s) => ({ value: s, label: DEADLINE_SOURCE_LABELS[s] }));

type Write = ReturnType<typeof useCaseDeadlineWrite>;
const DATE_FORMAT = 'Enter the date as MM/DD/YYYY';

function AssigneeSelect({ value, onChange, error }: { value: string | null; onChange(v: string | null): void; error?: string }) {
  const people = useAssignableUsers();
  return (
    <Select label="Assignee" placeholder="Nobody yet" clearable searchable value={value} error={error}
      data={(people.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))} onChange={onChange} />
  );
}

function DeadlineModal({ caseId, deadline, chain, write, onClose }: {
  caseId: string; deadline: TDeadline | null; chain: TCaseChain | null; write: Write; onClose(): void;
}) {
  const [start] = useState(() => ({
    title: deadline?.title ?? '', kind: (deadline?.kind ?? 'report_due') as DeadlineKind, source: (deadline?.source ?? 'court_order') as DeadlineSource,
    date: formatUsDate(deadline?.dueDate ?? ''), assigneeId: deadline?.assigneeId ?? null, notes: deadline?.notes ?? '',
  }));
  const [form, setForm] = useState(start);
  const guard = useDialogFormGuard(JSON.stringify(form) !== JSON.stringify(start), onClose);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const isTrigger = deadline?.chainStep === TRIGGER_STEP;
  const save = async () => {
    const dueDate = toIsoDate(form.date);
    if (!dueDate) {
      setRefusal(formRefusal({ dueDate: DATE_FORMAT }));
      return;
    }
    const body: TDeadlineInput = { title: form.title, kind: form.kind, source: form.source, dueDate, assigneeId: form.assigneeId, notes: form.notes };
    setBusy(true);
    try {
      await write(() => (deadline ? updateDeadline(deadline, body) : addDeadline(caseId, body)));
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={guard.requestClose} title={deadline ? `Edit ${deadline.title}` : 'Add deadline'} size="lg">
      {guard.question}
      <Stack>
        {isTrigger && chain && <Alert color="indigo" p="sm">{`${chain.name}: ${DEADLINE_MESSAGES.triggerDateHint}`}</Alert>}
        {deadline?.chainId && !isTrigger && (
          <Alert color="gray" p="sm">
            {`The chain gives ${formatUsDate(deadline.chainDate)}. Another date is kept as set by hand: moving the trigger leaves it.`}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Kind" allowDeselect={false} data={kindData} value={form.kind} error={refusal?.fields.kind}
            onChange={(v) => v && set({ kind: v as DeadlineKind })} />
          <TextInput label="Title" placeholder={DEADLINE_KIND_LABELS[form.kind]} value={form.title} error={refusal?.fields.title}
            onChange={(e) => set({ title: e.currentTarget.value })} />
          <SmartDateInput label="Date" withAsterisk value={form.date} error={refusal?.fields.dueDate} onChange={(date) => set({ date })} />
          <Select label="Source" allowDeselect={false} data={sourceData} value={form.source} error={refusal?.fields.source}
            onChange={(v) => v && set({ source: v as DeadlineSource })} />
          <AssigneeSelect value={form.assigneeId} error={refusal?.fields.assigneeId} onChange={(assigneeId) => set({ assigneeId })} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} value={form.notes} error={refusal?.fields.notes} onChange={(e) => set({ notes: e.currentTarget.value })} />
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={save} loading={busy}>{deadline ? 'Save deadline' : 'Add deadline'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const CHAIN_FIELDS = ['templateId', 'triggerDate', 'assigneeId'] as const;
type ChainField = (typeof CHAIN_FIELDS)[number];

function ApplyChainModal({ caseId, write, onClose }: { caseId: string; write: Write; onClose(): void }) {
  const templates = useChainTemplates();
  const list = templates.data?.templates ?? [];
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal<ChainField> | null>(null);
  const [busy, setBusy] = useState(false);
  const template = list.find((t) => t.id === (templateId ?? list[0]?.id));
  const save = async () => {
    const triggerDate = toIsoDate(date);
    if (!template || !triggerDate) {
      setRefusal(formRefusal<ChainField>(template ? { triggerDate: DATE_FORMAT } : { templateId: 'Choose a chain' }));
      return;
    }
    setBusy(true);
    try {
      await write(() => applyChain(caseId, { templateId: template.id, triggerDate, assigneeId }));
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, CHAIN_FIELDS));
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (key: string) => (key === TRIGGER_STEP ? template?.triggerLabel : template?.steps.find((s) => s.key === key)?.label) ?? key;
  return (
    <Modal opened onClose={onClose} title="Apply a chain" size="lg">
      <Stack>
        <Select label="Chain" allowDeselect={false} data={list.map((t) => ({ value: t.id, label: t.name }))} value={template?.id ?? null}
          error={refusal?.fields.templateId} onChange={setTemplateId} />
        {template && (
          <Text size="sm" c="dimmed">
            {template.steps.map((s) => `${s.label}: ${stepRuleText(s, nameOf)}`).join(' · ')}. Dates that land on a Saturday, a Sunday or a federal
            holiday move to the next court day (the one before, when counted backward).
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SmartDateInput label={template?.triggerLabel ?? 'Trigger date'} withAsterisk value={date} error={refusal?.fields.triggerDate} onChange={setDate} />
          <AssigneeSelect value={assigneeId} error={refusal?.fields.assigneeId} onChange={setAssigneeId} />
        </SimpleGrid>
        <RefusalAlert refusal={refusal} labels={{ templateId: 'Chain', triggerDate: template?.triggerLabel ?? 'Trigger date', assigneeId: 'Assignee' }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={busy} disabled={!template}>Apply chain</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MoveTriggerModal({ chain, write, onClose }: { chain: TCaseChain; write: Write; onClose(): void }) {
  const [date, setDate] = useState(formatUsDate(chain.triggerDate));
  const [refusal, setRefusal] = useState<Refusal<'triggerDate'> | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const triggerDate = toIsoDate(date);
    if (!triggerDate) {
      setRefusal(formRefusal({ triggerDate: DATE_FORMAT }));
      return;
    }
    setBusy(true);
    try {
      await write(() => moveTrigger(chain.id, { triggerDate, version: chain.version }));
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, ['triggerDate'] as const));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Move ${chain.triggerLabel.toLowerCase()}: ${chain.name}`}>
      <Stack>
        <Text size="sm">{DEADLINE_MESSAGES.triggerDateHint}</Text>
        <SmartDateInput label={chain.triggerLabel} withAsterisk value={date} error={refusal?.fields.triggerDate} onChange={setDate} />
        <RefusalAlert refusal={refusal} labels={{ triggerDate: chain.triggerLabel }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={busy}>Move the chain</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DateCell({ d }: { d: TDeadline }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{longDate(d.dueDate)}</Text>
      {d.setByHand && d.chainDate && (
        <Tooltip label={DEADLINE_MESSAGES.setByHandHint(d.chainDate)} multiline w={260}>
          <Badge color="yellow" variant="light" size="sm" w="fit-content">{DEADLINE_MESSAGES.setByHand}</Badge>
        </Tooltip>
      )}
      {!d.setByHand && d.landedOn && d.movedBecause && (
        <Text size="xs" c="dimmed">{DEADLINE_MESSAGES.moved(d.landedOn, d.movedBecause, d.dueDate)}</Text>
      )}
    </Stack>
  );
}

/** The case's deadlines and chains (admins add, edit, apply chains and move triggers; everyone reads). */
export function CaseDeadlinesSection({ caseId, canEdit }: { caseId: string; canEdit: boolean }) {
  const data = useCaseDeadlines(caseId);
  useQuerySettled(data);
  const write = useCaseDeadlineWrite(caseId);
  const [editing, setEditing] = useState<{ deadline: TDeadline | null } | null>(null);
  const [applying, setApplying] = useState(false);
  const [moving, setMoving] = useState<TCaseChain | null>(null);
  const [confirm, setConfirm] = useState<{ deadline?: TDeadline; chain?: TCaseChain } | null>(null);
  const { deadlines, chains }: TCaseDeadlines = data.data ?? { deadlines: [], chains: [] };
  const chainOf = (d: TDeadline) => chains.find((c) => c.id === d.chainId) ?? null;
  const ruleOf = (d: TDeadline) => {
    const chain = chainOf(d);
    if (!chain || d.chainStep === null) return null;
    if (d.chainStep === TRIGGER_STEP) return `${chain.name}: the trigger`;
    const step = chain.steps.find((s) => s.key === d.chainStep);
    const nameOf = (key: string) => (key === TRIGGER_STEP ? chain.triggerLabel : chain.steps.find((s) => s.key === key)?.label ?? key);
    return step ? `${chain.name}: ${stepRuleText(step, nameOf)}` : chain.name;
  };
  const run = async (action: string, fn: () => Promise<TCaseDeadlines>) => {
    try {
      await write(fn);
    } catch (error) {
      reportError(error, { screen: 'case', action });
    }
  };
  const remove = (target: { deadline?: TDeadline; chain?: TCaseChain }) => {
    setConfirm(null);
    if (target.chain) void run('remove-chain', () => removeChain(target.chain!.id));
    else if (target.deadline) void run('remove-deadline', () => removeDeadline(target.deadline!.id));
  };
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="case-deadlines-title">
      <Group justify="space-between" mb="sm">
        <Group gap="xs"><IconCalendarEvent size={22} color="var(--mantine-color-indigo-6)" /><Title order={3} id="case-deadlines-title">Deadlines</Title></Group>
        {canEdit && (
          <Group gap="xs">
            <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => setApplying(true)}>Apply a chain</Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ deadline: null })}>Add deadline</Button>
          </Group>
        )}
      </Group>
      {data.error && <Alert color="red" role="alert">{data.error.message}</Alert>}
      {chains.length > 0 && (
        <Stack gap={4} mb="sm">
          {chains.map((c) => (
            <Group key={c.id} gap="xs" wrap="wrap">
              <Text size="sm"><b>{c.name}</b> — {c.triggerLabel} {longDate(c.triggerDate)}</Text>
              {canEdit && (
                <>
                  <Button size="compact-xs" variant="light" onClick={() => setMoving(c)} aria-label={`Move ${c.triggerLabel} of ${c.name}`}>
                    Move {c.triggerLabel.toLowerCase()}
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirm({ chain: c })} aria-label={`Remove chain ${c.name}`}>
                    Remove chain
                  </Button>
                </>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" aria-label="Deadlines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th><Table.Th>Deadline</Table.Th><Table.Th>Source</Table.Th><Table.Th>Assignee</Table.Th><Table.Th>Notes</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deadlines.length === 0 && <Table.Tr><Table.Td colSpan={6}><Text c="dimmed">No deadlines yet.</Text></Table.Td></Table.Tr>}
            {deadlines.map((d) => (
              <Table.Tr key={d.id} data-deadline={d.id}>
                <Table.Td><DateCell d={d} /></Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>{d.title}</Text>
                  <Text size="xs" c="dimmed">
                    {[DEADLINE_KIND_LABELS[d.kind] === d.title ? null : DEADLINE_KIND_LABELS[d.kind], ruleOf(d)].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>{DEADLINE_SOURCE_LABELS[d.source]}</Table.Td>
                <Table.Td>{d.assigneeName ?? '—'}</Table.Td>
                <Table.Td><Text size="sm" lineClamp={2}>{d.notes || '—'}</Text></Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {d.setByHand && (
                        <Button size="xs" variant="subtle" onClick={() => void run('follow-chain', () => followChain(d))} aria-label={`Back to the chain's date for ${d.title}`}>
                          Back to the chain&apos;s date
                        </Button>
                      )}
                      <Button size="xs" variant="light" onClick={() => setEditing({ deadline: d })} aria-label={`Edit ${d.title}`}>Edit</Button>
                      {d.chainStep !== TRIGGER_STEP && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm({ deadline: d })} aria-label={`Remove ${d.title}`}>Remove</Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && (
        <DeadlineModal caseId={caseId} deadline={editing.deadline} chain={editing.deadline ? chainOf(editing.deadline) : null} write={write}
          onClose={() => setEditing(null)} />
      )}
      {applying && <ApplyChainModal caseId={caseId} write={write} onClose={() => setApplying(false)} />}
      {moving && <MoveTriggerModal chain={moving} write={write} onClose={() => setMoving(null)} />}
      <ConfirmModal
        opened={confirm !== null}
        question={confirm?.chain
          ? `Remove the chain ${confirm.chain.name} and every deadline of it, those set by hand too?`
          : `Remove the deadline ${confirm?.deadline?.title ?? ''}?`}
        confirmLabel={confirm?.chain ? 'Remove chain' : 'Remove deadline'}
        onYes={() => confirm && remove(confirm)}
        onNo={() => setConfirm(null)}
      />
    </Paper>
  );
}
