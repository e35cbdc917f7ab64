import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { rangeProblem } from '../../../../core/time/reports.ts';
import { downloadFile } from '../../../lib/download.ts';
import { localIsoDate } from '../../../../core/dates/iso-date.ts';
import { useToday } from '../../../ui/today.ts';

/**
 * The period's money for the accounting package: QuickBooks Desktop (IIF) or Online (journal-entry CSV), and the
 * totals per client to check the import against (docs/decisions/114).
 */
export function ExportsSection() {
  const today = localIsoDate(useToday()());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = from && to ? rangeProblem(from, to) : 'Choose the first and last day of the period.';
  const download = async (kind: 'iif' | 'csv' | 'totals') => {
    setBusy(kind);
    setError(null);
    try {
      const file = kind === 'totals' ? 'export-totals.csv' : `export.${kind}`;
      await downloadFile(`/api/accounting/${file}?from=${from}&to=${to}`, `QuickBooks-${from}-to-${to}${kind === 'totals' ? '-totals.csv' : `.${kind}`}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" maw={720}>
      <Stack>
        <Title order={3}>Export to QuickBooks</Title>
        <Text size="sm" c="dimmed">Bills, payments and their reversals, credit notes, retainer deposits, applications and refunds, and client credit of the period, for QuickBooks Desktop (IIF) or QuickBooks Online (journal entries CSV). The totals file gives, per client, what QuickBooks should then show: the statement&apos;s balance, retainer and credit.</Text>
        <Group align="flex-end">
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button leftSection={<IconDownload size={16} />} disabled={!!problem} loading={busy === 'iif'} onClick={() => void download('iif')}>QuickBooks IIF</Button>
          <Button leftSection={<IconDownload size={16} />} variant="light" disabled={!!problem} loading={busy === 'csv'} onClick={() => void download('csv')}>CSV</Button>
          <Button leftSection={<IconDownload size={16} />} variant="subtle" disabled={!!problem} loading={busy === 'totals'} onClick={() => void download('totals')}>Totals to check</Button>
        </Group>
        {problem && from && to && <Alert color="red">{problem}</Alert>}
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
    </Paper>
  );
}
