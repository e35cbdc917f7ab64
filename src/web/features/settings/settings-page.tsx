import { Alert, Stack, Title } from '@mantine/core';
import { useUser } from '../../shared/auth.tsx';
import { AuditLogSection } from '../audit/index.ts';
import { BackupsSection } from '../backups/index.ts';
import { FirmProfileSection, SignatureSection } from '../firm-profile/index.ts';
import { UsersSection } from '../users/index.ts';
import { ApiTokensSection } from '../api-tokens/index.ts';
import { ImportSection } from '../import/index.ts';
import { ProvidersSection } from '../sign-in-providers/index.ts';
import { SecuritySection, TwoFactorSection } from '../two-factor/index.ts';
import { AddressLookupSection } from './address-lookup-section.tsx';
import { GoogleCalendarSection } from './google-calendar-section.tsx';
import { TimesheetsSection } from './timesheets-section.tsx';

/**
 * /settings (Admin Settings; also where the calendar provider sends the browser back). Admins: the
 * Google Calendar connection, the firm profile, timesheets (issue 25), address lookup, users, backups and the audit log
 * (docs/decisions/023, 051, 060, 070–072). Everyone: their own signature.
 */
export default function SettingsPage() {
  const user = useUser();
  return (
    <Stack gap="lg">
      <Title order={2}>Admin Settings</Title>
      {user.isAdmin ? (
        <>
          <GoogleCalendarSection />
          <FirmProfileSection />
          <TimesheetsSection />
          <AddressLookupSection />
          <UsersSection />
          <BackupsSection />
          <AuditLogSection />
          {user.isSuperAdmin && (
            <>
              <SecuritySection />
              <ProvidersSection />
              <ImportSection />
            </>
          )}
        </>
      ) : (
        <Alert color="yellow">Admin settings are available to administrators only.</Alert>
      )}
      <SignatureSection />
      <TwoFactorSection />
      <ApiTokensSection />
    </Stack>
  );
}
