import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ZFeeRule } from '../../../core/api/fee-rules.ts';
import type { TPricedRateCode } from '../../../core/api/rate-codes.ts';
import { describeFeeRule, EVENT_KIND_LABELS, EVENT_KINDS, feeRulesProblem, type FeeRule } from '../../../core/fee-rules.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { useSaveFeeRules } from './api.ts';

// A rate code's fee rules (issue 40, docs/decisions/138): listed in words, added one at a time,
// removed. Money: only a super admin's card shows this section.

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

export function FeeRulesSection({ code }: { code: TPricedRateCode }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveFeeRules();
  useUnsavedChanges(draft.hours !== '' || draft.halfDayFee !== '' || draft.fullDayFee !== '' || draft.percent !== '');
  const set = (field: keyof Draft) => (e: { currentTarget: { value: string } }) => {
    const { value } = e.currentTarget;
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const write = (rules: FeeRule[], after?: () => void) => {
    const listProblem = feeRulesProblem(rules);
    if (listProblem) {
      setProblem(listProblem);
      return;
    }
    setProblem(null);
    save.mutate({ id: code.id, body: { rules, version: code.version } }, { onSuccess: after });
  };
  const add = () => {
    const made = ruleOf(draft);
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    write([...code.feeRules, made.rule], () => setDraft(EMPTY));
  };
  const field = (name: keyof Draft, label: string, w = 110) => (
    <TextInput size="xs" label={label} w={w} inputMode="decimal" value={draft[name]} onChange={set(name)} />
  );

  return (
    <Stack gap="xs" aria-label={`Fee rules of ${code.code}`} component="section">
      <Title order={5}>Fee rules</Title>
      {code.feeRules.length === 0 ? <Text size="sm" c="dimmed">No fee rules: every hour bills at its rate.</Text> : (
        <Stack gap={2}>
          {code.feeRules.map((rule, i) => (
            <Group key={`${rule.type}-${rule.kind}`} gap="xs" wrap="nowrap">
              <Text size="sm">{describeFeeRule(rule)}</Text>
              <Tooltip label="Remove fee rule">
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove fee rule ${describeFeeRule(rule)}`}
                  onClick={() => write(code.feeRules.filter((_, j) => j !== i))}>
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
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add} loading={save.isPending}>Add fee rule</Button>
      </Group>
      {(problem ?? save.error?.message) && <Alert color="red" role="alert" p="xs">{problem ?? save.error?.message}</Alert>}
    </Stack>
  );
}
