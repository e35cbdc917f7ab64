import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldLabel } from '../../../core/field-reports/field-reports.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import type { Draft } from '../../lib/browser-db.ts';
import { firmDate, firmDateTime, firmTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

/** '3:42 PM EST' today, '11/25/2026 3:42 PM EST' before: the firm's clock. */
function whenText(at: number, timeZone: string, now = Date.now()): string {
  return firmDate(at, timeZone) === firmDate(now, timeZone) ? firmTime(at, timeZone, true) : firmDateTime(at, timeZone);
}

/** A glimpse of a kept value, enough to recognise it. */
function preview(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null) return 'Not determined';
  if (Array.isArray(value)) return `${value.length} listed`;
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatUsDate(text);
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return text.length > 80 ? `${start} (${text.length.toLocaleString('en-US')} characters)` : start || '(empty)';
}

/**
 * Text typed on this device that the server never got (a closed tab, a reload, a refusal): offered
 * back when the report is opened. Restore puts the chosen fields into the form, Discard forgets them.
 */
export function KeptDraftsAlert({ drafts, onRestore, onDiscard }: {
  drafts: Draft[]; onRestore(fields: string[]): void; onDiscard(fields: string[]): void;
}) {
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const timeZone = useFirmTimeZone();
  if (!drafts.length) return null;
  // With one field left there is nothing to choose between (and no box to tick).
  const chosen = drafts.map((d) => d.field).filter((f) => drafts.length === 1 || !unchecked.has(f));
  const latest = Math.max(...drafts.map((d) => d.updatedAt));
  const toggle = (field: string, on: boolean) => setUnchecked((u) => {
    const next = new Set(u);
    if (on) next.delete(field);
    else next.add(field);
    return next;
  });
  return (
    <Alert color="blue" icon={<IconDeviceFloppy size={18} />} title={`You have unsaved changes from ${whenText(latest, timeZone)}`}
      role="region">
      <Text size="sm">They were typed on this device and have not reached the server. Restore them to the form, or discard them.</Text>
      <Stack gap={6} my="sm">
        {drafts.map((d) => (
          <Group key={d.field} gap="xs" wrap="nowrap" align="flex-start">
            {drafts.length > 1 && (
              <Checkbox aria-label={fieldLabel(d.field)} checked={!unchecked.has(d.field)} onChange={(e) => toggle(d.field, e.currentTarget.checked)} />
            )}
            <Text size="sm" fw={600} style={{ flexShrink: 0 }}>{fieldLabel(d.field)}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{preview(d.value)}</Text>
          </Group>
        ))}
      </Stack>
      <Group gap="sm">
        <Button size="xs" disabled={!chosen.length} onClick={() => onRestore(chosen)}>Restore</Button>
        <Button size="xs" variant="default" disabled={!chosen.length} onClick={() => onDiscard(chosen)}>Discard</Button>
      </Group>
    </Alert>
  );
}
