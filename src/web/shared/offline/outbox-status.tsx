import { Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload } from '@tabler/icons-react';
import { dismiss, retryFailed } from './outbox.ts';
import { useOutbox } from './use-outbox.ts';

/**
 * The offline queue on every screen (issue 26): 'All saved', or what waits ('3 changes and 5
 * photos waiting'); tapped, the list of what waits and of what the server refused, with the reason.
 */
export default function OutboxStatus() {
  const { items, summary, failed, sending } = useOutbox();
  const waiting = items.length > 0;
  return (
    <Popover position="bottom-end" width={320} shadow="md">
      <Popover.Target>
        <UnstyledButton className="outbox-status" aria-label={`${summary}${failed.length ? `, ${failed.length} refused` : ''}. Show the queue`}>
          <Group gap={6} wrap="nowrap">
            {waiting ? <IconCloudUpload size={18} /> : <IconCloudCheck size={18} />}
            <Text size="sm" c={failed.length ? 'red' : waiting ? undefined : 'dimmed'}>{summary}</Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {items.length === 0 ? <Text size="sm">Every change and photo has reached the server.</Text> : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Waiting to be sent">
            {items.map((item) => (
              <li key={item.seq}>
                <Text size="sm">{item.label}</Text>
                {item.failure ? (
                  <>
                    <Text size="xs" c="red">{item.failure.message}</Text>
                    <Group gap="xs">
                      <Button size="compact-sm" variant="light" onClick={() => void retryFailed(item.seq!)}>Try again</Button>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => void dismiss(item.seq!)}>Discard</Button>
                    </Group>
                  </>
                ) : <Text size="xs" c="dimmed">{item.seq === sending ? 'Sending…' : 'Waiting'}</Text>}
              </li>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
