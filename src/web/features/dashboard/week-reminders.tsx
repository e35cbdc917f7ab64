import { Alert, Anchor, Stack } from '@mantine/core';
import { IconCalendarWeek, IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TDashboardSummary } from '../../../core/api/dashboard.ts';
import { WEEK_MESSAGES } from '../../../core/time/weeks.ts';

/**
 * Issue 25: last week while it is not submitted, each a link to it on /timesheet; for approvers,
 * the weeks waiting for their decision, a link to the approval queue.
 */
export function WeekReminders({ summary }: { summary: TDashboardSummary | undefined }) {
  if (!summary || (summary.unsubmittedWeek === null && summary.approvalsWaiting === null)) return null;
  const week = summary.unsubmittedWeek;
  const waiting = summary.approvalsWaiting;
  return (
    <Stack gap="xs">
      {week !== null && (
        <Alert color="yellow" icon={<IconCalendarWeek size={18} />} p="sm">
          <Anchor component={Link} to={`/timesheet?week=${week}`} fw={600} c="dark.8" underline="always">{WEEK_MESSAGES.notSubmitted(week)}</Anchor>
        </Alert>
      )}
      {waiting !== null && (
        <Alert color="indigo" icon={<IconChecklist size={18} />} p="sm">
          <Anchor component={Link} to="/timesheet/approvals" fw={600} c="dark.8" underline="always">{WEEK_MESSAGES.waiting(waiting)}</Anchor>
        </Alert>
      )}
    </Stack>
  );
}
