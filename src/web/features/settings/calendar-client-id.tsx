import { Alert, Button, Code, CopyButton, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TCalendarConnection, TCalendarTestResult } from '../../../core/api/calendar.ts';
import { useSaveClientId, useSaveClientSecret } from './calendar-api.ts';

type Problem = TCalendarTestResult | undefined;
const problemOf = (test: Problem, field: TCalendarTestResult['problem']) => (test && !test.ok && test.problem === field ? test.message : null);

/** The exact redirect URI to register with Google, copyable; Test connection's complaint about it shows here. */
function RedirectUri({ uri, problem }: { uri: string; problem: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>Authorized redirect URI</Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }} data-testid="calendar-redirect-uri">{uri}</Code>
        <CopyButton value={uri}>
          {({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">Add it, exactly as shown, to the OAuth client's "Authorized redirect URIs" in Google Cloud Console.</Text>
      {problem && <Alert color="red" role="alert">{problem}</Alert>}
    </Stack>
  );
}

/** The client secret: never shown again once saved ('A client secret is saved', Replace); GOOGLE_CLIENT_SECRET wins. */
function ClientSecret({ c, problem, onSave }: { c: TCalendarConnection; problem: string | null; onSave(): void }) {
  const save = useSaveClientSecret();
  const [replacing, setReplacing] = useState(false);
  const [draft, setDraft] = useState('');
  if (c.clientSecretFromEnvironment) {
    return <PasswordInput label="Client secret" disabled value="" placeholder="Set on the server" w={460} error={problem}
      description={<>Set by <Code>GOOGLE_CLIENT_SECRET</Code> on the server, which wins over this field.</>} />;
  }
  if (c.clientSecretSet && !replacing) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>Client secret</Text>
        <Group gap="sm">
          <Text size="sm">A client secret is saved.</Text>
          <Button size="compact-sm" variant="default" onClick={() => { setReplacing(true); save.reset(); }}>Replace</Button>
        </Group>
        {problem && <Alert color="red" role="alert">{problem}</Alert>}
      </Stack>
    );
  }
  return (
    <form onSubmit={(e) => {
      e.preventDefault();
      onSave();
      save.mutate(draft, { onSuccess: () => { setDraft(''); setReplacing(false); } });
    }}>
      <Group align="flex-end" gap="sm">
        <PasswordInput label="Client secret" description="Stored encrypted on the server; never shown again." value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)} error={save.error?.message ?? problem} w={460} autoComplete="new-password" />
        <Button type="submit" variant="default" disabled={!draft.trim()} loading={save.isPending}>Save secret</Button>
        {replacing && <Button variant="subtle" onClick={() => { setReplacing(false); setDraft(''); }}>Cancel</Button>}
      </Group>
    </form>
  );
}

/**
 * Which OAuth client the connection uses (admins; the server refuses others): GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET when the server has them, else the client id and secret saved here. No
 * restart: every instance reads them from the database when it needs them. Test connection's
 * complaints show next to the field they concern.
 */
export function CalendarClientId({ c, test, onSave }: { c: TCalendarConnection; test: Problem; onSave(): void }) {
  const save = useSaveClientId();
  const [draft, setDraft] = useState(c.clientId ?? '');
  useEffect(() => setDraft(c.clientId ?? ''), [c.clientId]);
  const locked = c.connected;
  const idProblem = problemOf(test, 'clientId');

  return (
    <Stack gap="sm" maw={620}>
      {c.missing.length > 0 && (
        <Alert color="yellow" title="Not configured">
          Enter the Client ID and the client secret of the firm's OAuth client (Google Cloud Console → APIs &amp; Services →
          Credentials, a "Web application" client). No restart is needed. Until then action items are not synced.
        </Alert>
      )}
      {c.clientIdFromEnvironment ? (
        <Text size="sm">Client ID <Code>{c.clientId}</Code>, set by <Code>GOOGLE_CLIENT_ID</Code> on the server.
          {idProblem && <Alert color="red" role="alert" mt="xs">{idProblem}</Alert>}</Text>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); onSave(); save.mutate(draft); }}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Google Client ID"
              description={locked ? 'Disconnect the calendar to change it.' : 'Used when GOOGLE_CLIENT_ID is not set on the server.'}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              disabled={locked}
              error={save.error?.message ?? idProblem}
              w={460}
              autoComplete="off"
            />
            <Button type="submit" variant="default" disabled={locked || draft.trim() === (c.clientId ?? '')} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </form>
      )}
      <ClientSecret c={c} problem={problemOf(test, 'clientSecret')} onSave={onSave} />
      <RedirectUri uri={c.redirectUri} problem={problemOf(test, 'redirectUri')} />
    </Stack>
  );
}
