import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../src/app/provider';
import { routes } from '../src/app/routes';
import { seriousViolations } from './support/axe';
import { buildUser, fakeApi, seedSession } from './support/fake-api';
import { renderApp } from './support/render-app';

const INVALID = 'This verification link is invalid or has expired. Please request a new one.';
const invalidReply = () => ({ status: 400, body: { error: INVALID, code: 'AUTH.VERIFICATION_INVALID' } });

describe('verify email: the emailed link', () => {
  it('when the link is opened signed out, under React StrictMode, then the token is sent once and the page says the address is verified, with Sign in', async () => {
    const api = fakeApi({ 'POST /api/auth/verify-email': () => ({ body: { emailVerified: true } }) });
    const router = createMemoryRouter(routes, { initialEntries: ['/auth/verify-email?token=verify-1'] });
    render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );

    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')).toEqual([expect.objectContaining({ body: { token: 'verify-1' }, authorization: null })]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(await seriousViolations()).toEqual([]);
  });

  it('when a signed-in member opens the link, then their user is read again (verified) and Go to dashboard shows no reminder', async () => {
    let verified = false;
    seedSession(buildUser({ emailVerified: false }));
    const api = fakeApi({
      'GET /api/users/profile': () => ({ body: { user: buildUser({ emailVerified: verified }) } }),
      'POST /api/auth/verify-email': () => {
        verified = true;
        return { body: { emailVerified: true } };
      },
      'GET /api/linkedin/profile': () => ({ status: 404, body: { error: 'LinkedIn account not connected', code: 'LINKEDIN.NOT_CONNECTED' } }),
    });
    const app = renderApp('/auth/verify-email?token=verify-1');

    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    // the start's check, then the read after verifying
    expect(api.callsTo('GET', '/api/users/profile')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);

    await userEvent.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard');
    expect(screen.queryByTestId('verify-email-banner')).not.toBeInTheDocument();
  });

  it('when a signed-in member\'s link is used or expired, then its message shows and "Send a new link" sends one to their address', async () => {
    const user = seedSession(buildUser({ emailVerified: false }));
    const api = fakeApi({
      'GET /api/users/profile': () => ({ body: { user } }),
      'POST /api/auth/verify-email': invalidReply,
      'POST /api/auth/resend-verification': () => ({ body: { sent: true } }),
    });
    renderApp('/auth/verify-email?token=old');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByTestId('resend-outcome')).toHaveTextContent('We sent a new link to ada@example.com.');
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toEqual([expect.objectContaining({ authorization: 'Bearer access-1' })]);
  });

  it('when a verified member opens a link already spent, then the page says the address is verified, with no new link to send', async () => {
    const user = seedSession(buildUser({ emailVerified: true }));
    fakeApi({ 'GET /api/users/profile': () => ({ body: { user } }), 'POST /api/auth/verify-email': invalidReply });
    renderApp('/auth/verify-email?token=spent');

    expect(await screen.findByText('Your email address is already verified.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('when a visitor\'s link is used or expired, then its message shows with Sign in (a new link is sent from the app)', async () => {
    const api = fakeApi({ 'POST /api/auth/verify-email': invalidReply });
    renderApp('/auth/verify-email?token=old');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByText('Sign in to have a new link sent to you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(0);
  });

  it('when the link has no token, then it is invalid at once and nothing is sent', async () => {
    const api = fakeApi({});
    renderApp('/auth/verify-email');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(api.calls).toHaveLength(0);
  });

  it('when the server cannot be reached, then it says so and Try again sends the token again', async () => {
    let reachable = false;
    const api = fakeApi({ 'POST /api/auth/verify-email': () => (reachable ? { body: { emailVerified: true } } : 'network-error') });
    renderApp('/auth/verify-email?token=verify-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach Postwright. Please check your connection and try again.');
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(2));
  });
});
