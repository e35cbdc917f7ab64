import { Alert, Box, Flex, Stack, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useUser } from '../../shared/auth.tsx';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SettingsNav } from './settings-nav.tsx';
import { landingFor, mayOpen, refusalFor, SETTINGS_SECTIONS } from './settings-sections.ts';

/**
 * /settings/{section} (Admin Settings; docs/decisions/096): a side navigation and one section, each
 * section its own chunk. Admins: the Google Calendar connection, the firm profile, timesheets, address
 * lookup, users, backups and the audit log; super admins also sign-in security, sign-in providers and
 * import; everyone their own account (signature, two-factor, API tokens). /settings and /admin-settings
 * open the first section the person may open, keeping the query (Google's answer to Connect).
 */
export default function SettingsPage() {
  const user = useUser();
  const { section: path } = useParams();
  const { search } = useLocation();
  const section = SETTINGS_SECTIONS.find((s) => s.path === path);
  if (!section) return <Navigate to={{ pathname: `/settings/${landingFor(user, new URLSearchParams(search))}`, search }} replace />;
  return (
    <Stack gap="lg">
      <Title order={2}>Admin Settings</Title>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align={{ base: 'stretch', sm: 'flex-start' }}>
        <SettingsNav sections={SETTINGS_SECTIONS.filter((s) => mayOpen(s, user))} current={section} />
        <Box flex={1} miw={0} data-settings-section={section.path}>
          {mayOpen(section, user) ? (
            <LazyBoundary key={section.path} fallback={<Alert color="red" role="alert">{section.label} could not be loaded. Check the connection and reload the page.</Alert>}>
              <Suspense fallback={<LoadingBlock label={`Loading ${section.label}`} h={320} />}>
                <section.Component />
              </Suspense>
            </LazyBoundary>
          ) : (
            <Alert color="yellow">{refusalFor(section)}</Alert>
          )}
        </Box>
      </Flex>
    </Stack>
  );
}
