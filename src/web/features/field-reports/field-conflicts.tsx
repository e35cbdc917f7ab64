import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { fieldLabel } from '../../../core/field-reports/field-reports.ts';
import type { FieldConflict } from './field-queue.ts';

/** A field's value in words: text as typed, a flag as Yes/No, a list of parties by name. */
function shown(value: unknown): string {
  if (value === '' || value === null || value === undefined) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v && 'name' in v ? String(v.name) : shown(v))).join(', ') || '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Changes made here while someone else changed the same fields (docs/decisions/102): per field,
 * theirs and yours side by side, and the person keeps one. Nothing is overwritten unasked.
 */
export function FieldConflicts({ conflicts, onKeep }: { conflicts: readonly FieldConflict[]; onKeep(conflict: FieldConflict, keep: 'theirs' | 'yours'): void }) {
  if (!conflicts.length) return null;
  return (
    <Alert color="yellow" role="alert" title="Someone else changed these fields while yours waited">
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {conflicts.map((c) => {
          const label = fieldLabel(c.path);
          return (
            <li key={c.seq} aria-label={label}>
              <Text size="sm" fw={700}>{label}</Text>
              <Text size="sm"><b>Theirs:</b> {shown(c.theirs)}</Text>
              <Text size="sm"><b>Yours:</b> {shown(c.yours)}</Text>
              <Group gap="xs" mt={4}>
                <Button size="xs" variant="default" onClick={() => onKeep(c, 'theirs')} aria-label={`Keep theirs: ${label}`}>Keep theirs</Button>
                <Button size="xs" onClick={() => onKeep(c, 'yours')} aria-label={`Keep yours: ${label}`}>Keep yours</Button>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Alert>
  );
}
