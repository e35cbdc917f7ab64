import { Alert, Paper, Table, Text, Title } from '@mantine/core';
import { MAIL_STATUS_LABELS } from '../../../core/mail.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useBillReminders } from './api.ts';

/** The reminders sent about a bill (issue 41), on its page: every message, its state and its file. */
export function BillRemindersSection({ billId }: { billId: string }) {
  const reminders = useBillReminders(billId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="bill-reminders-title">
      <Title order={3} id="bill-reminders-title" mb="sm">Reminders</Title>
      {reminders.error && <Alert color="red" role="alert">{reminders.error.message}</Alert>}
      {reminders.data && reminders.data.items.length === 0 && <Text c="dimmed">No reminder has been sent for this bill.</Text>}
      {reminders.data && reminders.data.items.length > 0 && (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr><Table.Th>Days past due</Table.Th><Table.Th>Date</Table.Th><Table.Th>To</Table.Th><Table.Th>Subject</Table.Th>
              <Table.Th>Attachment</Table.Th><Table.Th>Status</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reminders.data.items.map((r) => (
              <Table.Tr key={r.step}>
                <Table.Td>{r.step}</Table.Td>
                <Table.Td>{formatUsDate(r.at)}</Table.Td>
                <Table.Td>{r.to}</Table.Td>
                <Table.Td>{r.subject ?? '—'}</Table.Td>
                <Table.Td>{r.attachments.join(', ') || '—'}</Table.Td>
                <Table.Td>
                  {r.status ? MAIL_STATUS_LABELS[r.status] : '—'}
                  {r.error && <Text size="xs" c="dimmed">{r.error}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
