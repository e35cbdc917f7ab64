import { Alert, Stack, Title } from '@mantine/core';
import { useUser } from '../../app/auth.tsx';
import { AddressLookupSection } from './address-lookup-section.tsx';
import { GoogleCalendarSection } from './google-calendar-section.tsx';

/**
 * /settings (Admin Settings): the Google Calendar connection (also where the provider sends the
 * browser back) and the address-lookup configuration. No sample users or backups (docs/decisions/023).
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
      <GoogleCalendarSection />
      <AddressLookupSection />
    </Stack>
  );
}
