import { Alert, Button, Group, Radio, Select, Stack, Switch, Text } from '@mantine/core';
import { IconCalendarWeek } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { TTimesheetSettings } from '../../../core/api/timesheet.ts';
import { TIMER_ROUNDINGS, TIMER_ROUNDING_LABELS, WEEKDAY_NAMES, type TimerRounding } from '../../../core/time/weeks.ts';
import { useVersionedSettingsForm } from '../../shared/versioned-settings-form.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useSaveTimesheetSettings, useTimesheetSettings } from './timesheets-api.ts';
import { LoadingBlock } from '../../ui/loading-block';

type Draft = Omit<TTimesheetSettings, 'version'>;

const DAYS = WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));

/** Settings → Timesheets (issue 25): the week's first day, whether billing needs approved time, the timer's rounding. */
export function TimesheetsSection() {
  const settings = useTimesheetSettings();
  return (
    <SettingsCard id="timesheets" icon={IconCalendarWeek} title="Timesheets">
      {settings.error && <Alert color="red" role="alert">{settings.error.message}</Alert>}
      {!settings.data && !settings.error && <LoadingBlock h={160} label="Loading timesheet settings" />}
      {settings.data && <TimesheetsForm saved={settings.data} reload={() => void settings.refetch()} />}
    </SettingsCard>
  );
}

function TimesheetsForm({ saved, reload }: { saved: TTimesheetSettings; reload(): void }) {
  const save = useSaveTimesheetSettings();
  const server = useMemo<Draft>(() => ({
    weekStartsOn: saved.weekStartsOn, billingRequiresApproval: saved.billingRequiresApproval, timerRounding: saved.timerRounding,
  }), [saved.weekStartsOn, saved.billingRequiresApproval, saved.timerRounding]);
  const { draft, dirty, saved: done, set, submit } = useVersionedSettingsForm({ server, version: saved.version, save, reload });
  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={620}>
        <Select label="First day of the week" data={DAYS} value={String(draft.weekStartsOn)} allowDeselect={false} w={240}
          onChange={(v) => v && set({ weekStartsOn: Number(v) })} />
        <Switch label="Billing requires approved time" checked={draft.billingRequiresApproval}
          description="When on, unbilled work lists only time of approved weeks and says how many hours wait for approval."
          onChange={(e) => set({ billingRequiresApproval: e.currentTarget.checked })} />
        <Radio.Group label="Timer rounding" description="How a stopped timer's time is rounded into hours."
          value={draft.timerRounding} onChange={(v) => set({ timerRounding: v as TimerRounding })}>
          <Stack gap={6} mt={6}>
            {TIMER_ROUNDINGS.map((r) => <Radio key={r} value={r} label={TIMER_ROUNDING_LABELS[r]} />)}
          </Stack>
        </Radio.Group>
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>Save timesheet settings</Button>
          {done && <Text size="sm" c="teal" role="status">Timesheet settings saved.</Text>}
        </Group>
      </Stack>
    </form>
  );
}
