import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createApiClient } from '../src/lib/api-client';
import { AppProvider } from '../src/app/provider';
import { useAuth } from '../src/lib/auth';
import { buildUser, fakeApi, seedReturningVisit, webStorageValues } from './support/fake-api';

/**
 * No token in localStorage or sessionStorage, ever. The access token is
 * in memory; the refresh token is an HttpOnly cookie the web never holds (it ignores the JSON
 * field, which stays for API clients).
 */
const TOKENS = /login-access|login-refresh|refreshed-access|refreshed-refresh|restored-access|restored-refresh/;

describe('session storage', () => {
  it('when a user signs in, is refreshed after a 401, and logs out, then no token is ever written to web storage', async () => {
    const user = buildUser();
    let expired = true;
    const writes: string[] = [];
    const realSetItem = Storage.prototype.setItem;
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      writes.push(`${key}=${value}`);
      realSetItem.call(this, key, value);
    });
    try {
      const api = fakeApi({
        'POST /api/auth/login': () => ({ body: { user, tokens: { accessToken: 'login-access', refreshToken: 'login-refresh' } } }),
        'GET /api/users/profile': (call) =>
          expired && call.authorization === 'Bearer login-access' ? { status: 401, body: { error: 'Token expired' } } : { body: { user } },
        'POST /api/auth/refresh': () => ({ body: { accessToken: 'refreshed-access', refreshToken: 'refreshed-refresh' } }),
        'POST /api/auth/logout': () => ({ body: { success: true } }),
      });
      const { result } = renderHook(() => useAuth(), { wrapper: ({ children }: { children: ReactNode }) => <AppProvider>{children}</AppProvider> });

      await act(() => result.current.login({ email: user.email, password: 'secret-pass' }));
      await act(() => result.current.refreshUser());
      expired = false;
      expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
      await act(() => result.current.logout());

      expect(result.current.status).toBe('anonymous');
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.join('\n')).not.toMatch(TOKENS);
      expect(webStorageValues()).toEqual(['postwright.sessionEnd=logout']);
    } finally {
      spy.mockRestore();
    }
  });

  it('when a user logs out, then what the generator kept in this browser is forgotten, for every account', async () => {
    const user = buildUser();
    const kept = JSON.stringify({ version: 1, lastType: 'story', types: { story: { form: { topic: 'A private topic' }, draftId: null } } });
    window.localStorage.setItem(`postwright.workspace.${user.id}`, kept);
    window.localStorage.setItem('postwright.workspace.someone-else', kept);
    fakeApi({
      'POST /api/auth/login': () => ({ body: { user, tokens: { accessToken: 'login-access', refreshToken: 'login-refresh' } } }),
      'GET /api/users/profile': () => ({ body: { user } }),
      'POST /api/auth/logout': () => ({ body: { success: true } }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }: { children: ReactNode }) => <AppProvider>{children}</AppProvider> });

    await act(() => result.current.login({ email: user.email, password: 'secret-pass' }));
    expect(window.localStorage.getItem(`postwright.workspace.${user.id}`)).toBe(kept);
    await act(() => result.current.logout());

    expect(result.current.status).toBe('anonymous');
    expect(webStorageValues().filter((entry) => entry.startsWith('postwright.workspace.'))).toEqual([]);
  });

  it('when a returning visit is restored through the cookie, then the new tokens stay out of web storage', async () => {
    seedReturningVisit();
    fakeApi({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'restored-access', refreshToken: 'restored-refresh' } }),
      'GET /api/users/profile': () => ({ body: { user: buildUser() } }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper: ({ children }: { children: ReactNode }) => <AppProvider>{children}</AppProvider> });

    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    expect(webStorageValues().join('\n')).not.toMatch(TOKENS);
  });

  it('when a plain API call refreshes, then the refresh token in the answer is not kept anywhere in web storage', async () => {
    fakeApi({
      'GET /api/ping': (call) => (call.authorization === 'Bearer refreshed-access' ? { body: 'pong' } : { status: 401, body: { error: 'expired' } }),
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'refreshed-access', refreshToken: 'refreshed-refresh' } }),
    });
    let accessToken: string | null = 'stale';
    const client = createApiClient({ session: { get: () => ({ accessToken }), setAccessToken: (t) => void (accessToken = t), clear: () => void (accessToken = null) } });

    await expect(client.get('/ping')).resolves.toBe('pong');
    expect(webStorageValues().join('\n')).not.toMatch(TOKENS);
  });

  it('when tokens left by an older version are in localStorage, then they are removed as the app starts', () => {
    window.localStorage.setItem('postwright.accessToken', 'old-access');
    window.localStorage.setItem('postwright.refreshToken', 'old-refresh');
    window.localStorage.setItem('postwright.user', JSON.stringify(buildUser()));

    jest.isolateModules(() => {
      require('../src/lib/session');
    });

    expect(Object.keys(window.localStorage).sort()).toEqual(['postwright.user']);
  });
});
