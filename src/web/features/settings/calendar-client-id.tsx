import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TCalendarConnection } from '../../../core/api/calendar.ts';
import { useSaveClientId } from './calendar-api.ts';

/**
 * Which OAuth client the connection uses: GOOGLE_CLIENT_ID when the server has it, else the id
 * saved here (admins; the server refuses others). The secret is environment-only: never asked for here.
 */
export function CalendarClientId({ c }: { c: TCalendarConnection }) {
  const save = useSaveClientId();
  const [draft, setDraft] = useState(c.clientId ?? '');
  useEffect(() => setDraft(c.clientId ?? ''), [c.clientId]);
  const locked = c.connected;

  return (
    <Stack gap="xs" maw={620}>
      {c.missing.length > 0 && (
        <Alert color="yellow" title="Not configured">
          Set {c.missing.map((m, i) => <span key={m}>{i > 0 && ' and '}<Code>{m}</Code></span>)} in the server's environment
          and restart Casebook{c.missing.includes('GOOGLE_CLIENT_ID') && ' (or enter the Client ID below instead of GOOGLE_CLIENT_ID)'}.
          Until then action items are not synced.
        </Alert>
      )}
      {c.clientIdFromEnvironment ? (
        <Text size="sm">Client ID <Code>{c.clientId}</Code>, set by <Code>GOOGLE_CLIENT_ID</Code> on the server.</Text>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); save.mutate(draft); }}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Google Client ID"
              description={locked ? 'Disconnect the calendar to change it.' : 'Used when GOOGLE_CLIENT_ID is not set. The client secret stays in GOOGLE_CLIENT_SECRET.'}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              disabled={locked}
              error={save.error?.message}
              w={460}
              autoComplete="off"
            />
            <Button type="submit" variant="default" disabled={locked || draft.trim() === (c.clientId ?? '')} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
