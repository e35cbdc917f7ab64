import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TImport } from '../../../core/api/import.ts';
import { startImport, useKeepImport } from './api.ts';
import { OutcomeView } from './outcome-view.tsx';

/** Step 4: the confirmation, then the progress (polled), then what the import did. */
export function RunStep({ item }: { item: TImport }) {
  const keep = useKeepImport();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      keep(await startImport(item.id));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'The import did not start. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (item.status === 'uploaded') {
    const rows = item.dryRun ? item.rowCount - item.dryRun.refused.length - item.dryRun.skipped.length - (item.dryRun.nonBillable?.length ?? 0) : item.rowCount;
    return (
      <Stack gap="sm">
        <Text size="sm">
          Import <b>{item.fileName}</b> now: {rows.toLocaleString()} {rows === 1 ? 'row' : 'rows'} to bring in, as the dry run showed.
          Everything is saved in one go: if anything fails, nothing is kept.
        </Text>
        {problem && <Alert color="red" role="alert" title="Not started">{problem}</Alert>}
        <Group><Button onClick={() => void run()} loading={busy}>Import now</Button></Group>
      </Stack>
    );
  }
  if (item.status === 'running') {
    const { done, total } = item.progress;
    const percent = total > 0 ? Math.round((done / total) * 100) : 0;
    return (
      <Stack gap={4}>
        <Text size="sm" role="status">Importing {item.fileName}: {done.toLocaleString()} of {total.toLocaleString()} rows…</Text>
        <Progress value={percent} striped animated size="lg" aria-label="Import progress" />
      </Stack>
    );
  }
  if (item.status === 'failed') {
    return <Alert color="red" role="alert" title="The import failed">{item.error ?? 'The import failed.'} Nothing from this file was saved.</Alert>;
  }
  return (
    <Stack gap="md">
      <Alert color="green" title="Imported" role="status">{item.fileName} is imported.</Alert>
      {item.result && <OutcomeView outcome={item.result} tense="did" />}
      <Group gap="lg">
        <Anchor component={Link} to="/time-tracking">See the time entries</Anchor>
        <Anchor component={Link} to="/existing-clients">See the clients and projects</Anchor>
      </Group>
    </Stack>
  );
}
