import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferences } from '@postwright/contracts';
import { seriousViolations } from './support/axe';
import { buildUser } from './support/fake-api';
import { gate, renderSignedIn } from './support/screens';

const INCORRECT = 'Current password is incorrect';

async function changePassword(current: string, next: string, confirm = next) {
  await userEvent.type(await screen.findByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

const section = (name: string) => screen.getByRole('region', { name });

describe('settings: the page', () => {
  it('when the profile\'s Account Settings quick action is followed, then /settings shows its three sections', async () => {
    const { app } = renderSignedIn('/profile');

    await userEvent.click(await screen.findByRole('link', { name: /Account Settings/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/settings');
    for (const name of ['Account', 'Change password', 'Email notifications']) expect(section(name)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('settings: account', () => {
  it('when the page opens, then the email is read-only with "Email cannot be changed", and a verified address says Verified', async () => {
    renderSignedIn('/settings');

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Email cannot be changed');
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Verified');
    expect(within(section('Account')).queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
  });

  it('when the address is unverified and Resend email is pressed, then a new link goes to it and the page says so', async () => {
    const { api } = renderSignedIn('/settings', { 'POST /api/auth/resend-verification': () => ({ body: { sent: true } }) }, { emailVerified: false });

    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Not verified');
    await userEvent.click(within(section('Account')).getByRole('button', { name: 'Resend email' }));

    await waitFor(() => expect(within(section('Account')).getByRole('status')).toHaveTextContent('We sent a new link to ada@example.com.'));
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(1);
  });
});

describe('settings: change password', () => {
  it('when the current and a new password are given, then they are sent, the fields empty and it says the other devices were signed out', async () => {
    const held = gate();
    const { api } = renderSignedIn('/settings', {
      'PUT /api/users/password': async () => {
        await held.promise;
        return { body: { success: true } };
      },
    });

    await changePassword('old-password-1', 'new-password-1');
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
    await act(async () => held.open());

    expect(await within(section('Change password')).findByRole('status')).toHaveTextContent('Your password was changed. Your other devices have been signed out.');
    expect(api.callsTo('PUT', '/api/users/password')).toEqual([
      expect.objectContaining({ body: { currentPassword: 'old-password-1', newPassword: 'new-password-1' }, authorization: 'Bearer access-1' }),
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
  });

  it('when the current password is wrong (AUTH.PASSWORD_INCORRECT), then Current password says so and takes focus', async () => {
    renderSignedIn('/settings', {
      'PUT /api/users/password': () => ({ status: 400, body: { error: INCORRECT, code: 'AUTH.PASSWORD_INCORRECT', details: { currentPassword: INCORRECT } } }),
    });

    await changePassword('wrong-password', 'new-password-1');

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(INCORRECT));
    expect(current).toHaveFocus();
    expect(screen.queryByText('Your password was changed. Your other devices have been signed out.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the server refuses the new password on its field (REQUEST.INVALID details.newPassword), then New password shows its words', async () => {
    renderSignedIn('/settings', {
      'PUT /api/users/password': () => ({
        status: 400,
        body: { error: 'Invalid request', code: 'REQUEST.INVALID', details: { newPassword: 'New password must be at most 128 characters' } },
      }),
    });

    await changePassword('old-password-1', 'new-password-1');

    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('New password must be at most 128 characters At least 8 characters.'));
  });

  it('when the confirmation differs or a field is empty, then nothing is sent and each field says why', async () => {
    const { api } = renderSignedIn('/settings', { 'PUT /api/users/password': () => ({ body: { success: true } }) });

    await changePassword('old-password-1', 'new-password-1', 'new-password-2');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is required');
    expect(api.callsTo('PUT', '/api/users/password')).toHaveLength(0);
  });
});

describe('settings: email notifications', () => {
  const labels = {
    postPublished: 'A scheduled post was published',
    postFailed: 'A scheduled post could not be published',
    linkedinExpiry: 'My LinkedIn connection is about to expire or has expired',
  };

  it('when the page opens, then the three kinds show as labelled boxes in a group, with the address they go to', async () => {
    renderSignedIn('/settings', {}, { notifications: { postPublished: true, postFailed: false, linkedinExpiry: true } });

    const group = await screen.findByRole('group', { name: 'Email notifications' });
    expect(within(group).getByRole('checkbox', { name: labels.postPublished })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: labels.postFailed })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: labels.linkedinExpiry })).toBeChecked();
    expect(section('Email notifications')).toHaveTextContent('We send these emails to ada@example.com.');
    expect(section('Email notifications')).not.toHaveTextContent('verified addresses only');
  });

  it('when the address is unverified, then it says notifications go to verified addresses only', async () => {
    renderSignedIn('/settings', {}, { emailVerified: false });

    expect(await screen.findByText('Notifications go to verified addresses only: verify your email address to start getting them.')).toBeInTheDocument();
  });

  it('when a box is unticked, then that kind alone is saved at once and the status says Saved', async () => {
    let stored: NotificationPreferences = { postPublished: true, postFailed: true, linkedinExpiry: true };
    const { api } = renderSignedIn('/settings', {
      'PUT /api/users/notifications': (call) => {
        stored = { ...stored, ...(call.body as Partial<NotificationPreferences>) };
        return { body: { user: buildUser({ notifications: stored }) } };
      },
    });

    await userEvent.click(await screen.findByRole('checkbox', { name: labels.postPublished }));

    expect(await screen.findByTestId('notifications-status')).toHaveTextContent('Saved');
    expect(screen.getByTestId('notifications-status')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('checkbox', { name: labels.postPublished })).not.toBeChecked();
    expect(api.callsTo('PUT', '/api/users/notifications').map((c) => c.body)).toEqual([{ postPublished: false }]);
    expect(JSON.parse(window.localStorage.getItem('postwright.user')!).notifications).toEqual({ postPublished: false, postFailed: true, linkedinExpiry: true });
  });

  it('when two boxes change quickly, then both are saved, one after the other, and both stay as chosen', async () => {
    let stored: NotificationPreferences = { postPublished: true, postFailed: true, linkedinExpiry: true };
    const first = gate();
    const { api } = renderSignedIn('/settings', {
      'PUT /api/users/notifications': async (call) => {
        if (api.callsTo('PUT', '/api/users/notifications').length === 1) await first.promise;
        stored = { ...stored, ...(call.body as Partial<NotificationPreferences>) };
        return { body: { user: buildUser({ notifications: stored }) } };
      },
    });

    await userEvent.click(await screen.findByRole('checkbox', { name: labels.postFailed }));
    await userEvent.click(screen.getByRole('checkbox', { name: labels.linkedinExpiry }));
    expect(screen.getByTestId('notifications-status')).toHaveTextContent('Saving...');
    expect(api.callsTo('PUT', '/api/users/notifications')).toHaveLength(1);
    await act(async () => first.open());

    await waitFor(() => expect(screen.getByTestId('notifications-status')).toHaveTextContent('Saved'));
    expect(api.callsTo('PUT', '/api/users/notifications').map((c) => c.body)).toEqual([{ postFailed: false }, { linkedinExpiry: false }]);
    expect(screen.getByRole('checkbox', { name: labels.postFailed })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: labels.linkedinExpiry })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: labels.postPublished })).toBeChecked();
  });

  it('when saving fails, then the box springs back and the status says it could not be saved', async () => {
    renderSignedIn('/settings', { 'PUT /api/users/notifications': () => ({ status: 503, body: { error: '' } }) });

    await userEvent.click(await screen.findByRole('checkbox', { name: labels.linkedinExpiry }));

    await waitFor(() => expect(screen.getByTestId('notifications-status')).toHaveTextContent('Could not save your choice. Please try again.'));
    expect(screen.getByRole('checkbox', { name: labels.linkedinExpiry })).toBeChecked();
  });
});
