import { Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { SettingsCard } from '../../ui/settings-card.tsx';

/** API tokens (issue 27): built by its own change; this file only holds its place in Settings. */
export function ApiTokensSection() {
  return <SettingsCard id="api-tokens-section" icon={IconKey} title="API tokens"><Text size="sm" c="dimmed">Coming in this change.</Text></SettingsCard>;
}
