import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TLoginResult, TPublicConfig, TSecondStep, TSessionResponse, TSessionUser } from '../../core/api/auth.ts';
import { AUTH_FLAG_COOKIE, DEFAULT_TIME_ZONE, SESSION_REFRESH_MS } from '../../core/constants.ts';
import { firmToday } from '../../core/dates/iso-date.ts';
import { api } from '../lib/api.ts';
import { ApiError, isStarting, readCookie } from '../lib/transport.ts';
import { debugLog } from '../lib/debug-log.ts';
import { nextPaint } from '../lib/after-paint.ts';
import { TodayContext } from '../ui/today.ts';

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
/** How soon /api/config is asked again while the server is starting. */
const STARTING_RETRY_MS = 3000;
const kept = () => import('./offline/kept-records.ts');

/** The same person with the same details: the screens keep their state (a new object would start them again). */
const sameUser = (a: TSessionUser | null, b: TSessionUser) =>
  a !== null && (Object.keys(b) as (keyof TSessionUser)[]).every((k) => a[k] === b[k]) && Object.keys(a).length === Object.keys(b).length;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TSessionUser | null>(null);
  const [config, setConfig] = useState<TPublicConfig>({ firmName: 'Casebook', demo: false, signInProviders: [], timeZone: DEFAULT_TIME_ZONE, weekStartsOn: 1 });
  const [checking, setChecking] = useState(true);
  const queryClient = useQueryClient();

  // Whoever signs in next in this tab must not see the previous user's cached lists.
  useEffect(() => {
    if (!user) queryClient.clear();
  }, [user, queryClient]);

  useEffect(() => {
    // Offline (no answer at all), the firm's settings and the session as last answered on this
    // device (docs/decisions/150): a reload at the site stays signed in; a 401 signs out.
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(retry);
    };
    const readConfig = () => api<TPublicConfig>('/api/config')
      .then((c) => {
        setConfig(c);
        setConfigAnswered(true);
      })
      .catch(async (e) => {
        debugLog('warn', 'config failed', String(e));
        // The server is starting (docs/decisions/112): ask again, so the firm's name and sign-in choices appear.
        if (isStarting(e) && !stopped) retry = setTimeout(() => void readConfig(), STARTING_RETRY_MS);
        const remembered = await (await kept()).rememberedConfig<TPublicConfig>();
        if (remembered) setConfig(remembered);
      });
    void readConfig();
    // No session found at start means signed out (SPEC §4 Session).
    if (readCookie(AUTH_FLAG_COOKIE) !== 'true') {
      setChecking(false);
      return stop;
    }
    api<TSessionResponse>('/api/auth/session')
      .then((s) => setUser(s.user))
      .catch(async (e) => {
        const k = await kept();
        // A server still starting has not said the session is gone: keep it, as with no answer.
        if (!k.noAnswer(e) && !isStarting(e)) {
          void k.forgetSession();
          return setUser(null);
        }
        const remembered = (await k.rememberedSession<TSessionUser>()) ?? null;
        // The kept records are this person's: screens may read them before the first paint.
        if (remembered) k.keepRecordsFor(remembered.id);
        setUser(remembered);
      })
      .finally(() => setChecking(false));
    return stop;
  }, []);

  // Asks the server for the session again: a 401 signs out (the queue's writes stay on the device).
  const recheck = useCallback((path: '/api/auth/refresh' | '/api/auth/session') => {
    api<TSessionResponse>(path, path === '/api/auth/refresh' ? { method: 'POST' } : {})
      .then((s) => setUser((u) => (sameUser(u, s.user) ? u : s.user)))
      .catch((e) => {
        if (e instanceof ApiError && e.status === 401) {
          void kept().then((k) => k.forgetSession());
          setUser(null);
        }
        else debugLog('warn', 'session check failed', String(e));
      });
  }, []);

  // The offline queue sends the signed-in person's waiting writes, and stops on sign-out; the session
  // and settings are remembered for an offline reload. Their code loads after the first paint, and
  // only once someone has signed in (docs/decisions/150).
  const [offlineParts, setOfflineParts] = useState(false);
  const [configAnswered, setConfigAnswered] = useState(false);
  useEffect(() => {
    if (!user && !offlineParts) return;
    const id = user?.id ?? null;
    void nextPaint().then(async () => {
      const [outbox, k] = await Promise.all([import('./offline/outbox.ts'), kept()]);
      setOfflineParts(true);
      outbox.startOutbox(id, () => recheck('/api/auth/session'));
      k.keepRecordsFor(id);
      if (user) await Promise.all([k.rememberSession(user), configAnswered && k.rememberConfig(config)]);
    });
  }, [user, config, configAnswered, offlineParts, recheck]);

  // Refresh every 15 minutes, and ask again when the connection returns (the session may have been
  // kept offline, docs/decisions/150) or the queue met a 401: a 401 signs out, other failures are only logged.
  useEffect(() => {
    if (!user) return;
    const timer = setInterval(() => recheck('/api/auth/refresh'), SESSION_REFRESH_MS);
    const online = () => recheck('/api/auth/session');
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [user, recheck]);

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
    await (await kept()).forgetSession();
    setUser(null);
  }, []);

  const value = useMemo(
    () => ({ user, config, checking, signIn, completeSignIn, signInWithTestAccount, signOut, replaceUser: setUser }),
    [user, config, checking, signIn, completeSignIn, signInWithTestAccount, signOut],
  );
  const today = useCallback(() => firmToday(config.timeZone), [config.timeZone]);
  return (
    <AuthContext.Provider value={value}>
      <TodayContext.Provider value={today}>{children}</TodayContext.Provider>
    </AuthContext.Provider>
  );
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

/** The firm's time zone: pass it to src/core/dates/firm-clock.ts for every time shown (issue 28). */
export function useFirmTimeZone(): string {
  return useAuth().config.timeZone;
}

/** The firm's first day of the week (1 = Monday … 7 = Sunday), as its timesheets and reports count weeks. */
export function useFirmWeekStart(): number {
  return useAuth().config.weekStartsOn;
}
