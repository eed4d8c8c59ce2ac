import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../src/app/provider';
import { routes } from '../src/app/routes';
import { buildUser, fakeApi, seedSession } from './support/fake-api';
import { connectedProfile, gate, renderSignedIn } from './support/screens';

/** Lets pending promises and React updates settle under fake timers. */
async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

const RETURN_KEY = 'postwright.linkedinReturnTo';

describe('LinkedIn callback page', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('while the code is exchanged, then it shows the processing state', async () => {
    const answer = gate();
    renderSignedIn('/linkedin/callback?code=c1&state=s1', {
      'POST /api/linkedin/callback': async () => {
        await answer.promise;
        return { body: { profile: connectedProfile().profile } };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Connecting your LinkedIn account...' })).toBeInTheDocument();
    await act(async () => answer.open());
  });

  it('when the exchange succeeds, then it welcomes the member by first name and goes to /profile after 2 s, having sent the code once', async () => {
    const { api, app } = renderSignedIn('/linkedin/callback?code=c1&state=s1', {
      'POST /api/linkedin/callback': () => ({ body: { profile: connectedProfile().profile } }),
    });
    expect(await screen.findByTestId('callback-message')).toHaveTextContent('Successfully connected to LinkedIn! Welcome, Ada!');
    expect(api.callsTo('POST', '/api/linkedin/callback').map((c) => c.body)).toEqual([{ code: 'c1', state: 's1' }]);

    await advance(1900);
    expect(app.location().pathname).toBe('/linkedin/callback');
    await advance(200);
    await flush();
    expect(app.location().pathname).toBe('/profile');
  });

  it('when the profile has no first name, then the welcome says "User"', async () => {
    renderSignedIn('/linkedin/callback?code=c1&state=s1', {
      'POST /api/linkedin/callback': () => ({ body: { profile: connectedProfile({}, { firstName: null, localizedFirstName: null }).profile } }),
    });
    expect(await screen.findByTestId('callback-message')).toHaveTextContent('Successfully connected to LinkedIn! Welcome, User!');
  });

  it.each([
    ['/linkedin/callback?error=access_denied', 'LinkedIn authorization failed: access_denied'],
    ['/linkedin/callback?error=unauthorized_scope_error&error_description=Scope%20not%20authorized', 'LinkedIn authorization failed: Scope not authorized'],
    ['/linkedin/callback?code=c1', 'Invalid callback parameters. Please try connecting again.'],
    ['/linkedin/callback?state=s1', 'Invalid callback parameters. Please try connecting again.'],
    ['/linkedin/callback', 'Invalid callback parameters. Please try connecting again.'],
  ])('when LinkedIn returns to %s, then "%s" shows, nothing is sent, and it goes to /profile after 3 s', async (path, message) => {
    const { api, app } = renderSignedIn(path);
    expect(await screen.findByTestId('callback-message')).toHaveTextContent(message);
    expect(api.callsTo('POST', '/api/linkedin/callback')).toHaveLength(0);
    await advance(2900);
    expect(app.location().pathname).toBe('/linkedin/callback');
    await advance(200);
    await flush();
    expect(app.location().pathname).toBe('/profile');
  });

  it.each([
    [{ status: 400, body: { error: 'This LinkedIn authorization has expired or was already used. Please try connecting again.' } }, 'This LinkedIn authorization has expired or was already used. Please try connecting again.'],
    [{ status: 502 }, 'Failed to complete LinkedIn connection'],
  ])('when the exchange fails (%j), then "%s" shows and it goes to /profile after 3 s', async (reply, message) => {
    const { app } = renderSignedIn('/linkedin/callback?code=c1&state=s1', { 'POST /api/linkedin/callback': () => reply });
    expect(await screen.findByTestId('callback-message')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'LinkedIn connection failed' })).toBeInTheDocument();
    await advance(3100);
    await flush();
    expect(app.location().pathname).toBe('/profile');
  });

  it('when the connection was asked for from a post, then after success it goes back there (once: the stored path is consumed)', async () => {
    window.sessionStorage.setItem(RETURN_KEY, '/content-management?status=draft');
    const { app } = renderSignedIn('/linkedin/callback?code=c1&state=s1', {
      'POST /api/linkedin/callback': () => ({ body: { profile: connectedProfile().profile } }),
    });
    expect(await screen.findByTestId('callback-message')).toHaveTextContent('Successfully connected to LinkedIn! Welcome, Ada!');
    expect(screen.getByText('Taking you back to your post...')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBeNull();
    await advance(2100);
    await flush();
    expect(`${app.location().pathname}${app.location().search}`).toBe('/content-management?status=draft');
  });

  it.each(['https://evil.example/', '//evil.example/path', '/\\evil.example', 'javascript:alert(1)', '/linkedin/callback?code=again'])(
    'when the stored return path is %s, then it is ignored and the member goes to /profile',
    async (stored) => {
      window.sessionStorage.setItem(RETURN_KEY, stored);
      const { app } = renderSignedIn('/linkedin/callback?code=c1&state=s1', {
        'POST /api/linkedin/callback': () => ({ body: { profile: connectedProfile().profile } }),
      });
      await screen.findByTestId('callback-message');
      await advance(2100);
      await flush();
      expect(app.location().pathname).toBe('/profile');
    },
  );

  it.each(['user_cancelled_authorize', 'user_cancelled_login'])(
    'when the member cancels on LinkedIn (%s), then "Connection cancelled" shows as a status, not a failure, and it goes back where they came from',
    async (code) => {
      window.sessionStorage.setItem(RETURN_KEY, '/content?draft=d1');
      const { api, app } = renderSignedIn(`/linkedin/callback?error=${code}&error_description=The%20member%20cancelled`);
      expect(await screen.findByRole('heading', { name: 'Connection cancelled' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Connection cancelled');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText(/LinkedIn authorization failed/)).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'LinkedIn connection failed' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back now' })).toHaveAttribute('href', '/content?draft=d1');
      expect(api.callsTo('POST', '/api/linkedin/callback')).toHaveLength(0);
      await advance(2100);
      await flush();
      expect(`${app.location().pathname}${app.location().search}`).toBe('/content?draft=d1');
    },
  );

  it('when the member cancels and nothing was stored, then it goes to /profile', async () => {
    const { app } = renderSignedIn('/linkedin/callback?error=user_cancelled_login');
    expect(await screen.findByRole('heading', { name: 'Connection cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Profile now' })).toHaveAttribute('href', '/profile');
    await advance(2100);
    await flush();
    expect(app.location().pathname).toBe('/profile');
  });

  it('when LinkedIn returns an error, then it goes to /profile (the spec) and the stored path is dropped', async () => {
    window.sessionStorage.setItem(RETURN_KEY, '/content?draft=d1');
    const { app } = renderSignedIn('/linkedin/callback?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('LinkedIn authorization failed: access_denied');
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBeNull();
    await advance(3100);
    await flush();
    expect(app.location().pathname).toBe('/profile');
  });

  it('when React runs effects twice (StrictMode), then the one-time code is still sent once', async () => {
    const user = seedSession(buildUser());
    const api = fakeApi({
      'GET /api/users/profile': () => ({ body: { user } }),
      'POST /api/linkedin/callback': () => ({ body: { profile: connectedProfile().profile } }),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/linkedin/callback?code=c1&state=s1'] });
    render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
    expect(await screen.findByTestId('callback-message')).toHaveTextContent('Welcome, Ada!');
    expect(api.callsTo('POST', '/api/linkedin/callback')).toHaveLength(1);
  });
});
