import { Paper, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { titleFor } from '../../core/titles.ts';
import { useAuth } from '../app/auth.tsx';

/** A screen whose capability has not been built yet: its title, and an honest line. */
export function PendingScreen() {
  const { pathname } = useLocation();
  const { config } = useAuth();
  return (
    <Paper p="xl" withBorder>
      <Title order={2}>{titleFor(pathname, config.firmName)}</Title>
      <Text c="dimmed" mt="sm">This part of Casebook is not available yet.</Text>
    </Paper>
  );
}
