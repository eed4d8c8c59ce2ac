import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoginRequest, SignupRequest, User } from '@postwright/contracts';
import { api as defaultApi, type ApiClient } from './api-client';
import { loginRequest, profileRequest, signupRequest } from './auth-api';
import { fetchFresh, queryKeys } from './query-client';
import { session, type SessionEnd } from './session';

/**
 * Auth state for the whole app: signed out -> signed in on login or signup;
 * checked once at start; logout clears everything even if the server call fails.
 *
 * At start, a user cached by an earlier visit means a session may be there to restore: the
 * access token is refreshed through the HttpOnly cookie, then the profile is fetched; if either
 * fails the user is logged out. No cached user, no call (a visitor who never signed in makes
 * none). The same restore runs when another tab signs in.
 *
 * The profile is read through the query cache like every other server state; the session store
 * keeps the result because it outlives a reload (the cached user is what tells a restore to run).
 */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** how the last session ended in this tab (an explicit logout or an expired session) */
  lastEnd: SessionEnd | null;
  login(input: LoginRequest): Promise<User>;
  signup(input: SignupRequest): Promise<User>;
  logout(): Promise<void>;
  /** replace the stored user, or merge fields into it (e.g. after a profile update) */
  updateUser(next: User | Partial<User>): void;
  /** fetch the profile again */
  refreshUser(): Promise<User | null>;
  /** forget the session in this browser without asking the server, which already ended it (a password reset) */
  forgetSession(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** `queries` is the app's query cache, handed in by AppProvider (a hook would pull the query library into the entry's critical chunks). */
export function AuthProvider({ children, client = defaultApi, queries }: { children: ReactNode; client?: ApiClient; queries: QueryClient }) {
  const current = useSyncExternalStore(session.subscribe, session.get, session.get);
  const [checking, setChecking] = useState(() => Boolean(session.get().accessToken || session.get().user));
  const started = useRef(false);
  const restoring = useRef(false);
  // a cached user without an access token: a new visit, or another tab signed in
  const needsRestore = Boolean(current.user && !current.accessToken);

  // a read the member's own change (or another tab's sign-in) superseded resolves null: no session is lost by it
  const readProfile = useCallback(async () => {
    const user = await fetchFresh(queries, queryKeys.profile(session.get().user?.id ?? ''), () => profileRequest(client));
    if (user) session.setUser(user);
    return user;
  }, [queries, client]);

  // An access token already in memory at start (signed in before the app mounted): check it.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!session.get().accessToken) return;
    readProfile()
      .catch(() => session.clear('expired'))
      .finally(() => setChecking(false));
  }, [readProfile]);

  useEffect(() => {
    if (!needsRestore || restoring.current) return;
    restoring.current = true;
    setChecking(true);
    client
      .restoreSession()
      .then(async (restored) => {
        if (!restored) return session.clear('expired');
        await readProfile();
      })
      .catch(() => session.clear('expired'))
      .finally(() => {
        restoring.current = false;
        setChecking(false);
      });
  }, [needsRestore, client, readProfile]);

  const login = useCallback(
    async (input: LoginRequest) => {
      const { user, tokens } = await loginRequest(client, input);
      session.signIn(user, tokens);
      return user;
    },
    [client],
  );

  const signup = useCallback(
    async (input: SignupRequest) => {
      const { user, tokens } = await signupRequest(client, input);
      session.signIn(user, tokens);
      return user;
    },
    [client],
  );

  const logout = useCallback(() => client.logout(), [client]);

  const updateUser = useCallback((next: User | Partial<User>) => {
    const existing = session.get().user;
    if (!existing && !('id' in next)) return;
    session.setUser({ ...(existing as User), ...next });
  }, []);

  const refreshUser = useCallback(async () => {
    if (!session.get().accessToken) return null;
    return readProfile();
  }, [readProfile]);

  const forgetSession = useCallback(() => {
    const { user, accessToken } = session.get();
    // not an explicit logout: the generator keeps what this member typed, as after an expiry
    if (user || accessToken) session.clear('expired');
  }, []);

  const signedIn = Boolean(current.user && current.accessToken);
  const status: AuthStatus = needsRestore || (checking && current.accessToken) ? 'loading' : signedIn ? 'authenticated' : 'anonymous';

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: signedIn ? current.user : null,
      lastEnd: session.lastEnd(),
      login,
      signup,
      logout,
      updateUser,
      refreshUser,
      forgetSession,
    }),
    [status, signedIn, current.user, login, signup, logout, updateUser, refreshUser, forgetSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for screens behind the login guard. */
export function useUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useUser needs a signed-in user (use it behind the login guard)');
  return user;
}
