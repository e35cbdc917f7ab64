import { Anchor, Badge, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload } from '@tabler/icons-react';
import { listText } from '../../../core/field-reports/field-reports.ts';
import type { SaveState } from './use-autosave.ts';

const LABELS: Record<SaveState, string> = {
  saved: 'All changes saved',
  queued: 'Saved on this device: waiting to be sent',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  refused: 'Not saved',
  conflict: 'Not saved: someone else changed a field',
  blocked: 'Not saved: fix the date',
};

/**
 * The report's save state; a refusal or a date being fixed names its fields ('Not saved: Damage
 * summary'), and pressing the names goes to the first of them.
 */
export function SaveStatus({ state, fields, onShow }: { state: SaveState; fields: readonly string[]; onShow(): void }) {
  const bad = state === 'refused' || state === 'conflict' || state === 'blocked';
  const named = (state === 'refused' || state === 'blocked') && fields.length > 0;
  return (
    <Group gap={6} role="status" aria-live="polite" wrap="nowrap">
      {state === 'saving' && <Loader size={14} />}
      {state === 'queued' && <IconCloudUpload size={16} color="var(--mantine-color-blue-6)" />}
      {state === 'saved' && <IconCheck size={16} color="var(--mantine-color-teal-6)" />}
      {bad && <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" />}
      {named
        ? (
          <Text size="sm" c="orange.8">
            Not saved: <Anchor component="button" type="button" size="sm" c="red.8" fw={600} onClick={onShow}>{listText(fields)}</Anchor>
            {state === 'refused' && ' · everything else is saved'}
          </Text>
        )
        : <Text size="sm" c={bad ? 'orange.8' : 'dimmed'}>{LABELS[state]}</Text>}
    </Group>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const color = status === 'certified' ? 'teal' : status === 'superseded' ? 'gray' : 'blue';
  const label = status === 'certified' ? 'Certified' : status === 'superseded' ? 'Superseded' : 'Draft';
  return <Badge color={color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} miw="fit-content">{label}</Badge>;
}
