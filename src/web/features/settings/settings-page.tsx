import { Alert, Stack, Title } from '@mantine/core';
import { useUser } from '../../app/auth.tsx';
import { FirmProfileSection } from '../firm-profile/firm-profile-section.tsx';
import { SignatureSection } from '../firm-profile/signature-section.tsx';
import { AddressLookupSection } from './address-lookup-section.tsx';

/**
 * /settings (Admin Settings). Admins: the firm profile and the address-lookup configuration; the
 * calendar connection arrives with the calendar issue. Everyone: their own signature. No sample
 * users or backups are shown (docs/decisions/023).
 */
export default function SettingsPage() {
  const user = useUser();
  return (
    <Stack gap="lg">
      <Title order={2}>Admin Settings</Title>
      {user.isAdmin ? (
        <>
          <FirmProfileSection />
          <AddressLookupSection />
        </>
      ) : (
        <Alert color="yellow">Admin settings are available to administrators only.</Alert>
      )}
      <SignatureSection />
    </Stack>
  );
}
