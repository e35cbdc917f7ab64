import { Alert, Anchor, Badge, Card, CloseButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEADLINE_MESSAGES, daysLeftText, longDate } from '../../../core/calendar/deadlines.ts';
import { localIsoDate } from '../../../core/dates/iso-date.ts';
import { useUser } from '../../shared/auth.tsx';
import { useToday } from '../../ui/today.ts';
import { useDeadlineReminders, useDismissReminder, useUpcomingDeadlines } from './api.ts';

// The dashboard's deadlines (issue 41): the firm's next 14 days, and the signed-in person's
// reminders (the same ones that went by e-mail) until dismissed.

/** Today and the 14 days after it: every case's deadlines, the viewer's own marked. */
export function UpcomingDeadlines() {
  const user = useUser();
  const upcoming = useUpcomingDeadlines();
  const today = localIsoDate(useToday()());
  const list = upcoming.data?.deadlines ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upcoming-deadlines-title">
      <Text fw={600} mb="xs" id="upcoming-deadlines-title">Deadlines in the next 14 days</Text>
      {!upcoming.data && <Skeleton h={48} />}
      {upcoming.data && list.length === 0 && <Text size="sm" c="dimmed">No deadline in the next 14 days.</Text>}
      {list.length > 0 && (
        <Stack gap={4}>
          {list.map((d) => (
            <Group key={d.id} gap="xs" wrap="nowrap" align="baseline" data-upcoming-deadline={d.id}>
              <Text size="sm" fw={600} miw={150} style={{ whiteSpace: 'nowrap' }}>{longDate(d.dueDate)}</Text>
              <Anchor component={Link} to={`/case/${d.caseId}`} size="sm">
                {d.title} · {d.fileNumber}{d.caseName ? ` — ${d.caseName}` : ''}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {daysLeftText(d.dueDate, today)}{d.assigneeName ? ` · ${d.assigneeId === user.id ? 'you' : d.assigneeName}` : ''}
              </Text>
              {d.setByHand && <Badge size="xs" color="yellow" variant="light">{DEADLINE_MESSAGES.setByHand}</Badge>}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The viewer's deadline reminders, each a link to its case, dismissed one by one. */
export function DeadlineReminders() {
  const reminders = useDeadlineReminders();
  const dismiss = useDismissReminder();
  const today = localIsoDate(useToday()());
  const list = reminders.data?.reminders ?? [];
  if (!list.length) return null;
  return (
    <Stack gap="xs">
      {list.map((r) => (
        <Alert key={r.id} color="orange" icon={<IconBell size={18} />} p="sm" data-deadline-reminder={r.id}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={`/case/${r.caseId}`} fw={600} c="dark.8" underline="always">
              {`Reminder: ${r.title}, case ${r.fileNumber}, is due ${daysLeftText(r.dueDate, today)} (${longDate(r.dueDate)})`}
            </Anchor>
            <CloseButton aria-label={`Dismiss the reminder of ${r.title}`} onClick={() => dismiss.mutate(r.id)} />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
