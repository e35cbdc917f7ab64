import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ZFeeRule } from '../../core/api/fee-rules.ts';
import { describeFeeRule, EVENT_KIND_LABELS, EVENT_KINDS, feeRulesProblem, type FeeRule } from '../../core/billing/fee-rules.ts';
import { useUnsavedChanges } from './unsaved-changes.tsx';

// A list of fee rules (issue 40, docs/decisions/138): listed in words, added one at a time, removed.
// The rate code's card and the case page each save it their own way. Money: super admins only.

type RuleType = FeeRule['type'];
const RULE_TYPES: { value: RuleType; label: string }[] = [
  { value: 'minimum', label: 'Minimum hours' },
  { value: 'flat', label: 'Flat day fee' },
  { value: 'percent', label: 'Percentage of the rate' },
  { value: 'cancellation', label: 'Cancellation fee' },
];
const EMPTY = {
  type: 'minimum' as RuleType, kind: 'deposition', hours: '', halfDayUpToHours: '4', halfDayFee: '', fullDayFee: '', percent: '',
  under1: '48', hours1: '2', under2: '72', hours2: '1',
};
type Draft = typeof EMPTY;

/** The typed fields as a rule, or the first problem in words. */
function ruleOf(d: Draft): { rule: FeeRule } | { problem: string } {
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  const tiers = [[d.under1, d.hours1], [d.under2, d.hours2]].filter(([u]) => u!.trim() !== '')
    .map(([u, h]) => ({ noticeUnderHours: num(u!), hours: num(h!) }));
  const candidate = {
    minimum: { type: 'minimum', kind: d.kind, hours: num(d.hours) },
    flat: { type: 'flat', kind: d.kind, halfDayUpToHours: num(d.halfDayUpToHours), halfDayFee: d.halfDayFee.trim(), fullDayFee: d.fullDayFee.trim() },
    percent: { type: 'percent', kind: d.kind, percent: num(d.percent) },
    cancellation: { type: 'cancellation', kind: d.kind, tiers },
  }[d.type];
  const parsed = ZFeeRule.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: issue?.code === 'invalid_type' ? 'Please fill in every field of the rule with a number.' : issue?.message ?? 'Please check the rule.' };
  }
  return { rule: parsed.data };
}

/** `onSave` gets the whole new list and calls `done` once it is saved. */
export function FeeRulesEditor({ label, title, empty, rules, pending, error, onSave }: {
  label: string; title: string; empty: string; rules: readonly FeeRule[]; pending: boolean; error: string | null;
  onSave(rules: FeeRule[], done: () => void): void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedChanges(draft.hours !== '' || draft.halfDayFee !== '' || draft.fullDayFee !== '' || draft.percent !== '');
  const set = (field: keyof Draft) => (e: { currentTarget: { value: string } }) => {
    const { value } = e.currentTarget;
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const write = (next: FeeRule[], after: () => void = () => undefined) => {
    const listProblem = feeRulesProblem(next);
    if (listProblem) {
      setProblem(listProblem);
      return;
    }
    setProblem(null);
    onSave(next, after);
  };
  const add = () => {
    const made = ruleOf(draft);
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    write([...rules, made.rule], () => setDraft(EMPTY));
  };
  const field = (name: keyof Draft, fieldLabel: string, w = 110) => (
    <TextInput size="xs" label={fieldLabel} w={w} inputMode="decimal" value={draft[name]} onChange={set(name)} />
  );

  return (
    <Stack gap="xs" aria-label={label} component="section">
      <Title order={5}>{title}</Title>
      {rules.length === 0 ? <Text size="sm" c="dimmed">{empty}</Text> : (
        <Stack gap={2}>
          {rules.map((rule, i) => (
            <Group key={`${rule.type}-${rule.kind}`} gap="xs" wrap="nowrap">
              <Text size="sm">{describeFeeRule(rule)}</Text>
              <Tooltip label="Remove fee rule">
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove fee rule ${describeFeeRule(rule)}`}
                  onClick={() => write(rules.filter((_, j) => j !== i))}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end">
        <NativeSelect size="xs" label="Rule" data={RULE_TYPES} value={draft.type} onChange={set('type')} />
        <NativeSelect size="xs" label="Event type" data={EVENT_KINDS.map((k) => ({ value: k, label: EVENT_KIND_LABELS[k] }))}
          value={draft.kind} onChange={set('kind')} />
        {draft.type === 'minimum' && field('hours', 'Minimum hours')}
        {draft.type === 'flat' && <>
          {field('halfDayUpToHours', 'Half day up to (h)')}
          {field('halfDayFee', 'Half-day fee ($)')}
          {field('fullDayFee', 'Full-day fee ($)')}
        </>}
        {draft.type === 'percent' && field('percent', 'Percent of the rate')}
        {draft.type === 'cancellation' && <>
          {field('under1', 'Notice under (h)', 100)}{field('hours1', 'Bills (h)', 80)}
          {field('under2', 'Then under (h)', 100)}{field('hours2', 'Then bills (h)', 90)}
        </>}
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add} loading={pending}>Add fee rule</Button>
      </Group>
      {(problem ?? error) && <Alert color="red" role="alert" p="xs">{problem ?? error}</Alert>}
    </Stack>
  );
}
