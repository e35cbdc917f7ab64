import { ActionIcon, Anchor, Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { CalendarFeedButton } from '../features/calendar-feed/calendar-feed-button.tsx';
import { LOGOUT_QUESTION, UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { DEFAULT_DISPLAY_NAME, DEFAULT_INITIALS, DEFAULT_ROLE_LABEL } from '../../core/people.ts';
import { titleFor } from '../../core/titles.ts';
import { ROLE_LABELS } from '../../core/accounts/users.ts';
import { ConfirmModal } from '../ui/confirm-modal.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { nextPaint } from '../lib/after-paint.ts';
import { useAuth } from '../shared/auth.tsx';
import { ErrorBanner } from './error-banner.tsx';
import { PhoneMenu } from './phone-menu.tsx';
import { useUnsavedState } from '../shared/unsaved-changes.tsx';

// After the first paint: the queue's line is never in a screen's first load (docs/decisions/151).
// The queue's line loads once the page itself has shown (its code is not in a page's first load).
const OutboxStatus = lazy(() => nextPaint().then(() => import('../shared/offline/outbox-status.tsx')));
const AccountModal = lazy(() => import('../features/account/account-modal.tsx').then((m) => ({ default: m.AccountModal })));

function Header({ pageShown }: { pageShown: boolean }) {
  const { user, config, signOut } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [account, setAccount] = useState(false);
  const { hasUnsaved, discardAll } = useUnsavedState();
  const logOut = async () => {
    discardAll();
    await signOut();
    navigate('/login', { replace: true });
  };
  const onDashboard = pathname === '/dashboard';
  const initials = user?.initials ?? DEFAULT_INITIALS;
  const title = titleFor(pathname, config.firmName);
  const displayName = user?.displayName ?? DEFAULT_DISPLAY_NAME;
  const roleLabel = user ? ROLE_LABELS[user.role] : DEFAULT_ROLE_LABEL;
  return (
    <header className="app-header">
      <Group justify="space-between" wrap="nowrap" h="100%" px="md">
        <Group gap="sm" wrap="nowrap" className="header-start">
          {!onDashboard && (
            // The browser's own tooltip (title): Mantine's Tooltip would add its code to every page's first load.
            <ActionIcon variant="subtle" size="lg" className="header-target" aria-label="Back to dashboard" title="Back to dashboard"
              onClick={() => navigate('/dashboard')}>
              <IconArrowLeft />
            </ActionIcon>
          )}
          {/* One line, cut with an ellipsis where it does not fit (a phone); the title shows it whole. */}
          <Text component={Link} to="/dashboard" fw={700} size="lg" className="firm-name" title={config.firmName}>
            {config.firmName}
          </Text>
          {title !== config.firmName && <Text c="dimmed" visibleFrom="sm">{title}</Text>}
        </Group>
        <Group gap="sm" wrap="nowrap" className="header-end">
          <Group component="nav" aria-label="Time" gap="md" wrap="nowrap" visibleFrom="md">
            <Anchor component={Link} to="/time-tracking" size="sm">Time Tracking</Anchor>
            <Anchor component={Link} to="/timesheet" size="sm">Timesheet</Anchor>
          </Group>
          {pageShown && <Suspense fallback={null}><OutboxStatus /></Suspense>}
          <CalendarFeedButton className="phone-hidden" />
          {/* The name opens "My account"; the avatar keeps SPEC §2's log-out question (docs/decisions/070). */}
          <UnstyledButton className="user-block phone-hidden" onClick={() => setAccount(true)}>
            <Text size="sm" fw={600} data-testid="user-display-name">{displayName}</Text>
            <Text size="xs" c="dimmed" data-testid="user-role">{roleLabel}</Text>
            {/* Named by what it shows, then what it does. */}
            <VisuallyHidden>My account</VisuallyHidden>
          </UnstyledButton>
          {/* The name starts with what the button shows (the initials), then says what it does. */}
          <UnstyledButton className="header-target phone-hidden" aria-label={`${initials} Log out`} onClick={() => setConfirmLogout(true)}>
            <Avatar color="indigo" variant="filled" radius="xl">{initials}</Avatar>
          </UnstyledButton>
          <PhoneMenu initials={initials} displayName={displayName} roleLabel={roleLabel}
            onAccount={() => setAccount(true)} onLogOut={() => setConfirmLogout(true)} />
        </Group>
      </Group>
      {account && user && <Suspense fallback={null}><AccountModal onClose={() => setAccount(false)} /></Suspense>}
      <ConfirmModal
        opened={confirmLogout}
        question={LOGOUT_QUESTION}
        confirmLabel="Log out"
        onNo={() => setConfirmLogout(false)}
        onYes={() => {
          setConfirmLogout(false);
          // Signing out ends the session, so unsaved edits could not be saved afterwards: ask first.
          if (hasUnsaved()) setConfirmDiscard(true);
          else void logOut();
        }}
      />
      <ConfirmModal
        opened={confirmDiscard}
        question={UNSAVED_CHANGES_QUESTION}
        confirmLabel="Discard and log out"
        onNo={() => setConfirmDiscard(false)}
        onYes={() => {
          setConfirmDiscard(false);
          void logOut();
        }}
      />
    </header>
  );
}

/** Mounts when the page's code has loaded and its Suspense boundary shows it. */
function Shown({ onShown }: { onShown(): void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/** Header, page fade, error banner: the frame of every signed-in screen. */
export default function Shell() {
  const { pathname } = useLocation();
  const [pageShown, setPageShown] = useState(false);
  return (
    <div className="app">
      <Header pageShown={pageShown} />
      <main className="page" key={pathname}>
        <Suspense fallback={<LoadingOverlay />}>
          <Shown onShown={() => setPageShown(true)} />
          <Outlet />
        </Suspense>
      </main>
      <ErrorBanner />
    </div>
  );
}
