import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { TFieldReportSettings } from '../../../core/api/field-reports.ts';
import { useVersionedSettingsForm } from '../../shared/versioned-settings-form.ts';
import { LoadingBlock } from '../../ui/loading-block';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useFieldReportSettings, useSaveFieldReportSettings } from './api.ts';

/** Settings → Field reports (issue 42, docs/decisions/142): the firm's rule of a second engineer's review. */
export function ReviewRuleSection() {
  const settings = useFieldReportSettings();
  return (
    <SettingsCard id="field-reports" icon={IconClipboardCheck} title="Field reports">
      {settings.error && <Alert color="red" role="alert">{settings.error.message}</Alert>}
      {!settings.data && !settings.error && <LoadingBlock h={120} label="Loading field report settings" />}
      {settings.data && <RuleForm saved={settings.data} reload={() => void settings.refetch()} />}
    </SettingsCard>
  );
}

function RuleForm({ saved, reload }: { saved: TFieldReportSettings; reload(): void }) {
  const save = useSaveFieldReportSettings();
  const server = useMemo(() => ({ requireReview: saved.requireReview }), [saved.requireReview]);
  const form = useVersionedSettingsForm({ server, version: saved.version, save, reload });
  return (
    <form onSubmit={form.submit}>
      <Stack gap="md" maw={620}>
        <Switch label="Require a second engineer's review" checked={form.draft.requireReview}
          description="When on, another engineer reviews and signs off a report before its inspector can certify it, and before it is shared. The certified PDF shows both signatures."
          onChange={(e) => form.set({ requireReview: e.currentTarget.checked })} />
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.dirty}>Save field report settings</Button>
          {form.saved && <Text size="sm" c="teal" role="status">Field report settings saved.</Text>}
        </Group>
      </Stack>
    </form>
  );
}
