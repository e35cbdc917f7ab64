import { ActionIcon, Avatar, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { CalendarFeedButton } from '../features/calendar-feed/calendar-feed-button.tsx';
import { LOGOUT_QUESTION, UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { DEFAULT_DISPLAY_NAME, DEFAULT_INITIALS, DEFAULT_ROLE_LABEL } from '../../core/people.ts';
import { titleFor } from '../../core/titles.ts';
import { ConfirmModal } from '../ui/confirm-modal.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { useAuth } from './auth.tsx';
import { ErrorBanner } from './error-banner.tsx';
import { useUnsavedState } from './unsaved-changes.tsx';

/** Sets the document title for every route, signed in or not. */
export function TitleSync() {
  const { pathname } = useLocation();
  const { config } = useAuth();
  useEffect(() => {
    document.title = titleFor(pathname, config.firmName);
  }, [pathname, config.firmName]);
  return null;
}

function Header() {
  const { user, config, signOut } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { hasUnsaved, discardAll } = useUnsavedState();
  const logOut = async () => {
    discardAll();
    await signOut();
    navigate('/login', { replace: true });
  };
  const onDashboard = pathname === '/dashboard';
  const title = titleFor(pathname, config.firmName);
  return (
    <header className="app-header">
      <Group justify="space-between" wrap="nowrap" h="100%" px="md">
        <Group gap="sm" wrap="nowrap">
          {!onDashboard && (
            <Tooltip label="Back to dashboard">
              <ActionIcon variant="subtle" size="lg" aria-label="Back to dashboard" onClick={() => navigate('/dashboard')}>
                <IconArrowLeft />
              </ActionIcon>
            </Tooltip>
          )}
          <Text component={Link} to="/dashboard" fw={700} size="lg" className="firm-name">
            {config.firmName}
          </Text>
          {title !== config.firmName && <Text c="dimmed" visibleFrom="sm">{title}</Text>}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <CalendarFeedButton />
          <div className="user-block">
            <Text size="sm" fw={600} data-testid="user-display-name">{user?.displayName ?? DEFAULT_DISPLAY_NAME}</Text>
            <Text size="xs" c="dimmed" data-testid="user-role">{user?.displayRole ?? DEFAULT_ROLE_LABEL}</Text>
          </div>
          <UnstyledButton aria-label="Log out" onClick={() => setConfirmLogout(true)}>
            <Avatar color="blue" radius="xl">{user?.initials ?? DEFAULT_INITIALS}</Avatar>
          </UnstyledButton>
        </Group>
      </Group>
      <ConfirmModal
        opened={confirmLogout}
        question={LOGOUT_QUESTION}
        onNo={() => setConfirmLogout(false)}
        onYes={() => {
          setConfirmLogout(false);
          // Signing out ends the session, so unsaved edits could not be saved afterwards: ask first.
          if (hasUnsaved) setConfirmDiscard(true);
          else void logOut();
        }}
      />
      <ConfirmModal
        opened={confirmDiscard}
        question={UNSAVED_CHANGES_QUESTION}
        onNo={() => setConfirmDiscard(false)}
        onYes={() => {
          setConfirmDiscard(false);
          void logOut();
        }}
      />
    </header>
  );
}

/** Header, page fade, error banner: the frame of every signed-in screen. */
export function Shell() {
  const { pathname } = useLocation();
  return (
    <div className="app">
      <Header />
      <main className="page" key={pathname}>
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </main>
      <ErrorBanner />
    </div>
  );
}

/** Protected routes go to /login without a session (SPEC §2). */
export function RequireAuth() {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <LoadingOverlay />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
