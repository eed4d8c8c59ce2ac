import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@postwright/contracts';
import { navItemsFor } from '../src/features/layout/components/nav-items';
import { tierNote, trialPostsLeft } from '../src/lib/user';
import { buildUser, fakeApi, seedSession, storedSession } from './support/fake-api';
import { renderApp } from './support/render-app';

function signedIn(overrides: Partial<User> = {}, path = '/dashboard') {
  const user = seedSession(buildUser(overrides));
  const api = fakeApi({
    'GET /api/users/profile': () => ({ body: { user } }),
    'POST /api/auth/logout': () => ({ status: 204 }),
  });
  return { api, app: renderApp(path), user };
}

describe('app layout', () => {
  it('when a user is signed in, then navigation, full name, initials and the trial note show', async () => {
    signedIn({ firstName: 'Ada', lastName: 'Lovelace', trialPostsUsed: 1 });
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });

    const nav = screen.getAllByRole('navigation', { name: 'App' })[0];
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Generate', '/content'],
      ['Manage', '/content-management'],
      ['Insights', '/insights'],
      ['Profile', '/profile'],
      ['Support', '/support'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByTestId('user-full-name')[0]).toHaveTextContent('Ada Lovelace');
    expect(screen.getAllByText('AL')[0]).toBeInTheDocument();
    expect(screen.getAllByTestId('tier-note')[0]).toHaveTextContent('2 of 3 trial posts left');
    expect(screen.getAllByRole('link', { name: 'Upgrade plan' })[0]).toHaveAttribute('href', '/pricing');
    expect(screen.getByText('Write with insight. Publish with confidence.')).toBeInTheDocument();
  });

  it.each([
    [{ subscriptionTier: 'beta', userRole: 'BETA' as const }, 'Beta Access'],
    [{ subscriptionTier: 'premium' }, 'Premium'],
    [{ subscriptionTier: 'trial', trialPostsUsed: 5 }, 'All 3 trial posts used'],
  ])('when the tier is %o, then the note reads "%s"', async (overrides, note) => {
    signedIn(overrides);
    expect((await screen.findAllByTestId('tier-note'))[0]).toHaveTextContent(note);
  });

  it('when Logout is clicked, then the session is cleared and the user is at /', async () => {
    const { app, api } = signedIn();
    await screen.findByRole('heading', { name: 'Welcome back, Ada' });

    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);

    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(storedSession()).toEqual({ accessToken: null, user: null });
    expect(await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ })).toBeInTheDocument();
  });

  it('when /pricing is opened, then its own header greets the user and offers a way back to the dashboard (choosing a plan: pricing.test.tsx)', async () => {
    signedIn({ firstName: 'Ada' }, '/pricing');

    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.getByText(/Hi,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Choose Professional' })).toBeEnabled();
  });
});

describe('public pages when signed in', () => {
  it('when a signed-in user reads a public page, then the header offers Dashboard and Logout instead of Login', async () => {
    const { app } = signedIn({}, '/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const header = screen.getByRole('banner');

    expect(await within(header).findAllByRole('link', { name: 'Dashboard' })).not.toHaveLength(0);
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');

    await userEvent.click(within(header).getAllByRole('button', { name: 'Logout' })[0]);
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(storedSession().accessToken).toBeNull();
  });
});

describe('navigation from the role permission table', () => {
  it.each([
    ['USER', ['Dashboard', 'Generate', 'Manage', 'Insights', 'Profile', 'Support']],
    ['BETA', ['Dashboard', 'Generate', 'Manage', 'Insights', 'Profile', 'Support']],
    ['ADMIN', ['Dashboard', 'Generate', 'Manage', 'Insights', 'Profile', 'Support']],
    ['SUPER_ADMIN', ['Dashboard', 'Generate', 'Manage', 'Insights', 'Profile', 'Support']],
    [undefined, []],
    ['SOMETHING_ELSE', []],
  ])('role %s sees %j', (role, labels) => {
    expect(navItemsFor(role as User['userRole']).map((i) => i.label)).toEqual(labels);
  });

  it('when a beta user (no subscription permission) is on trial, then no upgrade link shows', async () => {
    signedIn({ userRole: 'BETA', subscriptionTier: 'trial' });
    await screen.findAllByTestId('tier-note');
    expect(screen.queryByRole('link', { name: 'Upgrade plan' })).not.toBeInTheDocument();
  });
});

describe('trial posts left', () => {
  it.each([
    [0, 3],
    [1, 2],
    [3, 0],
    [7, 0],
  ])('with %i posts used, %i are left (never below 0)', (used, left) => {
    expect(trialPostsLeft({ trialPostsUsed: used })).toBe(left);
    expect(tierNote({ subscriptionTier: 'trial', trialPostsUsed: used })).toBe(left ? `${left} of 3 trial posts left` : 'All 3 trial posts used');
  });

  it('other tiers: a plan name shows as is, an empty one as Free', () => {
    expect(tierNote({ subscriptionTier: 'Professional', trialPostsUsed: 0 })).toBe('Professional');
    expect(tierNote({ subscriptionTier: '', trialPostsUsed: 0 })).toBe('Free');
  });
});
