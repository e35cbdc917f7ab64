import { Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { SettingsCard } from '../../ui/settings-card.tsx';

/** Sign-in security (issue 27): built by its own change; this file only holds its place in Settings. */
export function SecuritySection() {
  return <SettingsCard id="security-section" icon={IconLock} title="Sign-in security"><Text size="sm" c="dimmed">Coming in this change.</Text></SettingsCard>;
}
