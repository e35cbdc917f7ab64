import { Alert, Badge, Button, Group, SegmentedControl, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import type { TAddressLookupSettings, TRadarEnvironment } from '../../../core/api/settings.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { reportError } from '../../lib/error-store.ts';
import { fetchAddressLookupKeys, useAddressLookupSettings, useSaveAddressLookupSettings, useTestAddressLookup } from './api.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

interface Draft { enabled: boolean; environment: TRadarEnvironment; testKey: string; liveKey: string }

function TestResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result) return null;
  return <Alert color={result.ok ? 'green' : 'red'} role="status" maw={620}>{result.message}</Alert>;
}

/** Settings → address lookup: enabled flag, environment, one publishable key for each, Test and Save. */
export function AddressLookupSection() {
  const settings = useAddressLookupSettings(true);
  const save = useSaveAddressLookupSettings();
  const test = useTestAddressLookup();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [original, setOriginal] = useState<Draft | null>(null);
  const [opening, setOpening] = useState(false);
  useUnsavedChanges(draft !== null && JSON.stringify(draft) !== JSON.stringify(original));
  const s = settings.data;
  const timeZone = useFirmTimeZone();

  const edit = async (current: TAddressLookupSettings) => {
    setOpening(true);
    try {
      const keys = await fetchAddressLookupKeys();
      const d = { enabled: current.enabled, environment: current.environment, testKey: keys.testKey ?? '', liveKey: keys.liveKey ?? '' };
      setDraft(d);
      setOriginal(d);
      test.reset();
    } catch (e) {
      reportError(e, { screen: 'settings', action: 'open address-lookup keys' });
    } finally {
      setOpening(false);
    }
  };

  const submit = () => {
    if (!draft || !s) return;
    save.mutate({ ...draft, version: s.version }, {
      onSuccess: () => {
        test.reset();
        setDraft(null);
        setOriginal(null);
      },
    });
  };

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const draftKey = draft ? (draft.environment === 'live' ? draft.liveKey : draft.testKey) : '';

  return (
    <SettingsCard id="address-lookup" icon={IconMapPin} title="Address lookup"
      aside={s && <Badge color={s.enabled ? 'green' : 'gray'} variant="light">{s.enabled ? 'Enabled' : 'Disabled'}</Badge>}>
        <Text size="sm" c="dimmed">
          Suggests addresses while staff type, through Radar. The publishable keys stay on the server; browsers never receive them.
        </Text>
        {settings.error && <Alert color="red">{settings.error.message}</Alert>}
        {s && !draft && (
          <>
            <Table variant="vertical" layout="fixed" withTableBorder maw={620}>
              <Table.Tbody>
                <Table.Tr><Table.Th w={200}>Environment</Table.Th><Table.Td>{s.environment === 'live' ? 'Live' : 'Test'}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>Test publishable key</Table.Th><Table.Td>{s.testKeyMasked ?? 'Not set'}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>Live publishable key</Table.Th><Table.Td>{s.liveKeyMasked ?? 'Not set'}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>Last changed</Table.Th><Table.Td>{firmDateTime(s.updatedAt, timeZone)}</Table.Td></Table.Tr>
              </Table.Tbody>
            </Table>
            {s.enabled && !(s.environment === 'live' ? s.liveKeyMasked : s.testKeyMasked) && (
              <Alert color="yellow" maw={620}>
                Address lookup is enabled, but no {s.environment} publishable key is saved: lookups will not work until one is saved.
              </Alert>
            )}
            <TestResult result={test.data} />
            <Group>
              <Button onClick={() => void edit(s)} loading={opening}>Edit</Button>
              <Button variant="default" loading={test.isPending} onClick={() => test.mutate({ environment: s.environment }, {
                onError: (e) => reportError(e, { screen: 'settings', action: 'test address lookup' }),
              })}>Test</Button>
            </Group>
          </>
        )}
        {s && draft && (
          <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <Stack gap="sm" maw={620}>
              {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
              <Switch label="Enabled" checked={draft.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
              <div>
                <Text size="sm" fw={500} mb={4}>Environment</Text>
                <SegmentedControl
                  aria-label="Environment" value={draft.environment}
                  data={[{ value: 'test', label: 'Test' }, { value: 'live', label: 'Live' }]}
                  onChange={(v) => {
                    set({ environment: v as TRadarEnvironment });
                    test.reset();
                  }}
                />
              </div>
              <TextInput label="Test publishable key" placeholder="prj_test_pk_…" autoComplete="off" spellCheck={false}
                value={draft.testKey} onChange={(e) => set({ testKey: e.currentTarget.value })} />
              <TextInput label="Live publishable key" placeholder="prj_live_pk_…" autoComplete="off" spellCheck={false}
                value={draft.liveKey} onChange={(e) => set({ liveKey: e.currentTarget.value })} />
              <TestResult result={test.data} />
              <Group>
                <Button type="submit" loading={save.isPending}>Save</Button>
                <Button variant="default" loading={test.isPending} onClick={() => test.mutate(
                  { environment: draft.environment, publishableKey: draftKey.trim() || undefined },
                  { onError: (e) => reportError(e, { screen: 'settings', action: 'test address lookup' }) },
                )}>Test</Button>
                <Button variant="subtle" onClick={() => {
                  setDraft(null);
                  setOriginal(null);
                  save.reset();
                }}>Cancel</Button>
              </Group>
            </Stack>
          </form>
        )}
    </SettingsCard>
  );
}
