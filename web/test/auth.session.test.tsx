import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '../src/app/provider';
import { useAuth } from '../src/lib/auth';
import { SESSION_KEYS } from '../src/lib/session';
import { buildUser, fakeApi, seedReturningVisit, seedSession, storedSession, webStorageValues } from './support/fake-api';

const wrapper = ({ children }: { children: ReactNode }) => <AppProvider>{children}</AppProvider>;

/** What another tab's write to localStorage looks like from here. */
function otherTabWrites(value: string | null) {
  const oldValue = window.localStorage.getItem(SESSION_KEYS.user);
  if (value === null) window.localStorage.removeItem(SESSION_KEYS.user);
  else window.localStorage.setItem(SESSION_KEYS.user, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.user, oldValue, newValue: value }));
  });
}

describe('auth session', () => {
  it('when logout is called and the server call fails, then user and token are cleared anyway', async () => {
    seedSession();
    const api = fakeApi({
      'GET /api/users/profile': () => ({ body: { user: buildUser() } }),
      'POST /api/auth/logout': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    await act(() => result.current.logout());

    // the cookie goes along and the server revokes it: no token in the body
    expect(api.callsTo('POST', '/api/auth/logout')).toEqual([expect.objectContaining({ body: {}, authorization: 'Bearer access-1', credentials: 'same-origin' })]);
    expect(result.current.status).toBe('anonymous');
    expect(result.current.user).toBeNull();
    expect(storedSession()).toEqual({ accessToken: null, user: null });
  });

  it('when logout is called and the server cannot be reached, then user and token are cleared anyway', async () => {
    seedSession();
    fakeApi({
      'GET /api/users/profile': () => ({ body: { user: buildUser() } }),
      'POST /api/auth/logout': () => 'network-error',
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    await act(() => result.current.logout());

    expect(result.current.status).toBe('anonymous');
    expect(storedSession()).toEqual({ accessToken: null, user: null });
  });

  it('when a previous visit left a session, then at start it is restored through the cookie (loading meanwhile) and the profile replaces the cached user', async () => {
    seedReturningVisit(buildUser({ firstName: 'Old' }));
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeApi({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'restored-access', refreshToken: 'rotated-refresh' } }),
      'GET /api/users/profile': async () => {
        await gate;
        return { body: { user: buildUser({ firstName: 'Fresh' }) } };
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });

    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(api.callsTo('GET', '/api/users/profile')).toHaveLength(1));
    expect(result.current.status).toBe('loading');
    answer();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user?.firstName).toBe('Fresh');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/refresh', 'GET /api/users/profile']);
    expect(api.callsTo('POST', '/api/auth/refresh')[0]).toMatchObject({ body: {}, authorization: null, credentials: 'same-origin' });
    expect(api.callsTo('GET', '/api/users/profile')[0].authorization).toBe('Bearer restored-access');
    expect(webStorageValues().join('\n')).not.toMatch(/restored-access|rotated-refresh/);
  });

  it('when the refresh at start fails (no cookie, or a dead one), then the visitor is signed out quietly', async () => {
    seedReturningVisit();
    const api = fakeApi({ 'POST /api/auth/refresh': () => ({ status: 401, body: { error: 'Invalid refresh token' } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(api.callsTo('GET', '/api/users/profile')).toHaveLength(0);
    expect(storedSession()).toEqual({ accessToken: null, user: null });
  });

  it('when the refresh at start works but the profile fetch fails, then the user is logged out', async () => {
    seedReturningVisit();
    fakeApi({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'a', refreshToken: 'r' } }),
      'GET /api/users/profile': () => ({ status: 500, body: { error: 'down' } }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(storedSession()).toEqual({ accessToken: null, user: null });
  });

  it('when an access token is already in memory at start, then the profile is fetched with it (loading meanwhile)', async () => {
    seedSession(buildUser({ firstName: 'Old' }));
    const api = fakeApi({ 'GET /api/users/profile': () => ({ body: { user: buildUser({ firstName: 'Fresh' }) } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user?.firstName).toBe('Fresh');
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual(['GET /api/users/profile Bearer access-1']);
  });

  it('when the profile fetch at start fails, then the user is logged out', async () => {
    seedSession();
    fakeApi({ 'GET /api/users/profile': () => ({ status: 500, body: { error: 'down' } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(storedSession()).toEqual({ accessToken: null, user: null });
  });

  it('when nothing was left by a previous visit, then nothing is fetched and the visitor is anonymous at once', () => {
    const api = fakeApi({});
    const { result } = renderHook(() => useAuth(), { wrapper });

    expect(result.current.status).toBe('anonymous');
    expect(api.calls).toHaveLength(0);
  });

  it('when login succeeds, then the access token is kept in memory only and the user is cached for the next visit', async () => {
    const user = buildUser();
    fakeApi({ 'POST /api/auth/login': () => ({ body: { user, tokens: { accessToken: 'a-1', refreshToken: 'r-1' } } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await act(() => result.current.login({ email: 'ada@example.com', password: 'secret-pass' }));

    expect(result.current.status).toBe('authenticated');
    expect(storedSession()).toEqual({ accessToken: 'a-1', user: JSON.stringify(user) });
    expect(webStorageValues().join('\n')).not.toMatch(/a-1|r-1/);
  });

  it('when the user is updated, then the cached user changes with it', async () => {
    seedSession();
    fakeApi({ 'GET /api/users/profile': () => ({ body: { user: buildUser() } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    act(() => result.current.updateUser({ trialPostsUsed: 3 }));

    expect(result.current.user?.trialPostsUsed).toBe(3);
    expect(JSON.parse(storedSession().user ?? '{}').trialPostsUsed).toBe(3);
  });

  it('when the profile is read again while an earlier read is under way, then the later answer wins and the earlier read does not sign the member out', async () => {
    seedSession();
    const answers: Array<(reply: { body: unknown }) => void> = [];
    let reads = 0;
    fakeApi({
      'GET /api/users/profile': () => {
        reads += 1;
        if (reads === 1) return { body: { user: buildUser({ firstName: 'Start' }) } };
        return new Promise((resolve) => answers.push(resolve));
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    let earlier: Promise<unknown> = Promise.resolve();
    act(() => void (earlier = result.current.refreshUser().catch((err: unknown) => err)));
    await waitFor(() => expect(answers).toHaveLength(1));
    let later: Promise<unknown> = Promise.resolve();
    act(() => void (later = result.current.refreshUser()));
    await waitFor(() => expect(answers).toHaveLength(2));
    // the earlier read answers last, with what the server had before the member's change
    await act(async () => {
      answers[1]({ body: { user: buildUser({ firstName: 'Changed' }) } });
      await later;
      answers[0]({ body: { user: buildUser({ firstName: 'Before' }) } });
      await earlier;
    });

    expect(result.current.status).toBe('authenticated');
    expect(result.current.user?.firstName).toBe('Changed');
  });
});

describe('auth session across tabs', () => {
  it('when another tab logs out, then this tab signs out too and forgets its access token', async () => {
    seedSession();
    fakeApi({ 'GET /api/users/profile': () => ({ body: { user: buildUser() } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    otherTabWrites(null);

    expect(result.current.status).toBe('anonymous');
    expect(storedSession().accessToken).toBeNull();
  });

  it('when another tab signs in, then this tab restores the session through the shared cookie', async () => {
    const user = buildUser({ firstName: 'Grace' });
    const api = fakeApi({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'this-tab-access', refreshToken: 'r' } }),
      'GET /api/users/profile': () => ({ body: { user } }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('anonymous');

    otherTabWrites(JSON.stringify(user));

    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user?.firstName).toBe('Grace');
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(storedSession().accessToken).toBe('this-tab-access');
  });

  it('when another tab updates the same user, then this tab shows the update and keeps its token', async () => {
    seedSession(buildUser({ trialPostsUsed: 1 }));
    const api = fakeApi({ 'GET /api/users/profile': () => ({ body: { user: buildUser({ trialPostsUsed: 1 }) } }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));

    otherTabWrites(JSON.stringify(buildUser({ trialPostsUsed: 2 })));

    expect(result.current.user?.trialPostsUsed).toBe(2);
    expect(result.current.status).toBe('authenticated');
    expect(storedSession().accessToken).toBe('access-1');
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });
});
