import { Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { SettingsCard } from '../../ui/settings-card.tsx';

/** Sign in with Google or Microsoft (issue 27): built by its own change; this file only holds its place in Settings. */
export function ProvidersSection() {
  return <SettingsCard id="providers-section" icon={IconLogin} title="Sign in with Google or Microsoft"><Text size="sm" c="dimmed">Coming in this change.</Text></SettingsCard>;
}
