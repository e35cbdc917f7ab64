import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TImport } from '../../../core/api/import.ts';
import { OutcomeView } from './outcome-view.tsx';
import { UnpricedNote } from './unpriced-note.tsx';

/** Step 3: what the import would create, match, skip and refuse; nothing is saved yet. */
export function DryRunStep({ item, onBack, onNext }: { item: TImport; onBack(): void; onNext(): void }) {
  const outcome = item.dryRun;
  if (!outcome) {
    return (
      <Stack gap="sm">
        <Alert color="yellow">The mapping changed since the last dry run: try a dry run again before importing.</Alert>
        <Group><Button variant="default" onClick={onBack}>Back to the mapping</Button></Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">A dry run of <b>{item.fileName}</b> with the mapping as saved. Nothing has been saved yet.</Text>
      <OutcomeView outcome={outcome} tense="would" />
      <UnpricedNote item={item} />
      <Group>
        <Button variant="default" onClick={onBack}>Back to the mapping</Button>
        <Button onClick={onNext}>Go on to the import</Button>
      </Group>
    </Stack>
  );
}
