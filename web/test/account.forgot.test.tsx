import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { gate } from './support/screens';

const SENT = 'If an account exists for that email, we have sent a link to reset its password. The link works for 30 minutes.';

describe('login: forgotten password', () => {
  it('when "Forgot password?" is chosen on the login page, then /auth/forgot-password opens with the address typed so far', async () => {
    fakeApi({});
    const app = renderApp('/auth/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');

    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/auth/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it.each([
    ['an address with an account', 'ada@example.com'],
    ['an address without one', 'nobody@example.com'],
  ])('when a reset link is asked for %s, then the same calm message shows, with a way back to sign in', async (_case, email) => {
    const api = fakeApi({ 'POST /api/auth/forgot-password': () => ({ body: { sent: true } }) });
    const app = renderApp('/auth/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), `  ${email} `);

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/forgot-password')).toEqual([expect.objectContaining({ body: { email }, authorization: null })]);
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(app.location().pathname).toBe('/auth/login'));
  });

  it('while the link is being asked for, then the button reads "Sending..." and is disabled', async () => {
    const held = gate();
    fakeApi({
      'POST /api/auth/forgot-password': async () => {
        await held.promise;
        return { body: { sent: true } };
      },
    });
    renderApp('/auth/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    held.open();
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it('when asked too often (429), then the limit is said plainly and the form stays to try later', async () => {
    fakeApi({
      'POST /api/auth/forgot-password': () => ({
        status: 429,
        headers: { 'retry-after': '60' },
        body: { error: 'Too many attempts. Please wait a minute and try again.', code: 'AUTH.RATE_LIMITED' },
      }),
    });
    renderApp('/auth/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('when the address is blank or malformed, then nothing is sent and the field says why', async () => {
    const api = fakeApi({ 'POST /api/auth/forgot-password': () => ({ body: { sent: true } }) });
    renderApp('/auth/forgot-password');

    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Email'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(api.callsTo('POST', '/api/auth/forgot-password')).toHaveLength(0);
  });
});
