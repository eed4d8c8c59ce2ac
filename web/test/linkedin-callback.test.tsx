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
    ['/linkedin/callback?error=user_cancelled_authorize&error_description=The%20member%20cancelled', 'LinkedIn authorization failed: The member cancelled'],
    ['/linkedin/callback?error=access_denied', 'LinkedIn authorization failed: access_denied'],
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
