import { lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { titleFor } from '../../core/titles.ts';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { useAuth } from '../shared/auth.tsx';

// Only someone signed in with a one-time password sees it: not part of anyone's first load.
const NewPasswordPage = lazy(() => import('../features/account/new-password-page.tsx').then((m) => ({ default: m.NewPasswordPage })));
// Opened once per firm, from the address a start printed while there were no users (docs/decisions/117).
const FirstSuperAdminPage = lazy(() => import('../features/first-run/first-super-admin-page.tsx').then((m) => ({ default: m.FirstSuperAdminPage })));

/** Sets the document title for every route, signed in or not. */
export function TitleSync() {
  const { pathname } = useLocation();
  const { config } = useAuth();
  useEffect(() => {
    document.title = titleFor(pathname, config.firmName);
  }, [pathname, config.firmName]);
  return null;
}

/** Protected routes go to /login without a session (SPEC §2); a setup address creates the first super admin instead. */
export function RequireAuth() {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <LoadingOverlay />;
  const setupToken = location.pathname === '/setup' ? new URLSearchParams(location.search).get('token') : null;
  if (!user && setupToken) return <FirstSuperAdminPage token={setupToken} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (user.mustChangePassword) return <NewPasswordPage />;
  return <Outlet />;
}
