import { Badge, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isGone, OUTBOX_GONE_NOTE, OUTBOX_NOT_KEPT } from '../../../core/outbox.ts';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { discard, retryFailed } from './outbox.ts';
import { useOutbox } from './use-outbox.ts';

/**
 * One waiting or refused write in the list; a refused one can be sent again or discarded (asked
 * first). One whose record was deleted meanwhile (410) is dropped already: its notice has only OK.
 */
function QueueRow({ item, sending }: { item: OutboxItem; sending: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <li>
      <Text size="sm" fw={item.failure ? 600 : undefined}>{item.label}</Text>
      {!item.failure && <Text size="xs" c="dimmed">{sending ? 'Sending…' : 'Waiting'}</Text>}
      {item.failure && (
        <>
          <Text size="xs" c="red.8">Not saved: {item.failure.message}</Text>
          {isGone(item.failure) ? (
            <Group gap="xs" mt={4}>
              <Text size="xs">{OUTBOX_GONE_NOTE}</Text>
              <Button size="compact-sm" variant="light" onClick={() => void discard(item.seq!)}>OK</Button>
            </Group>
          ) : asking ? (
            <Group gap="xs" mt={4}>
              <Text size="xs">Discard this for good? It will not be sent.</Text>
              <Button size="compact-sm" color="red" onClick={() => void discard(item.seq!)}>Discard</Button>
              <Button size="compact-sm" variant="default" onClick={() => setAsking(false)}>Keep</Button>
            </Group>
          ) : (
            <Group gap="xs" mt={4}>
              <Button size="compact-sm" variant="light" onClick={() => void retryFailed(item.seq!)}>Try again</Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setAsking(true)}>Discard</Button>
            </Group>
          )}
        </>
      )}
    </li>
  );
}

/**
 * The offline queue on every screen (issue 26, docs/decisions/151): 'Offline' while there is no
 * connection, and 'All saved' or what waits ('3 changes and 5 photos waiting'); tapped, the list of
 * what waits and of what the server refused, with the reason, Try again and Discard (a write whose
 * record was deleted meanwhile, 410: the reason and OK only; docs/decisions/110).
 */
export default function OutboxStatus() {
  const { items, summary, failed: refused, sending, online, notKept, ready } = useOutbox();
  const failed = [...refused, ...notKept];
  const [open, setOpen] = useState(false);
  const Icon = failed.length ? IconAlertTriangle : !online ? IconCloudOff : items.length ? IconCloudUpload : IconCloudCheck;
  // 'All saved' is never said while something was refused: '1 not saved' (tap for the reason), the
  // words the screens use for the same change ('Not saved: …', '1 row not saved').
  const line = !failed.length ? summary : items.length > refused.length ? `${summary}, ${failed.length} not saved` : `${failed.length} not saved`;
  const allSaved = ready && items.length === 0 && notKept.length === 0;
  // Until the person's queue is read (just signed in), nothing is said: never 'All saved' too early.
  const said = allSaved || !ready ? '' : line;
  const offline = online ? '' : 'Offline. ';
  // 'All saved' stands beside the button, not in its name: a "Save" button of any screen is never
  // confused with it (a name is matched by its words).
  return (
    <>
      <Popover position="bottom-end" width={320} shadow="md" opened={open} onChange={setOpen}>
        <Popover.Target>
          <UnstyledButton className="outbox-status" onClick={() => setOpen((o) => !o)}
            aria-label={said ? `${offline}${said}. Show the queue` : `${offline}Show the queue`}>
            <Group gap={6} wrap="nowrap">
              {!online && <Badge color="gray" variant="filled" size="sm" aria-hidden style={{ flexShrink: 0, overflow: 'visible' }} miw="fit-content">Offline</Badge>}
              <Icon size={18} color={failed.length ? 'var(--mantine-color-red-7)' : undefined} aria-hidden />
              {said && <Text size="sm" c={failed.length ? 'red.8' : undefined}>{said}</Text>}
            </Group>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            {!online && <Text size="sm" fw={600}>No connection. Your work is kept on this device and sent when the connection returns.</Text>}
            {allSaved ? <Text size="sm">Every change and photo has reached the server.</Text> : (
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Waiting to be sent">
                {items.map((item) => <QueueRow key={item.seq} item={item} sending={item.seq === sending} />)}
                {notKept.map((n) => (
                  <li key={n.key}>
                    <Text size="sm" fw={600}>{n.label}</Text>
                    <Text size="xs" c="red.8">{OUTBOX_NOT_KEPT}</Text>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {allSaved && <Text size="sm" c="dimmed" className="outbox-all-saved" onClick={() => setOpen(true)}>{summary}</Text>}
    </>
  );
}
