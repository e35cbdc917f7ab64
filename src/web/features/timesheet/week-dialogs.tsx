import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatHours } from '../../../core/time/hours-text.ts';
import { WEEK_MESSAGES } from '../../../core/time/weeks.ts';
import { dayLabel } from './grid-context.ts';
import type { WeekSummary } from './week-summary.ts';

/** Submit: the week's summary first, with a warning for weekdays without hours. */
export function SubmitDialog({ summary, days, busy, onClose, onSubmit }: {
  summary: WeekSummary | null; days: string[]; busy: boolean; onClose(): void; onSubmit(): void;
}) {
  return (
    <Modal opened={summary !== null} onClose={onClose} title={<Text fw={700}>Submit the week</Text>} size="lg" centered>
      {summary && (
        <Stack gap="md">
          {summary.empty.length > 0 && <Alert color="yellow" title="Empty weekdays">{WEEK_MESSAGES.emptyWeekdays(summary.empty)}</Alert>}
          <Table withTableBorder aria-label="Hours per day">
            <Table.Thead><Table.Tr>{days.map((day) => <Table.Th key={day}>{dayLabel(day)}</Table.Th>)}<Table.Th>Total</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody><Table.Tr>
              {summary.byDay.map((h, d) => <Table.Td key={days[d]}>{formatHours(h) || '0'}</Table.Td>)}
              <Table.Td fw={700}>{formatHours(summary.total) || '0'}</Table.Td>
            </Table.Tr></Table.Tbody>
          </Table>
          <Table withTableBorder aria-label="Hours per project">
            <Table.Thead><Table.Tr><Table.Th>Project</Table.Th><Table.Th>Hours</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {summary.byProject.map((p) => <Table.Tr key={p.label}><Table.Td>{p.label}</Table.Td><Table.Td>{formatHours(p.hours)}</Table.Td></Table.Tr>)}
              {summary.byProject.length === 0 && <Table.Tr><Table.Td colSpan={2}>No hours this week.</Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">Once submitted, the week cannot be changed unless you withdraw it or it is rejected.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button onClick={onSubmit} loading={busy}>Submit week</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Reject (a note) or reopen (a reason): both are required, in the spec's words. The note is kept until the
 * dialog closes: a refused or failed decision leaves the dialog open with what was typed (docs/decisions/223).
 */
export function DecisionDialog({ kind, busy, onClose, onConfirm }: {
  kind: 'reject' | 'reopen' | null; busy: boolean; onClose(): void; onConfirm(note: string): void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Closed by its owner (the decision went through): the next one starts blank.
  const [shownFor, setShownFor] = useState(kind);
  if (kind !== shownFor) {
    setShownFor(kind);
    if (kind === null) {
      setNote('');
      setError(null);
    }
  }
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const reject = kind === 'reject';
  return (
    <Modal opened={kind !== null} onClose={close} centered title={<Text fw={700}>{reject ? 'Reject the week' : 'Reopen the week'}</Text>}>
      <form onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return setError(reject ? WEEK_MESSAGES.rejectNoteRequired : WEEK_MESSAGES.reopenReasonRequired);
        setError(null);
        onConfirm(note.trim());
      }}>
        <Stack gap="md">
          <Textarea label={reject ? 'Note' : 'Reason'} withAsterisk autosize minRows={3} maxLength={2000} data-autofocus
            value={note} error={error} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" color={reject ? 'red' : undefined} loading={busy}>{reject ? 'Reject' : 'Reopen'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
