import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TImport } from '../../../core/api/import.ts';
import { saveMapping, startDryRun, useKeepImport } from './api.ts';

const entries = (n: number) => `${n.toLocaleString()} time ${n === 1 ? 'entry' : 'entries'}`;

function fileRatesSentence({ timeEntries, withFileRate }: { timeEntries: number; withFileRate: number }): string {
  if (timeEntries === 1) return 'The file gives it a rate of its own.';
  if (withFileRate === timeEntries) return 'The file gives all of them a rate of their own.';
  return `The file gives ${withFileRate.toLocaleString()} of them a rate of their own.`;
}

/**
 * The dry run's word on entries the import would value at $0.00 (issue 38): the firm has no rate for
 * their job title and case. Where the file has rates of its own, it offers them: the mapping is saved
 * with the file's rates and the dry run tried again. The import is super admins' only, so the money
 * wording reaches no one else.
 */
export function UnpricedNote({ item }: { item: TImport }) {
  const keep = useKeepImport();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unpriced = item.dryRun?.unpriced;
  if (!unpriced || unpriced.timeEntries === 0) return null;

  const chooseFileRates = async () => {
    setBusy(true);
    setProblem(null);
    try {
      keep(await saveMapping(item.id, { ...item.mapping, rates: 'file' }));
      keep(await startDryRun(item.id));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "The file's rates were not chosen. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert color="yellow" title="Entries at $0.00">
      <Stack gap={6}>
        <Text size="sm">
          {entries(unpriced.timeEntries)} would be valued at $0.00: the firm has no rate for their job title on their case.
        </Text>
        {unpriced.withFileRate > 0 && item.mapping.rates === 'firm' && (
          <>
            <Text size="sm">{fileRatesSentence(unpriced)}</Text>
            <div><Button size="xs" onClick={() => void chooseFileRates()} loading={busy}>Use the file&apos;s rates</Button></div>
          </>
        )}
        {problem && <Text size="sm" c="red" role="alert">{problem}</Text>}
        <Text size="xs" c="dimmed">Rates are kept on each entry as imported, as for any entry: set the firm&apos;s rates first to have them used instead.</Text>
      </Stack>
    </Alert>
  );
}
