import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { TReminderSettings } from '../../../core/api/reminders.ts';
import { useVersionedSettingsForm } from '../../shared/versioned-settings-form.ts';
import { LoadingBlock } from '../../ui/loading-block';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useReminderSettings, useSaveReminderSettings } from './api.ts';

type Draft = Omit<TReminderSettings, 'version'>;

/** Settings → Reminders (issue 41): the Monday missing-time e-mails and the reminders of past-due bills. */
export function RemindersSection() {
  const settings = useReminderSettings();
  return (
    <SettingsCard id="reminders" icon={IconBell} title="Reminders">
      {settings.error && <Alert color="red" role="alert">{settings.error.message}</Alert>}
      {!settings.data && !settings.error && <LoadingBlock h={160} label="Loading reminder settings" />}
      {settings.data && <RemindersForm saved={settings.data} reload={() => void settings.refetch()} />}
    </SettingsCard>
  );
}

function RemindersForm({ saved, reload }: { saved: TReminderSettings; reload(): void }) {
  const save = useSaveReminderSettings();
  const server = useMemo<Draft>(() => ({
    missingTimeEnabled: saved.missingTimeEnabled, billRemindersEnabled: saved.billRemindersEnabled,
  }), [saved.missingTimeEnabled, saved.billRemindersEnabled]);
  const { draft, dirty, saved: done, set, submit } = useVersionedSettingsForm({ server, version: saved.version, save, reload });
  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={620}>
        <Switch label="Missing-time reminders" checked={draft.missingTimeEnabled}
          description="Each Monday at 9:00 AM, an e-mail to each person whose previous week is not submitted: 'Your week of MM/DD/YYYY is not submitted'."
          onChange={(e) => set({ missingTimeEnabled: e.currentTarget.checked })} />
        <Switch label="Bill reminders" checked={draft.billRemindersEnabled}
          description="When an issued bill is 7, 30 and 60 days past due, an e-mail to its client with the statement of account attached (PDF). Each is listed on the bill."
          onChange={(e) => set({ billRemindersEnabled: e.currentTarget.checked })} />
        <Text size="sm" c="dimmed">Messages go out through Settings → E-mail and are kept in its Sent mail.</Text>
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>Save reminder settings</Button>
          {done && <Text size="sm" c="teal.9" role="status">Reminder settings saved.</Text>}
        </Group>
      </Stack>
    </form>
  );
}
