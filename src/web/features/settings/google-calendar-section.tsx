import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCalendarConnection } from '../../../core/api/calendar.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { ApiError } from '../../lib/transport.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { CalendarClientId } from './calendar-client-id.tsx';
import {
  startCalendarConnect, useCalendarConnection, useCalendarSaving, useDisconnectCalendar, useFinishCalendarConnect, useTestCalendar,
} from './calendar-api.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';

function Details({ c }: { c: TCalendarConnection }) {
  const timeZone = useFirmTimeZone();
  const when = (iso: string | null) => (iso ? firmDateTime(iso, timeZone) : '—');
  return (
    <Table variant="vertical" layout="fixed" withTableBorder maw={620}>
      <Table.Tbody>
        <Table.Tr><Table.Th w={200}>Calendar</Table.Th><Table.Td>{c.calendarSummary ?? '—'}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>Calendar ID</Table.Th><Table.Td>{c.calendarId ?? '—'}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>Scope</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{c.scope ?? '—'}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>Access token expires</Table.Th><Table.Td>{when(c.tokenExpiry)}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>Connected</Table.Th><Table.Td>{when(c.connectedAt)}</Table.Td></Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The provider sent the browser back to /settings with ?code&state (or ?error): finish once, then clean the address. */
function useReturnFromProvider() {
  const [params, setParams] = useSearchParams();
  const finish = useFinishCalendarConnect();
  const [denied, setDenied] = useState<string | null>(null);
  const done = useRef(false);
  useEffect(() => {
    const code = params.get('code');
    const error = params.get('error');
    if (done.current || (!code && !error)) return;
    done.current = true;
    if (code) finish.mutate({ code, state: params.get('state') ?? '' });
    else setDenied(`Google did not grant access: ${error}`);
    setParams({}, { replace: true });
  }, [params, setParams, finish]);
  return { finish, denied };
}

/** Settings → Google Calendar (admins): state, Connect, Disconnect, Test connection (SPEC §2, §4). */
export function GoogleCalendarSection() {
  const connection = useCalendarConnection();
  const { finish, denied } = useReturnFromProvider();
  const disconnect = useDisconnectCalendar();
  const test = useTestCalendar();
  const saving = useCalendarSaving();
  const [connectError, setConnectError] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const c = connection.data;

  const connect = async () => {
    setConnecting(true);
    setConnectError(null);
    try {
      window.location.assign(await startCalendarConnect());
    } catch (e) {
      setConnectError(e instanceof ApiError ? e.message : String(e));
      setConnecting(false);
    }
  };
  const problem = connectError ?? denied ?? finish.error?.message ?? disconnect.error?.message ?? null;

  return (
    <SettingsCard id="google-calendar" icon={IconCalendar} title="Google Calendar"
      aside={c && (c.needsReconnect
        ? <Badge color="red" variant="light">Needs reconnecting</Badge>
        : <Badge color={c.connected ? 'green' : 'gray'} variant="light">{c.connected ? 'Connected' : 'Not connected'}</Badge>)}>
        <Text size="sm" c="dimmed">
          Action items with sync on become events in the firm's Google Calendar. Tokens stay on the server, encrypted.
        </Text>
        {connection.error && <Alert color="red">{connection.error.message}</Alert>}
        {/* A save clears the last test's answer as it starts, so an answer to a test asked for after it stays. */}
        {c && <CalendarClientId c={c} test={test.data} onSave={() => test.reset()} />}
        {c?.needsReconnect && <Alert color="red" role="alert" maw={620}>{c.message}</Alert>}
        {problem && <Alert color="red" role="alert" maw={620}>{problem}</Alert>}
        {finish.isSuccess && c?.connected && !c.needsReconnect && (
          <Alert color="green" role="status" maw={620}>Connected to {c.calendarSummary ?? c.calendarId ?? 'Google Calendar'}.</Alert>
        )}
        {test.data && (test.data.ok || !test.data.problem) && (
          <Alert color={test.data.ok ? 'green' : 'red'} role="status" maw={620}>{test.data.message}</Alert>
        )}
        {c?.connected && <Details c={c} />}
        {c && (
          <Group>
            {(!c.connected || c.needsReconnect) && (
              <Button onClick={() => void connect()} loading={connecting || finish.isPending}>
                {c.needsReconnect ? 'Reconnect' : 'Connect'}
              </Button>
            )}
            {(c.configured || c.connected) && (
              <Button variant="default" loading={test.isPending} disabled={saving} onClick={() => test.mutate()}>Test connection</Button>
            )}
            {c.connected && (
              <Button variant="default" color="red" loading={disconnect.isPending} onClick={() => setConfirming(true)}>Disconnect</Button>
            )}
          </Group>
        )}
      <ConfirmModal
        opened={confirming}
        question="Disconnect Google Calendar? Action items stop syncing until it is connected again."
        confirmLabel="Disconnect"
        onNo={() => setConfirming(false)}
        onYes={() => {
          setConfirming(false);
          test.reset();
          disconnect.mutate();
        }}
      />
    </SettingsCard>
  );
}
