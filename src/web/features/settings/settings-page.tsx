import { Alert, Stack, Title } from '@mantine/core';
import { useUser } from '../../app/auth.tsx';
import { AuditLogSection } from '../audit/audit-log-section.tsx';
import { BackupsSection } from '../backups/backups-section.tsx';
import { UsersSection } from '../users/users-section.tsx';
import { AddressLookupSection } from './address-lookup-section.tsx';

/**
 * /settings (Admin Settings): address lookup, users, backups, the audit log (docs/decisions/023, 070–072).
 */
export default function SettingsPage() {
  const user = useUser();
  if (!user.isAdmin) {
    return (
      <Stack gap="md">
        <Title order={2}>Admin Settings</Title>
        <Alert color="yellow">Admin settings are available to administrators only.</Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={2}>Admin Settings</Title>
      <AddressLookupSection />
      <UsersSection />
      <BackupsSection />
      <AuditLogSection />
    </Stack>
  );
}
