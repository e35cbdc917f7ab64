import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TLoginResult, TPublicConfig, TSecondStep, TSessionResponse, TSessionUser } from '../../core/api/auth.ts';
import { AUTH_FLAG_COOKIE, DEFAULT_TIME_ZONE, SESSION_REFRESH_MS } from '../../core/constants.ts';
import { api } from '../lib/api.ts';
import { ApiError, readCookie } from '../lib/transport.ts';
import { debugLog } from '../lib/debug-log.ts';

interface AuthState {
  user: TSessionUser | null;
  config: TPublicConfig;
  /** True until the first session check has answered. */
  checking: boolean;
  /** Signs in with the password; answers the second step still owed (issue 27), or null when signed in. */
  signIn(email: string, password: string): Promise<TSecondStep['secondStep'] | null>;
  /** A second step answered with a session: the user is signed in. */
  completeSignIn(session: TSessionResponse): void;
  signInWithTestAccount(): Promise<void>;
  signOut(): Promise<void>;
  /** After a change to the own account (password, display name), the server's new view of the user. */
  replaceUser(user: TSessionUser): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TSessionUser | null>(null);
  const [config, setConfig] = useState<TPublicConfig>({ firmName: 'Casebook', demo: false, signInProviders: [], timeZone: DEFAULT_TIME_ZONE });
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

  // The offline queue sends the signed-in person's waiting writes, and stops on sign-out (its own
  // chunk, loaded once someone signs in: the sign-in page never needs it).
  const queueStarted = useRef(false);
  useEffect(() => {
    const id = user?.id ?? null;
    if (!id && !queueStarted.current) return;
    queueStarted.current = true;
    void import('./offline/outbox.ts').then((outbox) => outbox.startOutbox(id));
  }, [user?.id]);

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
    const result = await api<TLoginResult>('/api/auth/login', { method: 'POST', body: { email, password } });
    if ('secondStep' in result) return result.secondStep;
    setUser(result.user);
    return null;
  }, []);

  const completeSignIn = useCallback((session: TSessionResponse) => setUser(session.user), []);

  const signInWithTestAccount = useCallback(async () => {
    const s = await api<TSessionResponse>('/api/auth/test-account', { method: 'POST' });
    setUser(s.user);
  }, []);

  const signOut = useCallback(async () => {
    await api('/api/auth/logout', { method: 'POST' }).catch((e) => debugLog('warn', 'logout failed', String(e)));
    setUser(null);
  }, []);

  const value = useMemo(
    () => ({ user, config, checking, signIn, completeSignIn, signInWithTestAccount, signOut, replaceUser: setUser }),
    [user, config, checking, signIn, completeSignIn, signInWithTestAccount, signOut],
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

/** The firm's time zone: pass it to src/core/firm-clock.ts for every time shown (issue 28). */
export function useFirmTimeZone(): string {
  return useAuth().config.timeZone;
}
