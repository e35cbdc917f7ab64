import { Alert, Badge, Button, Group, Modal, Pagination, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { TMailListItem, TMailStatus } from '../../../core/api/mail.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { MAIL_STATUS_LABELS } from '../../../core/mail.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useMailMessage, useSentMail } from './api.ts';

const PAGE_SIZE = 25;
const STATUS_COLORS: Record<TMailStatus, string> = { queued: 'yellow', sent: 'green', failed: 'red', not_sent: 'gray' };

const StatusBadge = ({ status }: { status: TMailStatus }) =>
  <Badge color={STATUS_COLORS[status]} variant="light" styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}>{MAIL_STATUS_LABELS[status]}</Badge>;

/** What the error column says: the error in words, and when a queued message is tried again. */
function Problem({ item, timeZone }: { item: TMailListItem; timeZone: string }) {
  if (!item.error) return null;
  return (
    <Text size="sm" c={item.status === 'not_sent' ? 'dimmed' : 'red.8'}>
      {item.error}
      {item.nextAttemptAt && ` Next try ${firmDateTime(item.nextAttemptAt, timeZone, false)}.`}
    </Text>
  );
}

/** Sent mail (issue 41): every message, newest first; one opens as its receiver sees it. */
export function SentMail() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useSentMail(page, PAGE_SIZE);
  const timeZone = useFirmTimeZone();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <SettingsCard id="sent-mail" icon={IconMailForward} title="Sent mail"
      aside={list.data && <Text size="sm" c="dimmed">{list.data.total} {list.data.total === 1 ? 'message' : 'messages'}</Text>}>
      {list.error && <Alert color="red" role="alert">{list.error.message}</Alert>}
      {!list.data && !list.error && <LoadingBlock h={160} label="Loading sent mail" />}
      {list.data && list.data.items.length === 0 && <Text size="sm" c="dimmed">No messages yet.</Text>}
      {list.data && list.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr><Table.Th>To</Table.Th><Table.Th>Subject</Table.Th><Table.Th w={110}>Status</Table.Th><Table.Th>When</Table.Th><Table.Th>Error</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.to}</Table.Td>
                  <Table.Td>
                    {item.readable ? (
                      <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpen(item.id)}
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>{item.subject}</Button>
                    ) : (
                      <Text size="sm" c="dimmed" fs="italic">Carries amounts of money: super admins only</Text>
                    )}
                  </Table.Td>
                  <Table.Td><StatusBadge status={item.status} /></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{firmDateTime(item.at, timeZone, false)}</Table.Td>
                  <Table.Td><Problem item={item} timeZone={timeZone} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Sent mail pages" />}
      <MessageView id={open} onClose={() => setOpen(null)} />
    </SettingsCard>
  );
}

function MessageView({ id, onClose }: { id: string | null; onClose(): void }) {
  const message = useMailMessage(id);
  const timeZone = useFirmTimeZone();
  const m = message.data;
  return (
    <Modal opened={id !== null} onClose={onClose} size="xl" title={m ? m.subject : 'Message'}>
      {message.error && <Alert color="red" role="alert">{message.error.message}</Alert>}
      {!m && !message.error && <LoadingBlock h={200} label="Loading the message" />}
      {m && (
        <Stack gap="sm">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr><Table.Th w={110}>From</Table.Th><Table.Td>{m.from ?? '(set when it is sent)'}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>To</Table.Th><Table.Td>{m.to}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Status</Table.Th><Table.Td><Group gap="xs"><StatusBadge status={m.status} />
                <Text size="sm">{firmDateTime(m.sentAt ?? m.createdAt, timeZone, false)}</Text></Group></Table.Td></Table.Tr>
              {m.attachments.length > 0 && (
                <Table.Tr><Table.Th>Attached</Table.Th><Table.Td>{m.attachments.map((a) => `${a.filename} (${Math.ceil(a.size / 1024)} KB)`).join(', ')}</Table.Td></Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {m.error && <Alert color={m.status === 'not_sent' ? 'gray' : 'red'}>{m.error}</Alert>}
          <Tabs defaultValue={m.html ? 'html' : 'text'}>
            <Tabs.List>
              {m.html && <Tabs.Tab value="html">As formatted</Tabs.Tab>}
              {m.text !== null && <Tabs.Tab value="text">Plain text</Tabs.Tab>}
            </Tabs.List>
            {m.html && (
              <Tabs.Panel value="html" pt="sm">
                {/* No scripts, no forms, no navigation: the message is shown, never run. */}
                <iframe title="The message as formatted" sandbox="" srcDoc={m.html} style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)' }} />
              </Tabs.Panel>
            )}
            {m.text !== null && (
              <Tabs.Panel value="text" pt="sm">
                <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>{m.text}</Text>
              </Tabs.Panel>
            )}
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
