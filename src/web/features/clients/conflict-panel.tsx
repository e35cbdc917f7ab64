import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatUsDate } from '../../../core/smart-date.ts';
import { reportError } from '../../lib/error-store.ts';
import { DecisionForm, DecisionText, HitsTable } from './conflict-hits.tsx';
import { runCaseCheck, useCaseConflicts, useInvalidateConflicts } from './conflicts-api.ts';
import { useQuerySettled } from '../../ui/settle-together.tsx';

/** The case's conflict check: run it, its newest hits, the decision on it. */
export function ConflictPanel({ caseId, canEdit }: { caseId: string; canEdit: boolean }) {
  const state = useCaseConflicts(caseId);
  useQuerySettled(state);
  const invalidate = useInvalidateConflicts(caseId);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      await runCaseCheck(caseId);
      await invalidate();
    } catch (error) {
      reportError(error, { screen: 'case', action: 'conflict-check' });
    } finally {
      setRunning(false);
    }
  };
  const latest = state.data?.checks[0];
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3}>Conflict check</Title>
        {canEdit && <Button variant="light" onClick={run} loading={running}>Run conflict check</Button>}
      </Group>
      {state.data?.status === 'grandfathered' && !latest && <Text c="dimmed">Opened before conflict checks; no check on record.</Text>}
      {state.data?.status !== 'grandfathered' && !latest && <Text c="dimmed">No conflict check has been run for this case.</Text>}
      {latest && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">Run by {latest.ranBy} on {formatUsDate(latest.ranAt)}{(state.data?.checks.length ?? 0) > 1 ? ` · ${state.data!.checks.length - 1} earlier check(s) on record` : ''}</Text>
          <HitsTable check={latest} />
          {latest.decision ? <DecisionText check={latest} /> : canEdit && <DecisionForm key={latest.id} check={latest} onDecided={invalidate} />}
        </Stack>
      )}
    </Paper>
  );
}
