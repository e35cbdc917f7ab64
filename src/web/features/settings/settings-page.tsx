import { Alert, Stack, Title } from '@mantine/core';
import { useUser } from '../../app/auth.tsx';
import { AddressLookupSection } from './address-lookup-section.tsx';

/**
 * /settings (Admin Settings). Holds the address-lookup configuration; the calendar connection
 * arrives with the calendar issue. No sample users or backups are shown (docs/decisions/023).
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
    </Stack>
  );
}
