import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TPublicConfig, TSessionResponse, TSessionUser } from '../../core/api/auth.ts';
import { AUTH_FLAG_COOKIE } from '../../core/constants.ts';
import { SESSION_REFRESH_MS } from '../../core/constants.ts';
import { api } from '../lib/api.ts';
import { ApiError, readCookie } from '../lib/transport.ts';
import { debugLog } from '../lib/debug-log.ts';

interface AuthState {
  user: TSessionUser | null;
  config: TPublicConfig;
  /** True until the first session check has answered. */
  checking: boolean;
  signIn(email: string, password: string): Promise<void>;
  signInWithTestAccount(): Promise<void>;
  signOut(): Promise<void>;
  /** After a change to the own account (password, display name), the server's new view of the user. */
  replaceUser(user: TSessionUser): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TSessionUser | null>(null);
  const [config, setConfig] = useState<TPublicConfig>({ firmName: 'Casebook', demo: false, signInProviders: [] });
  const [checking, setChecking] = useState(true);
  const queryClient = useQueryClient();

  // Whoever signs in next in this tab must not see the previous user's cached lists.
  useEffect(() => {
    if (!user) queryClient.clear();
  }, [user, queryClient]);

  useEffect(() => {
    api<TPublicConfig>('/api/config').then(setConfig).catch((e) => debugLog('warn', 'config failed', String(e)));
    // No session found at start means signed out (SPEC §4 Session).
    if (readCookie(AUTH_FLAG_COOKIE) !== 'true') {
      setChecking(false);
      return;
    }
    api<TSessionResponse>('/api/auth/session')
      .then((s) => setUser(s.user))
      .catch(() => setUser(null))
      .finally(() => setChecking(false));
  }, []);

  // Refresh every 15 minutes; a 401 signs out, other failures are only logged.
  useEffect(() => {
    if (!user) return;
    const timer = setInterval(() => {
      api<TSessionResponse>('/api/auth/refresh', { method: 'POST' })
        .then((s) => setUser(s.user))
        .catch((e) => {
          if (e instanceof ApiError && e.status === 401) setUser(null);
          else debugLog('warn', 'session refresh failed', String(e));
        });
    }, SESSION_REFRESH_MS);
    return () => clearInterval(timer);
  }, [user]);

  const signIn = useCallback(async (email: string, password: string) => {
    const s = await api<TSessionResponse>('/api/auth/login', { method: 'POST', body: { email, password } });
    setUser(s.user);
  }, []);

  const signInWithTestAccount = useCallback(async () => {
    const s = await api<TSessionResponse>('/api/auth/test-account', { method: 'POST' });
    setUser(s.user);
  }, []);

  const signOut = useCallback(async () => {
    await api('/api/auth/logout', { method: 'POST' }).catch((e) => debugLog('warn', 'logout failed', String(e)));
    setUser(null);
  }, []);

  const value = useMemo(
    () => ({ user, config, checking, signIn, signInWithTestAccount, signOut, replaceUser: setUser }),
    [user, config, checking, signIn, signInWithTestAccount, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The signed-in user; only for screens behind RequireAuth. */
export function useUser(): TSessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}
