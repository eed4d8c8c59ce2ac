import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { fakeApi, seedSession, storedSession } from './support/fake-api';
import { renderApp } from './support/render-app';

const INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
const DONE = 'Your password was changed. Please sign in with your new password.';

async function choose(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password: the emailed link', () => {
  it('when a new password is set, then the token and password are sent, it says so, and Sign in leads to the login page', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': () => ({ body: { success: true } }) });
    const app = renderApp('/auth/reset-password?token=reset-1');

    await choose('new-password-1', 'new-password-1');

    expect(await screen.findByRole('status')).toHaveTextContent(DONE);
    expect(api.callsTo('POST', '/api/auth/reset-password')).toEqual([expect.objectContaining({ body: { token: 'reset-1', password: 'new-password-1' }, authorization: null })]);
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/auth/login');
  });

  it('when a signed-in member sets a new password, then this browser forgets the session too (the server ended them all)', async () => {
    const user = seedSession();
    const api = fakeApi({
      'GET /api/users/profile': () => ({ body: { user } }),
      'POST /api/auth/reset-password': () => ({ body: { success: true } }),
    });
    renderApp('/auth/reset-password?token=reset-1');
    await screen.findByLabelText('New password');
    await waitFor(() => expect(api.callsTo('GET', '/api/users/profile')).toHaveLength(1));
    expect(storedSession().accessToken).toBe('access-1');

    await choose('new-password-1', 'new-password-1');

    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(storedSession()).toEqual({ accessToken: null, user: null });
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(0);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('when the confirmation differs, then nothing is sent and "Passwords do not match" shows under it and takes focus', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': () => ({ body: { success: true } }) });
    renderApp('/auth/reset-password?token=reset-1');

    await choose('new-password-1', 'new-password-2');

    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveFocus();
    expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);

    await userEvent.type(confirm, 'x');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('when the new password is too short, then the field says so before anything is sent', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': () => ({ body: { success: true } }) });
    renderApp('/auth/reset-password?token=reset-1');

    await choose('short', 'short');

    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('New password must be at least 8 characters');
    expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('when the link is used, unknown or expired (AUTH.RESET_INVALID), then the catalogue\'s message shows with a link to request a new one', async () => {
    fakeApi({ 'POST /api/auth/reset-password': () => ({ status: 400, body: { error: INVALID, code: 'AUTH.RESET_INVALID' } }) });
    const app = renderApp('/auth/reset-password?token=old');

    await choose('new-password-1', 'new-password-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/auth/forgot-password');
  });

  it('when the link has no token, then the same message shows at once and nothing is sent', async () => {
    const api = fakeApi({});
    renderApp('/auth/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the server refuses the password on its field (REQUEST.INVALID details.password), then its words show under New password', async () => {
    fakeApi({
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { error: 'Invalid request', code: 'REQUEST.INVALID', details: { password: 'Password must be at most 128 characters' } },
      }),
    });
    renderApp('/auth/reset-password?token=reset-1');

    await choose('new-password-1', 'new-password-1');

    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password must be at most 128 characters'));
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
