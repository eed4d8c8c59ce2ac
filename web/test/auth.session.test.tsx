import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '../src/lib/auth';
import { buildUser, fakeApi, seedSession, storedSession } from './support/fake-api';

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;

describe('auth session', () => {
  it('when logout is called and the server call fails, then user and tokens are cleared anyway', async () => {
    seedSession();
    const api = fakeApi({
      'GET /api/users/profile': () => ({ body: { user: buildUser() } }),
      'POST /api/auth/logout': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    await act(() => result.current.logout());

    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/logout')[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(result.current.status).toBe('anonymous');
    expect(result.current.user).toBeNull();
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
  });

  it('when logout is called and the server cannot be reached, then user and tokens are cleared anyway', async () => {
    seedSession();
    fakeApi({
      'GET /api/users/profile': () => ({ body: { user: buildUser() } }),
      'POST /api/auth/logout': () => 'network-error',
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    await act(() => result.current.logout());

    expect(result.current.status).toBe('anonymous');
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
  });

  it('when a token is stored at start, then the profile is fetched (loading meanwhile) and replaces the stored user', async () => {
    seedSession(buildUser({ firstName: 'Old' }));
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeApi({
      'GET /api/users/profile': async () => {
        await gate;
        return { body: { user: buildUser({ firstName: 'Fresh' }) } };
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });

    expect(result.current.status).toBe('loading');
    answer();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user?.firstName).toBe('Fresh');
    expect(api.callsTo('GET', '/api/users/profile')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/users/profile')[0].authorization).toBe('Bearer access-1');
  });

  it('when the profile fetch at start fails, then the user is logged out', async () => {
    seedSession();
    fakeApi({ 'GET /api/users/profile': () => ({ status: 500, body: { error: 'down' } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
  });

  it('when no token is stored at start, then nothing is fetched and the visitor is anonymous at once', () => {
    const api = fakeApi({});
    const { result } = renderHook(() => useAuth(), { wrapper });

    expect(result.current.status).toBe('anonymous');
    expect(api.calls).toHaveLength(0);
  });

  it('when login succeeds, then user and tokens are stored for the next visit', async () => {
    const user = buildUser();
    fakeApi({ 'POST /api/auth/login': () => ({ body: { user, tokens: { accessToken: 'a-1', refreshToken: 'r-1' } } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await act(() => result.current.login({ email: 'ada@example.com', password: 'secret-pass' }));

    expect(result.current.status).toBe('authenticated');
    expect(storedSession()).toEqual({ accessToken: 'a-1', refreshToken: 'r-1', user: JSON.stringify(user) });
  });

  it('when the user is updated, then the stored user changes with it', async () => {
    seedSession();
    fakeApi({ 'GET /api/users/profile': () => ({ body: { user: buildUser() } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    act(() => result.current.updateUser({ trialPostsUsed: 3 }));

    expect(result.current.user?.trialPostsUsed).toBe(3);
    expect(JSON.parse(storedSession().user ?? '{}').trialPostsUsed).toBe(3);
  });
});
