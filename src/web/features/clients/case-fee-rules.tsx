import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { describeFeeRule } from '../../../core/billing/fee-rules.ts';
import { FeeRulesEditor } from '../../shared/fee-rules-editor.tsx';
import { useQuerySettled } from '../../ui/settle-together.tsx';
import { useCaseFeeRules, useSaveCaseFeeRules } from './api.ts';

/**
 * The case's fee rules (issue 40, docs/decisions/138): its rate code's until it has its own, which
 * then replace them whole. Money: rendered for super admins only, and the API refuses everyone else.
 */
export function CaseFeeRules({ caseId }: { caseId: string }) {
  const loaded = useCaseFeeRules(caseId);
  useQuerySettled(loaded);
  const save = useSaveCaseFeeRules(caseId);
  const data = loaded.data;
  if (!data) return null;
  const own = data.rules !== null;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        {own ? (
          <FeeRulesEditor
            label="Fee rules of this case" title="Fee rules (this case's own)" empty="No fee rules: every hour bills at its rate."
            rules={data.rules ?? []} pending={save.isPending} error={save.error?.message ?? null}
            onSave={(rules, done) => save.mutate({ rules, version: data.version }, { onSuccess: done })}
          />
        ) : (
          <Stack gap={4} aria-label="Fee rules of this case" component="section">
            <Text fw={600}>Fee rules (the rate code&apos;s)</Text>
            {data.rateCodeRules.length === 0 ? <Text size="sm" c="dimmed">The rate code has no fee rules.</Text>
              : data.rateCodeRules.map((rule) => <Text key={`${rule.type}-${rule.kind}`} size="sm">{describeFeeRule(rule)}</Text>)}
          </Stack>
        )}
        <Group>
          {own ? (
            <Button size="xs" variant="default" loading={save.isPending} onClick={() => save.mutate({ rules: null, version: data.version })}>
              Use the rate code&apos;s fee rules
            </Button>
          ) : (
            <Button size="xs" variant="light" loading={save.isPending}
              onClick={() => save.mutate({ rules: data.rateCodeRules, version: data.version })}>
              Give this case its own fee rules
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
