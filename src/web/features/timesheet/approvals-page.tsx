import './timesheet.css';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatHours } from '../../../core/time/hours-text.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { WEEK_MESSAGES, WEEK_STATUS_LABELS, type WeekStatus } from '../../../core/time/weeks.ts';
import { useUser } from '../../shared/auth.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { loadApprovals, weekAction } from './api.ts';
import { dayLabel } from './grid-context.ts';
import { WeekNav } from './week-bar.tsx';
import { DecisionDialog } from './week-dialogs.tsx';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const COLORS: Record<WeekStatus, string> = { open: 'gray', submitted: 'blue', approved: 'green', rejected: 'red' };
const weekLink = (userId: string, weekStart: string) => `/timesheet?user=${userId}&week=${weekStart}`;

/** /timesheet/approvals (approvers): the chosen week's people, and every older week waiting. */
export default function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const week = ISO.test(params.get('week') ?? '') ? params.get('week') : null;
  const client = useQueryClient();
  const viewerId = useUser().id;
  const approvals = useQuery({ queryKey: ['timesheet', 'approvals', week], queryFn: () => loadApprovals(week) });
  const [rejecting, setRejecting] = useState<{ userId: string; weekStart: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const decide = async (action: 'approve' | 'reject', userId: string, weekStart: string, note?: string) => {
    setBusy(true);
    setError(null);
    try {
      await weekAction(action, { userId, weekStart, ...(note === undefined ? {} : { note }) });
      setRejecting(null);
      await client.invalidateQueries({ queryKey: ['timesheet', 'approvals'] });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const buttons = (userId: string, weekStart: string, name: string) => (userId === viewerId && !approvals.data?.mayDecideOwn
    ? <Text size="sm" c="dimmed">{WEEK_MESSAGES.ownWeek}</Text> : (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" color="green" disabled={busy} aria-label={`Approve ${name}, week of ${formatUsDate(weekStart)}`}
        onClick={() => void decide('approve', userId, weekStart)}>Approve</Button>
      <Button size="compact-sm" color="red" variant="light" disabled={busy} aria-label={`Reject ${name}, week of ${formatUsDate(weekStart)}`}
        onClick={() => setRejecting({ userId, weekStart })}>Reject</Button>
    </Group>
  ));

  const data = approvals.data;
  if (!data) {
    if (!approvals.isError) return <LoadingOverlay />;
    return <Alert color="red" title={approvals.error.message}><Button mt="xs" variant="default" onClick={() => void approvals.refetch()}>Try again</Button></Alert>;
  }
  const older = data.waiting.filter((w) => w.weekStart !== data.weekStart);
  return (
    <Stack gap="md">
      <Title order={2}>Timesheet Approvals</Title>
      <Card withBorder padding="md"><WeekNav weekStart={data.weekStart} onWeek={(w) => setParams(w ? { week: w } : {})} /></Card>
      {error && <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setError(null)}>{error}</Alert>}
      <Card withBorder padding="xs">
        <div className="ts-scroll">
          <Table aria-label="People this week" striped highlightOnHover miw={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th><Table.Th>Status</Table.Th>
                {data.days.map((day) => <Table.Th key={day} ta="right">{dayLabel(day)}</Table.Th>)}
                <Table.Th ta="right">Total</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.people.map((p) => (
                <Table.Tr key={p.userId} data-person={p.userId}>
                  <Table.Td><Anchor component={Link} to={weekLink(p.userId, data.weekStart)}>{p.name}</Anchor></Table.Td>
                  <Table.Td miw={130}><Badge color={COLORS[p.status]} variant="light">{WEEK_STATUS_LABELS[p.status]}</Badge></Table.Td>
                  {p.hoursByDay.map((h, d) => <Table.Td key={data.days[d]} ta="right">{formatHours(h)}</Table.Td>)}
                  <Table.Td ta="right" fw={700}>{formatHours(p.total) || '0'}</Table.Td>
                  <Table.Td>{p.status === 'submitted' && buttons(p.userId, data.weekStart, p.name)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Card>
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="xs">Older weeks waiting</Title>
        {older.length === 0 ? <Text size="sm" c="dimmed">No older week waits for approval.</Text> : (
          <Table aria-label="Older weeks waiting">
            <Table.Thead><Table.Tr><Table.Th>Person</Table.Th><Table.Th>Week of</Table.Th><Table.Th ta="right">Total</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {older.map((w) => (
                <Table.Tr key={`${w.userId}|${w.weekStart}`}>
                  <Table.Td>{w.name}</Table.Td>
                  <Table.Td><Anchor component={Link} to={weekLink(w.userId, w.weekStart)}>{formatUsDate(w.weekStart)}</Anchor></Table.Td>
                  <Table.Td ta="right">{formatHours(w.total) || '0'}</Table.Td>
                  <Table.Td>{buttons(w.userId, w.weekStart, w.name)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <DecisionDialog kind={rejecting ? 'reject' : null} busy={busy} onClose={() => setRejecting(null)}
        onConfirm={(note) => rejecting && void decide('reject', rejecting.userId, rejecting.weekStart, note)} />
    </Stack>
  );
}
