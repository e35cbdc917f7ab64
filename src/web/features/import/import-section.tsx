import { Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { SettingsCard } from '../../ui/settings-card.tsx';

/** Import (issue 27): built by its own change; this file only holds its place in Settings. */
export function ImportSection() {
  return <SettingsCard id="import-section" icon={IconFileImport} title="Import"><Text size="sm" c="dimmed">Coming in this change.</Text></SettingsCard>;
}
