import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginRequest, SignupRequest, User } from '@postwright/contracts';
import { api as defaultApi, type ApiClient } from './api-client';
import { loginRequest, profileRequest, signupRequest } from './auth-api';
import { session, type SessionEnd } from './session';

/**
 * Auth state for the whole app (spec section 4): signed out -> signed in on login or signup;
 * checked once at start (a stored token means the profile is fetched, and a failure logs out);
 * logout clears everything even if the server call fails.
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
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children, client = defaultApi }: { children: ReactNode; client?: ApiClient }) {
  const current = useSyncExternalStore(session.subscribe, session.get, session.get);
  const [checking, setChecking] = useState(() => Boolean(session.get().accessToken));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!session.get().accessToken) return;
    profileRequest(client)
      .then((user) => session.setUser(user))
      .catch(() => session.clear('expired'))
      .finally(() => setChecking(false));
  }, [client]);

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
    const user = await profileRequest(client);
    session.setUser(user);
    return user;
  }, [client]);

  const signedIn = Boolean(current.user && current.accessToken);
  const status: AuthStatus = checking && current.accessToken ? 'loading' : signedIn ? 'authenticated' : 'anonymous';

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
    }),
    [status, signedIn, current.user, login, signup, logout, updateUser, refreshUser],
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
