import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { localIsoDate, rangeProblem } from '../../../core/reports.ts';
import { downloadFile } from '../../lib/download.ts';

const firstOfMonth = () => `${localIsoDate(new Date()).slice(0, 8)}01`;

/** The period's issued bills and payments for the accounting package: QuickBooks Desktop (IIF) or Online (CSV). */
export function ExportsSection() {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => localIsoDate(new Date()));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = from && to ? rangeProblem(from, to) : 'Choose the first and last day of the period.';
  const download = async (kind: 'iif' | 'csv') => {
    setBusy(kind);
    setError(null);
    try {
      await downloadFile(`/api/accounting/export.${kind}?from=${from}&to=${to}`, `casebook-${from}-${to}.${kind}`);
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
        <Text size="sm" c="dimmed">Bills issued and payments received in the period, for QuickBooks Desktop (IIF) or QuickBooks Online (CSV import).</Text>
        <Group align="flex-end">
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button leftSection={<IconDownload size={16} />} disabled={!!problem} loading={busy === 'iif'} onClick={() => void download('iif')}>QuickBooks IIF</Button>
          <Button leftSection={<IconDownload size={16} />} variant="light" disabled={!!problem} loading={busy === 'csv'} onClick={() => void download('csv')}>CSV</Button>
        </Group>
        {problem && from && to && <Alert color="red">{problem}</Alert>}
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
    </Paper>
  );
}
