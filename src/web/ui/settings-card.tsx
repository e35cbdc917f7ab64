import { Card, Group, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

interface Props {
  /** Names the section: its title's id is `{id}-title`. */
  id: string;
  icon: ComponentType<{ size?: number; color?: string }>;
  title: string;
  /** Beside the title: a status badge. */
  aside?: ReactNode;
  gap?: MantineSpacing;
  maw?: number;
  children: ReactNode;
}

/** A section of Settings (or My account): a card named by its icon and title. */
export function SettingsCard({ id, icon: Icon, title, aside, gap = 'md', maw, children }: Props) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap={gap} maw={maw}>
        <Group gap="sm">
          <Icon size={22} color="var(--mantine-color-indigo-6)" />
          <Title order={3} id={`${id}-title`}>{title}</Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
