import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFeedLink } from '../../../core/api/calendar.ts';
import { api } from '../../lib/api.ts';

const key = ['calendar', 'feed'] as const;

/**
 * The user's private calendar feed (docs/decisions/163): a secret address any calendar app can
 * subscribe to, with their assigned items. A new link stops the old one; so does turning it off.
 */
export default function CalendarFeedDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const client = useQueryClient();
  const feed = useQuery({ queryKey: key, queryFn: () => api<TFeedLink>('/api/calendar/feed'), enabled: opened, staleTime: 0 });
  const change = useMutation({
    mutationFn: (action: 'new' | 'off') => api<TFeedLink>('/api/calendar/feed', action === 'new' ? { method: 'POST', body: {} } : { method: 'DELETE' }),
    onSuccess: (link) => client.setQueryData(key, link),
  });
  const url = feed.data?.url ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>My calendar feed</Text>} size="lg" centered>
        <Stack gap="md">
          <Text size="sm">
            Subscribe to this private address in Google Calendar, Outlook or Apple Calendar to see the action items assigned
            to you (not archived, with a date). It works without the firm's Google connection. Keep it to yourself: anyone
            with the address can read these items.
          </Text>
          {(feed.error || change.error) && <Alert color="red">{(feed.error ?? change.error)!.message}</Alert>}
          {url ? (
            <>
              <TextInput label="Feed address" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <Group>
                <CopyButton value={url}>
                  {({ copied, copy }) => <Button onClick={copy} color={copied ? 'teal' : undefined}>{copied ? 'Copied' : 'Copy'}</Button>}
                </CopyButton>
                <Button variant="default" loading={change.isPending} onClick={() => change.mutate('new')}>New link</Button>
                <Button variant="subtle" color="red" loading={change.isPending} onClick={() => change.mutate('off')}>Turn off</Button>
              </Group>
              <Text size="xs" c="dimmed">A new link replaces this one: calendars subscribed to the old address stop updating.</Text>
            </>
          ) : (
            feed.isSuccess && <Group><Button loading={change.isPending} onClick={() => change.mutate('new')}>Create link</Button></Group>
          )}
        </Stack>
      </Modal>
  );
}
