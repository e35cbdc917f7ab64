import { Alert, Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TWeekState } from '../../../core/api/timesheet.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { WEEK_MESSAGES, WEEK_STATUS_LABELS, type WeekStatus } from '../../../core/time/weeks.ts';
import { loadPeople, type WeekAction } from './api.ts';
import { firmDate } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { addDays } from '../../../core/dates/iso-date.ts';

const COLORS: Record<WeekStatus, string> = { open: 'gray', submitted: 'blue', approved: 'green', rejected: 'red' };

/** Previous / this / next week, and the week's dates. */
export function WeekNav({ weekStart, onWeek }: { weekStart: string; onWeek(week: string | null): void }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" size="sm" leftSection={<IconChevronLeft size={16} />} onClick={() => onWeek(addDays(weekStart, -7))}>Previous week</Button>
      <Button variant="default" size="sm" onClick={() => onWeek(null)}>This week</Button>
      <Button variant="default" size="sm" rightSection={<IconChevronRight size={16} />} onClick={() => onWeek(addDays(weekStart, 7))}>Next week</Button>
      <Text fw={600} data-testid="week-dates">{formatUsDate(weekStart)} – {formatUsDate(addDays(weekStart, 6))}</Text>
    </Group>
  );
}

/** The week's status in words, with the approver's note of a rejection (or the reason of a reopening). */
export function WeekStatusLine({ week }: { week: TWeekState }) {
  // Timestamps are UTC: their day is the viewer's (the firm's) day, as in the server's sentences.
  const timeZone = useFirmTimeZone();
  const dayOf = (at: string | null) => (at ? firmDate(at, timeZone) : '');
  const by = week.decidedByName ? ` by ${week.decidedByName}` : '';
  return (
    <>
      <Group gap="xs">
        <Badge color={COLORS[week.status]} variant="light" size="lg" data-testid="week-status">{WEEK_STATUS_LABELS[week.status]}</Badge>
        {week.status === 'submitted' && week.submittedAt && <Text size="sm" c="dimmed" data-testid="week-when">on {dayOf(week.submittedAt)}</Text>}
        {week.status === 'approved' && <Text size="sm" c="dimmed" data-testid="week-when">on {week.approvedOn ? formatUsDate(week.approvedOn) : dayOf(week.decidedAt)}{by}</Text>}
      </Group>
      {week.status === 'rejected' && (
        <Alert color="red" title={`Rejected${by}`} data-testid="week-note"><Text size="sm">{week.note}</Text></Alert>
      )}
      {week.status === 'open' && week.note && (
        <Alert color="gray" title={`Reopened${by}`} data-testid="week-note"><Text size="sm">{week.note}</Text></Alert>
      )}
    </>
  );
}

/** The week's actions for its status: the person's submit and withdraw, an approver's decisions. */
export function WeekActions({ week, mayDecide, ownDecidedByOthers, busy, onAction }: {
  week: TWeekState; mayDecide: boolean; ownDecidedByOthers: boolean; busy: boolean; onAction(action: WeekAction): void;
}) {
  const s = week.status;
  return (
    <Group gap="xs">
      {(s === 'open' || s === 'rejected') && <Button onClick={() => onAction('submit')} disabled={busy}>Submit week</Button>}
      {s === 'submitted' && <Button variant="default" onClick={() => onAction('withdraw')} disabled={busy}>Withdraw</Button>}
      {mayDecide && s === 'submitted' && <Button color="green" onClick={() => onAction('approve')} disabled={busy}>Approve</Button>}
      {mayDecide && s === 'submitted' && <Button color="red" variant="light" onClick={() => onAction('reject')} disabled={busy}>Reject</Button>}
      {mayDecide && s === 'approved' && <Button variant="default" onClick={() => onAction('reopen')} disabled={busy}>Reopen</Button>}
      {ownDecidedByOthers && s !== 'open' && <Text size="sm" c="dimmed">{WEEK_MESSAGES.ownWeek}</Text>}
    </Group>
  );
}

/** Approvers: whose week is shown, and the way to the queue. */
export function PersonPicker({ personId, weekStart, onPerson }: { personId: string; weekStart: string; onPerson(id: string): void }) {
  const people = useQuery({ queryKey: ['timesheet', 'people'], queryFn: loadPeople, staleTime: 5 * 60_000 });
  const data = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Group gap="sm" align="flex-end">
      <Select label="Person" searchable data={data} value={personId} allowDeselect={false} w={240}
        onChange={(value) => value && onPerson(value)} comboboxProps={{ withinPortal: true }} />
      <Anchor component={Link} to={`/timesheet/approvals?week=${weekStart}`} size="sm" pb={8}>Approvals queue</Anchor>
    </Group>
  );
}
