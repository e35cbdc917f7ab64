import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { TCustomRates } from '../../../core/api/clients.ts';
import { formatCurrency } from '../../../core/money.ts';
import { useKeptEdits } from '../../lib/kept-edits.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { useQuerySettled } from '../../ui/settle-together.tsx';
import { isEditConflict, saveCustomRates, useCustomRates } from './api.ts';
import { SaveError } from './fields.tsx';

const RATE = /^\d{1,8}(\.\d{1,2})?$/;
const NO_RATES: Record<string, string> = {};

/**
 * The case's custom rates (SPEC §3 Case rate assignment), keyed by customRateKey(jobType).
 * Rates are money: this is rendered for super_admin only and the API refuses everyone else.
 * The rates typed survive the server's answers (docs/decisions/037, 223): another person's save met on
 * Save (409) fills only the rates this person left alone, and the next Save goes against their version.
 */
export function CustomRatesEditor({ caseId }: { caseId: string }) {
  const rates = useCustomRates(caseId, true);
  useQuerySettled(rates);
  const loaded = rates.data;
  const kept = useKeptEdits(loaded?.customRates ?? NO_RATES);
  const values = kept.form;
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const baseline = loaded?.customRates ?? {};
  const clean = (v: Record<string, string>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== ''));
  // The same rates whatever their keys' order (the server's answer and the form's may list them differently).
  const sorted = (v: Record<string, string>) => JSON.stringify(Object.entries(clean(v)).sort(([a], [b]) => a.localeCompare(b)));
  const dirty = sorted(values) !== sorted(baseline);
  useUnsavedChanges(dirty);

  if (rates.isLoading) return null;
  if (!loaded) return <Text c="dimmed">The custom rates could not be loaded.</Text>;
  const invalid = Object.entries(clean(values)).filter(([, v]) => !RATE.test(v.trim()));
  const known = new Set(loaded.jobTypes.map((j) => j.key));
  const orphans = Object.keys(loaded.customRates).filter((k) => !known.has(k));

  const save = async (current: TCustomRates) => {
    setSaving(true);
    setError(null);
    try {
      const sent = values;
      await saveCustomRates(caseId, { customRates: clean(sent), version: current.version });
      kept.acknowledge(sent);
      await rates.refetch();
      setSaved(true);
    } catch (e) {
      setError(e);
      if (isEditConflict(e)) await rates.refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg">
      <Stack>
        <div>
          <Title order={3}>Custom rates</Title>
          <Text size="sm" c="dimmed">A custom rate replaces the rate code's hourly rate for this case. Leave blank to use the standard rate.</Text>
        </div>
        {loaded.jobTypes.length === 0 && <Text c="dimmed">Pick a rate code for this case to set custom rates for its job types.</Text>}
        {loaded.jobTypes.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>Job type</Table.Th><Table.Th>Standard rate</Table.Th><Table.Th w={200}>Custom rate</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaded.jobTypes.map((j) => (
                <Table.Tr key={j.key}>
                  <Table.Td>{j.jobType}{!j.active && <Text span size="xs" c="dimmed"> (inactive)</Text>}</Table.Td>
                  <Table.Td>{formatCurrency(j.standardRate === null ? null : Number(j.standardRate))}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Custom rate for ${j.jobType}`} leftSection="$" placeholder="Standard"
                      value={values[j.key] ?? ''} inputMode="decimal"
                      error={values[j.key] && !RATE.test(values[j.key]!.trim()) ? 'Enter an amount like 125.00' : undefined}
                      onChange={(e) => {
                        setSaved(false);
                        const typed = e.currentTarget.value;
                        kept.setForm((v) => ({ ...v, [j.key]: typed }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {orphans.length > 0 && (
          <Text size="sm" c="dimmed">Also stored for job types no longer in the rate code: {orphans.join(', ')}.</Text>
        )}
        <SaveError error={error} />
        <Group justify="flex-end">
          {saved && !dirty && <Text size="sm" c="teal">Custom rates saved.</Text>}
          <Button onClick={() => save(loaded)} loading={saving} disabled={!dirty || invalid.length > 0}>Save custom rates</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
