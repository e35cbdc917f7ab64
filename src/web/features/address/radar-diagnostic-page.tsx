import { Alert, Badge, Button, Card, Code, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/transport.ts';
import { fetchLookupStatus, fetchPlace, fetchSuggestions } from '../../shared/address/api.ts';
import { addressKeys } from './query-keys.ts';

interface Outcome { ok: boolean; ms: number; status: string; body: unknown }

/** /radar-diagnostic: calls the server's address-lookup proxy directly and shows what came back. */
export default function RadarDiagnosticPage() {
  const status = useQuery({ queryKey: addressKeys.status, queryFn: fetchLookupStatus });
  const [kind, setKind] = useState<'autocomplete' | 'place'>('autocomplete');
  const [input, setInput] = useState('');
  const [country, setCountry] = useState('US');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    if (!input.trim()) return;
    setRunning(true);
    const started = performance.now();
    try {
      const body = kind === 'autocomplete'
        ? await fetchSuggestions(input.trim(), { country: country.trim() || undefined, limit: 10 })
        : await fetchPlace(input.trim());
      const count = 'addresses' in body ? `${body.addresses.length} result(s)` : '1 address';
      setOutcome({ ok: true, ms: performance.now() - started, status: `200 · ${count}`, body });
    } catch (e) {
      const error = e instanceof ApiError ? { code: e.code, status: e.status, message: e.message, details: e.details } : { message: String(e) };
      setOutcome({ ok: false, ms: performance.now() - started, status: `${error.status ?? 'failed'} · ${error.message}`, body: error });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>Address lookup diagnostic</Title>
      <Card withBorder padding="md">
        <Group gap="sm">
          <Text fw={500}>Lookup</Text>
          {status.isPending && <Loader size="xs" />}
          {status.data && (
            <>
              <Badge color={status.data.enabled ? 'green' : 'gray'}>{status.data.enabled ? 'Ready' : 'Not configured'}</Badge>
              <Text size="sm" c="dimmed">Environment: {status.data.environment}</Text>
            </>
          )}
          {status.error && <Text size="sm" c="red.8">{status.error.message}</Text>}
        </Group>
      </Card>
      <Card withBorder padding="md">
        <form onSubmit={(e) => { e.preventDefault(); void run(); }}>
          <Stack gap="sm">
            <SegmentedControl aria-label="Call" value={kind} onChange={(v) => setKind(v as typeof kind)}
              data={[{ value: 'autocomplete', label: 'Autocomplete' }, { value: 'place', label: 'Place lookup' }]} w="fit-content" />
            <Group align="flex-end">
              <TextInput label={kind === 'autocomplete' ? 'Query' : 'Place id'} value={input} style={{ flex: 1 }}
                placeholder={kind === 'autocomplete' ? '20 Jay St' : '20 Jay St, Brooklyn, NY 11201 US'}
                onChange={(e) => setInput(e.currentTarget.value)} />
              {kind === 'autocomplete' && (
                <TextInput label="Countries" w={120} value={country} onChange={(e) => setCountry(e.currentTarget.value.toUpperCase())} />
              )}
              <Button type="submit" loading={running}>Run</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {outcome && (
        <Stack gap="xs">
          <Alert color={outcome.ok ? 'green' : 'red'} role="status">
            {outcome.status} · {Math.round(outcome.ms)} ms
          </Alert>
          <Code block aria-label="Response">{JSON.stringify(outcome.body, null, 2)}</Code>
        </Stack>
      )}
    </Stack>
  );
}
