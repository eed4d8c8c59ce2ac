import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../src/app/provider';
import { routes } from '../src/app/routes';
import { seriousViolations } from './support/axe';
import { buildUser, fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { renderSignedIn } from './support/screens';

const INVALID = 'This unsubscribe link is not valid.';

describe('unsubscribe: a notification email\'s link', () => {
  it.each([
    ['postPublished', 'a scheduled post is published'],
    ['postFailed', 'a scheduled post could not be published'],
    ['linkedinExpiry', 'your LinkedIn connection is about to expire or has expired'],
  ])('when a %s link is opened signed out, then the token is sent once and the page names the emails that stop', async (kind, words) => {
    const api = fakeApi({ 'POST /api/users/notifications/unsubscribe': () => ({ body: { kind, unsubscribed: true } }) });
    const router = createMemoryRouter(routes, { initialEntries: ['/settings/unsubscribe?token=unsub-1'] });
    render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );

    expect(await screen.findByTestId('unsubscribe-message')).toHaveTextContent(`You will no longer get emails when ${words}. You can turn them back on in Settings.`);
    expect(api.callsTo('POST', '/api/users/notifications/unsubscribe')).toEqual([expect.objectContaining({ body: { token: 'unsub-1' }, authorization: null })]);
    expect(router.state.location.pathname).toBe('/settings/unsubscribe');
  });

  it('when the visitor is signed out and follows Settings, then they are asked to sign in and land on Settings afterwards', async () => {
    const user = buildUser();
    fakeApi({
      'POST /api/users/notifications/unsubscribe': () => ({ body: { kind: 'postPublished', unsubscribed: true } }),
      'POST /api/auth/login': () => ({ body: { user, tokens: { accessToken: 'access-1', refreshToken: 'r' } } }),
      'GET /api/users/profile': () => ({ body: { user } }),
    });
    const app = renderApp('/settings/unsubscribe?token=unsub-1');

    await userEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/settings');
  });

  it('when a signed-in member unsubscribes, then their choices are read again and Settings links straight there', async () => {
    let stored = { postPublished: true, postFailed: true, linkedinExpiry: true };
    const { api } = renderSignedIn('/settings/unsubscribe?token=unsub-1', {
      'GET /api/users/profile': () => ({ body: { user: buildUser({ notifications: stored }) } }),
      'POST /api/users/notifications/unsubscribe': () => {
        stored = { ...stored, postFailed: false };
        return { body: { kind: 'postFailed', unsubscribed: true } };
      },
    });

    expect(await screen.findByTestId('unsubscribe-message')).toHaveTextContent('a scheduled post could not be published');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(await seriousViolations()).toEqual([]);
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('postwright.user')!).notifications.postFailed).toBe(false));
    expect(api.callsTo('POST', '/api/users/notifications/unsubscribe')).toHaveLength(1);
  });

  it('when the link is not valid (USER.UNSUBSCRIBE_INVALID), then its message shows', async () => {
    fakeApi({ 'POST /api/users/notifications/unsubscribe': () => ({ status: 400, body: { error: INVALID, code: 'USER.UNSUBSCRIBE_INVALID' } }) });
    renderApp('/settings/unsubscribe?token=forged');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByTestId('unsubscribe-message')).not.toBeInTheDocument();
  });

  it('when the link has no token, then it is not valid at once and nothing is sent', async () => {
    const api = fakeApi({});
    renderApp('/settings/unsubscribe');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(api.calls).toHaveLength(0);
  });
});
