import { ApiError, createApiClient, errorMessage, REFRESH_LOCK, type RefreshLocks } from '../src/lib/api-client';
import { editContent } from '../src/lib/content-api';
import { session } from '../src/lib/session';
import { buildUser, fakeApi, seedSession, storedSession, webStorageValues } from './support/fake-api';

describe('api client: refresh once, then log out', () => {
  it('when a request gets 401, then the access token is refreshed once through the cookie and the request retried', async () => {
    seedSession(buildUser(), { accessToken: 'old-access' });
    const api = fakeApi({
      'GET /api/content': (call) =>
        call.authorization === 'Bearer new-access' ? { body: { content: [] } } : { status: 401, body: { error: 'Token expired' } },
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'new-access', refreshToken: 'refresh-2' } }),
    });

    const result = await createApiClient().get('/content');

    expect(result).toEqual({ content: [] });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    // no token in the body: the HttpOnly cookie carries it, and same-origin credentials send it
    expect(api.callsTo('POST', '/api/auth/refresh')[0]).toMatchObject({ body: {}, authorization: null, credentials: 'same-origin' });
    expect(api.callsTo('GET', '/api/content').map((c) => c.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    // the new access token is in memory only; the refresh token in the body is not kept at all
    expect(storedSession().accessToken).toBe('new-access');
    expect(webStorageValues().join('\n')).not.toMatch(/new-access|refresh-2/);
  });

  it('when the retried request is refused again, then it is not refreshed a second time', async () => {
    seedSession();
    const api = fakeApi({
      'GET /api/content': () => ({ status: 401, body: { error: 'Not allowed' } }),
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'new-access', refreshToken: 'refresh-2' } }),
    });

    await expect(createApiClient().get('/content')).rejects.toMatchObject({ status: 401, message: 'Not allowed' });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/content')).toHaveLength(2);
  });

  it('when the refresh fails, then the user is logged out (user and tokens cleared)', async () => {
    seedSession();
    const api = fakeApi({
      'GET /api/content': () => ({ status: 401, body: { error: 'Token expired' } }),
      'POST /api/auth/refresh': () => ({ status: 401, body: { error: 'Invalid refresh token' } }),
    });

    await expect(createApiClient().get('/content')).rejects.toBeInstanceOf(ApiError);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/content')).toHaveLength(1);
    expect(storedSession()).toEqual({ accessToken: null, user: null });
    expect(session.lastEnd()).toBe('expired');
  });

  it('when the refresh cannot reach the server, then the user is logged out too', async () => {
    seedSession();
    fakeApi({
      'GET /api/content': () => ({ status: 401, body: { error: 'Token expired' } }),
      'POST /api/auth/refresh': () => 'network-error',
    });

    await expect(createApiClient().get('/content')).rejects.toMatchObject({ status: 401 });
    expect(storedSession().accessToken).toBeNull();
  });

  it('when several requests get 401 at once, then one refresh serves them all', async () => {
    seedSession(buildUser(), { accessToken: 'old-access' });
    let release: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      'GET /api/a': (call) => (call.authorization === 'Bearer new-access' ? { body: 'a' } : { status: 401, body: { error: 'expired' } }),
      'GET /api/b': (call) => (call.authorization === 'Bearer new-access' ? { body: 'b' } : { status: 401, body: { error: 'expired' } }),
      'POST /api/auth/refresh': async () => {
        await refreshGate;
        return { body: { accessToken: 'new-access', refreshToken: 'refresh-2' } };
      },
    });
    const client = createApiClient();

    const both = Promise.all([client.get('/a'), client.get('/b')]);
    await new Promise((r) => setTimeout(r, 10));
    release();

    await expect(both).resolves.toEqual(['a', 'b']);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('when two tabs refresh at once, then the Web Lock makes the second wait and send the cookie the first one rotated', async () => {
    // the fake server rotates a cookie jar the two tabs share, as the browser does
    let jar = 'cookie-1';
    const spent = new Set<string>();
    fakeApi({
      'POST /api/auth/refresh': async () => {
        const presented = jar;
        await new Promise((r) => setTimeout(r, 5));
        if (spent.has(presented)) return { status: 401, body: { error: 'This session is no longer valid. Please log in again.', code: 'AUTH.REFRESH_REUSED' } };
        spent.add(presented);
        jar = `cookie-${spent.size + 1}`;
        return { body: { accessToken: `access-for-${presented}`, refreshToken: jar } };
      },
    });
    const held: string[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    const locks: RefreshLocks = {
      request(name, callback) {
        held.push(name);
        const run = queue.then(callback);
        queue = run.catch(() => undefined);
        return run;
      },
    };
    const tab = () => {
      let accessToken: string | null = 'expired';
      const store = { get: () => ({ accessToken }), setAccessToken: (t: string) => void (accessToken = t), clear: () => void (accessToken = null) };
      return { store, client: createApiClient({ session: store, locks }) };
    };
    const [one, two] = [tab(), tab()];

    await expect(Promise.all([one.client.restoreSession(), two.client.restoreSession()])).resolves.toEqual([true, true]);

    expect(held).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
    expect([one.store.get().accessToken, two.store.get().accessToken]).toEqual(['access-for-cookie-1', 'access-for-cookie-2']);
  });

  it('when two tabs refresh at once without a lock, then the second one presents a spent cookie (why the lock is there)', async () => {
    let jar = 'cookie-1';
    const spent = new Set<string>();
    fakeApi({
      'POST /api/auth/refresh': async () => {
        const presented = jar;
        await new Promise((r) => setTimeout(r, 5));
        if (spent.has(presented)) return { status: 401, body: { error: 'reused' } };
        spent.add(presented);
        jar = `cookie-${spent.size + 1}`;
        return { body: { accessToken: 'a', refreshToken: jar } };
      },
    });
    const tab = () => createApiClient({ session: { get: () => ({ accessToken: null }), setAccessToken: () => undefined, clear: () => undefined }, locks: null });

    await expect(Promise.all([tab().restoreSession(), tab().restoreSession()])).resolves.toEqual([true, false]);
  });

  it('when a call is made without a session (login), then a 401 is returned as is, without a refresh', async () => {
    seedSession();
    const api = fakeApi({ 'POST /api/auth/login': () => ({ status: 401, body: { error: 'Invalid email or password' } }) });

    await expect(createApiClient().post('/auth/login', { email: 'a@b.c', password: 'x' }, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(storedSession().accessToken).toBe('access-1');
  });

  it('when the server sends error text, then it is the message; without it, the fallback is', async () => {
    fakeApi({
      'GET /api/with-text': () => ({ status: 400, body: { error: 'Topic is required' } }),
      'GET /api/without-text': () => ({ status: 500 }),
    });
    const client = createApiClient();

    const withText = await client.get('/with-text').catch((e: unknown) => e);
    const withoutText = await client.get('/without-text').catch((e: unknown) => e);

    expect(errorMessage(withText, 'Fallback')).toBe('Topic is required');
    expect(errorMessage(withoutText, 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  it('when a request is made, then it goes to /api with JSON and the bearer token', async () => {
    seedSession(buildUser(), { accessToken: 'tok' });
    const api = fakeApi({ 'PUT /api/users/profile': (call) => ({ body: { echoed: call.body } }) });

    const result = await createApiClient().put('/users/profile', { firstName: 'Ada' });

    expect(result).toEqual({ echoed: { firstName: 'Ada' } });
    expect(api.calls[0].authorization).toBe('Bearer tok');
    const init = api.fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('when an edit is saved, then it is sent with keepalive, so an autosave as the tab closes still arrives; other calls are not', async () => {
    seedSession();
    const api = fakeApi({
      'PUT /api/content/c1/edit': () => ({ body: { content: { id: 'c1' } } }),
      'GET /api/content': () => ({ body: { content: [] } }),
    });

    await editContent('c1', { editedContent: 'Hook\n\nBody', saveAsDraft: true });
    await createApiClient().get('/content');

    expect(api.callsTo('PUT', '/api/content/c1/edit')[0]).toMatchObject({ keepalive: true });
    expect(api.callsTo('GET', '/api/content')[0]).toMatchObject({ keepalive: false });
  });
});
