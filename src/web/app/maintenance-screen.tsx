import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { BACKUP_MESSAGES } from '../../core/backups.ts';
import { api } from '../lib/api.ts';
import { setMaintenance, useMaintenance } from '../lib/maintenance.ts';

const POLL_MS = 3000;

/** While the server is restored from a backup, every screen gives way to this page; afterwards everyone signs in again. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const active = useMaintenance();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      api<{ maintenance: boolean }>('/api/maintenance').then((s) => {
        if (!s.maintenance) {
          setMaintenance(false);
          window.location.assign('/login');
        }
      }).catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active]);
  if (!active) return children;
  return (
    <Center mih="100vh" p="md">
      <Card withBorder padding="xl" maw={520}>
        <Stack align="center" gap="md">
          <Loader />
          <Title order={2}>Restoring from a backup</Title>
          <Text ta="center">{BACKUP_MESSAGES.maintenance}</Text>
          <Text ta="center" size="sm" c="dimmed">This page continues on its own when Casebook is back. Everyone signs in again afterwards.</Text>
        </Stack>
      </Card>
    </Center>
  );
}
