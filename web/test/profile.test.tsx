import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@postwright/contracts';
import { browserNavigation } from '../src/lib/linkedin-api';
import { SESSION_KEYS } from '../src/lib/session';
import { buildUser } from './support/fake-api';
import { connectedProfile, renderSignedIn } from './support/screens';

function personal() {
  return screen.getByRole('region', { name: 'Personal Information' });
}

function linkedin() {
  return screen.getByRole('region', { name: 'LinkedIn Connection' });
}

function profileUpdate(changes: (body: Partial<User>) => Partial<User> = (b) => b) {
  return {
    'PUT /api/users/profile': (call: { body: unknown }) => ({ body: { user: buildUser({ ...changes(call.body as Partial<User>) }) } }),
  };
}

describe('profile: personal information', () => {
  it('when values are empty, then they read "Not provided"', async () => {
    renderSignedIn('/profile', {}, { company: null, role: '', bio: null, industry: 'Fintech' });
    await screen.findByRole('heading', { name: 'Personal Information' });
    const card = personal();
    expect(within(card).getAllByText('Not provided')).toHaveLength(4); // job title, company, LinkedIn URL, bio
    expect(within(card).getByText('Fintech')).toBeInTheDocument();
    expect(within(card).getByText('Ada')).toBeInTheDocument();
  });

  it('when Edit Profile is pressed, then the form shows the saved values, email read-only with "Email cannot be changed", a URL field and a 4-row bio', async () => {
    renderSignedIn('/profile', {}, { company: 'Analytical Engines', linkedinUrl: 'https://www.linkedin.com/in/ada' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const card = personal();
    expect(within(card).getByLabelText('First Name')).toHaveValue('Ada');
    expect(within(card).getByLabelText('Company')).toHaveValue('Analytical Engines');
    const email = within(card).getByLabelText('Email');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Email cannot be changed');
    expect(within(card).getByLabelText('LinkedIn URL')).toHaveAttribute('type', 'url');
    expect(within(card).getByLabelText('Bio')).toHaveAttribute('rows', '4');
    expect(within(card).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('when Cancel is pressed, then the fields go back to the saved values', async () => {
    const { api } = renderSignedIn('/profile', profileUpdate(), { company: 'Analytical Engines' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.clear(within(personal()).getByLabelText('Company'));
    await userEvent.type(within(personal()).getByLabelText('Company'), 'Something else');
    await userEvent.click(within(personal()).getByRole('button', { name: 'Cancel' }));
    expect(within(personal()).getByText('Analytical Engines')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(within(personal()).getByLabelText('Company')).toHaveValue('Analytical Engines');
    expect(api.callsTo('PUT', '/api/users/profile')).toHaveLength(0);
  });

  it('when Save Changes is pressed, then it reads "Saving..." until the server answers, the user is updated, and "Profile updated successfully!" clears after 3 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { api } = renderSignedIn('/profile', {
        'PUT /api/users/profile': async (call) => {
          await held;
          return { body: { user: buildUser(call.body as Partial<User>) } };
        },
      });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      await user.clear(within(personal()).getByLabelText('First Name'));
      await user.type(within(personal()).getByLabelText('First Name'), 'Augusta');
      await user.type(within(personal()).getByLabelText('Job Title'), 'Analyst');
      await user.click(within(personal()).getByRole('button', { name: 'Save Changes' }));

      expect(await within(personal()).findByRole('button', { name: 'Saving...' })).toBeDisabled();
      await act(async () => release());

      expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
      expect(api.callsTo('PUT', '/api/users/profile')[0].body).toEqual({
        firstName: 'Augusta',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        company: '',
        role: 'Analyst',
        industry: '',
        linkedinUrl: '',
        bio: '',
      });
      expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.user)!).firstName).toBe('Augusta');
      expect(within(personal()).getByText('Augusta')).toBeInTheDocument();

      await act(async () => {
        jest.advanceTimersByTime(2900);
      });
      expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('when saving fails, then the server text shows, or "Failed to update profile"; editing a field clears it', async () => {
    let body: unknown = { error: 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name' };
    renderSignedIn('/profile', { 'PUT /api/users/profile': () => ({ status: 400, body }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(personal()).findByRole('alert')).toHaveTextContent('LinkedIn URL must be a web address, such as linkedin.com/in/your-name');

    await userEvent.type(within(personal()).getByLabelText('Industry'), 'x');
    expect(within(personal()).queryByRole('alert')).not.toBeInTheDocument();

    body = undefined;
    await userEvent.click(within(personal()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(personal()).findByRole('alert')).toHaveTextContent('Failed to update profile');
  });
});

describe('profile: LinkedIn connection', () => {
  it('when not connected (404), then the card says so and offers Connect LinkedIn and Refresh Status', async () => {
    renderSignedIn('/profile');
    expect(await within(await screen.findByRole('region', { name: 'LinkedIn Connection' })).findByTestId('linkedin-status')).toHaveTextContent('Not connected');
    expect(within(linkedin()).getByRole('button', { name: 'Connect LinkedIn' })).toBeInTheDocument();
    expect(within(linkedin()).getByRole('button', { name: 'Refresh Status' })).toBeInTheDocument();
    expect(within(linkedin()).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  it('when connected, then the name, headline, public profile link and picture show', async () => {
    renderSignedIn('/profile', { 'GET /api/linkedin/profile': () => ({ body: connectedProfile() }) });
    const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
    expect(await within(card).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByTestId('linkedin-status')).toHaveTextContent('Connected');
    expect(within(card).getByText('Analyst of engines')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /View public profile/ })).toHaveAttribute('href', 'https://www.linkedin.com/in/ada');
    expect(within(card).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'https://media.example/ada.png');
    expect(within(card).queryByRole('button', { name: 'Connect LinkedIn' })).not.toBeInTheDocument();
  });

  it('when the connection expires within 7 days, then a reconnect warning and Reconnect LinkedIn show', async () => {
    renderSignedIn('/profile', { 'GET /api/linkedin/profile': () => ({ body: connectedProfile({ reconnectSoon: true, expiresAt: '2099-04-02T10:00:00.000Z' }) }) });
    const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
    expect(await within(card).findByText('Your LinkedIn connection expires on April 2, 2099. Reconnect LinkedIn before then to keep publishing and scheduling.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reconnect LinkedIn' })).toBeInTheDocument();
  });

  it('when the connection has expired, then the card says Expired with the reason and offers Reconnect LinkedIn', async () => {
    renderSignedIn('/profile', { 'GET /api/linkedin/profile': () => ({ body: connectedProfile({ reconnectSoon: true, expired: true, expiresAt: '2026-03-01T10:00:00.000Z' }) }) });
    const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
    expect(await within(card).findByTestId('linkedin-status')).toHaveTextContent('Expired');
    expect(within(card).getByText('Your LinkedIn connection has expired. Reconnect LinkedIn to keep publishing and scheduling.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reconnect LinkedIn' })).toBeInTheDocument();
  });

  it('when the check fails, then the card shows not connected with "Failed to check LinkedIn connection"; Refresh Status checks again', async () => {
    let fail = true;
    const { api } = renderSignedIn('/profile', {
      'GET /api/linkedin/profile': () => (fail ? { status: 502, body: { error: 'LinkedIn is unavailable' } } : { body: connectedProfile() }),
    });
    const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to check LinkedIn connection');
    expect(within(card).getByTestId('linkedin-status')).toHaveTextContent('Not connected');

    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Refresh Status' }));
    await waitFor(() => expect(within(card).getByTestId('linkedin-status')).toHaveTextContent('Connected'));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/linkedin/profile').length).toBeGreaterThanOrEqual(2);
  });

  it('when Connect LinkedIn is pressed, then the browser goes to the authorization URL, and the callback will come back to the profile', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      window.sessionStorage.setItem('postwright.linkedinReturnTo', '/content?draft=old'); // left by an abandoned attempt
      renderSignedIn('/profile', { 'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth/v2/authorization?state=s1', state: 's1' } }) });
      await userEvent.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth/v2/authorization?state=s1'));
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBe('/profile');
    } finally {
      assign.mockRestore();
    }
  });

  it('when the authorization URL cannot be had, then the server text or "Failed to initiate LinkedIn connection" shows', async () => {
    renderSignedIn('/profile', { 'GET /api/linkedin/auth-url': () => ({ status: 500 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
    expect(await within(linkedin()).findByRole('alert')).toHaveTextContent('Failed to initiate LinkedIn connection');
  });

  it('when Disconnect is pressed, then the app asks in its own dialog; Cancel does nothing, Disconnect disconnects', async () => {
    const nativeConfirm = jest.spyOn(window, 'confirm');
    try {
      const { api } = renderSignedIn('/profile', {
        'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
        'DELETE /api/linkedin/disconnect': () => ({ body: { success: true } }),
      });
      const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
      const disconnect = await within(card).findByRole('button', { name: 'Disconnect' });
      await userEvent.click(disconnect);
      let dialog = await screen.findByRole('dialog', { name: 'Disconnect LinkedIn?' });
      expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Are you sure you want to disconnect your LinkedIn account?'));
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(disconnect).toHaveFocus();
      expect(api.callsTo('DELETE', '/api/linkedin/disconnect')).toHaveLength(0);

      await userEvent.click(disconnect);
      dialog = await screen.findByRole('dialog', { name: 'Disconnect LinkedIn?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
      expect(await within(card).findByText('Your LinkedIn account has been disconnected.')).toBeInTheDocument();
      expect(within(card).getByTestId('linkedin-status')).toHaveTextContent('Not connected');
      expect(api.callsTo('DELETE', '/api/linkedin/disconnect')).toHaveLength(1);
      expect(nativeConfirm).not.toHaveBeenCalled();
    } finally {
      nativeConfirm.mockRestore();
    }
  });

  it('when disconnecting fails, then the server text or "Failed to disconnect LinkedIn" shows', async () => {
    renderSignedIn('/profile', {
      'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
      'DELETE /api/linkedin/disconnect': () => ({ status: 500 }),
    });
    const card = await screen.findByRole('region', { name: 'LinkedIn Connection' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect LinkedIn?' })).getByRole('button', { name: 'Disconnect' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to disconnect LinkedIn');
  });
});

describe('profile: account status and quick actions', () => {
  it('a trial user sees the subscription badge, member since and Choose a plan, and no account type (a plain member has none worth naming)', async () => {
    renderSignedIn('/profile', {}, { subscriptionTier: 'trial', userRole: 'USER', createdAt: '2026-01-15T12:00:00.000Z', trialPostsUsed: 2 });
    const card = await screen.findByRole('region', { name: 'Account Status' });
    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent('Free Trial');
    expect(within(card).queryByTestId('account-type')).not.toBeInTheDocument();
    expect(within(card).queryByText('Account Type')).not.toBeInTheDocument();
    expect(within(card).getByText('January 15, 2026')).toBeInTheDocument();
    expect(within(card).getByText('1 of 3 trial posts left')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    expect(within(card).queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it.each([
    [{ subscriptionTier: 'premium', userRole: 'ADMIN' as const }, 'Premium', 'Admin'],
    [{ subscriptionTier: 'beta', userRole: 'BETA' as const, betaExpiresAt: null }, 'Beta', 'Beta tester'],
    [{ subscriptionTier: 'Professional', userRole: 'SUPER_ADMIN' as const }, 'Professional', 'Super Admin'],
  ])('a %j user sees "%s", the account type "%s" and no upgrade button', async (overrides, badge, type) => {
    renderSignedIn('/profile', {}, overrides);
    const card = await screen.findByRole('region', { name: 'Account Status' });
    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent(badge);
    expect(within(card).getByTestId('account-type')).toHaveTextContent(type);
    expect(within(card).queryByRole('link', { name: 'Choose a plan' })).not.toBeInTheDocument();
  });

  it('a beta user without an end date sees unlimited posts for 15 days', async () => {
    renderSignedIn('/profile', {}, { subscriptionTier: 'beta', userRole: 'BETA', betaExpiresAt: null });
    expect(await screen.findByText('Unlimited posts for 15 days')).toBeInTheDocument();
  });

  it('Quick Actions lead to /content, /content-management and /settings', async () => {
    renderSignedIn('/profile');
    const card = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(card).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/content', '/content-management', '/settings']);
    expect(screen.getByRole('heading', { name: 'Framework tip' })).toBeInTheDocument();
  });
});
