import { Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { SettingsCard } from '../../ui/settings-card.tsx';

/** Two-factor sign-in (issue 27): built by its own change; this file only holds its place in Settings. */
export function TwoFactorSection() {
  return <SettingsCard id="two-factor-section" icon={IconShieldLock} title="Two-factor sign-in"><Text size="sm" c="dimmed">Coming in this change.</Text></SettingsCard>;
}
