import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { buildSubscription, noSubscription, PORTAL_URL, watchNavigation } from './support/billing';
import { gate, renderSignedIn } from './support/screens';

afterEach(() => jest.restoreAllMocks());

async function accountCard() {
  return screen.findByRole('region', { name: 'Account Status' });
}

const starterMember = {
  subscriptionTier: 'starter',
  subscriptionStatus: 'active',
  trialPostsUsed: 3,
  trialEndsAt: '2026-06-01T00:00:00.000Z',
  usage: { used: 13, allowance: 50, resetsAt: '2099-03-04T12:00:00.000Z' },
};

describe('profile: Account Status with a subscription', () => {
  it('when a trial member opens the profile, then the trial shows as before and there is no Manage billing (nothing to manage yet)', async () => {
    renderSignedIn('/profile', { 'GET /api/billing/subscription': () => ({ body: noSubscription() }) }, { trialPostsUsed: 2 });
    const card = await accountCard();

    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent('Free Trial');
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(within(card).getByTestId('posts-left')).toHaveTextContent('1 of 3 trial posts left');
    expect(within(card).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    expect(within(card).queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
    expect(within(card).queryByTestId('billing-period')).not.toBeInTheDocument();
  });

  it('when an active monthly Starter member opens the profile, then the plan, Active, "Renews on", the posts left this month and Manage billing show', async () => {
    renderSignedIn('/profile', { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ usage: { used: 13, allowance: 50, resetsAt: '2099-03-04T12:00:00.000Z' } }) }) }, starterMember);
    const card = await accountCard();

    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent('Starter');
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(await within(card).findByTestId('billing-period')).toHaveTextContent('Monthly · Renews on Mar 4, 2099');
    expect(within(card).getByTestId('posts-left')).toHaveTextContent('37 of 50 posts left this month');
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(within(card).queryByRole('link', { name: 'Choose a plan' })).not.toBeInTheDocument();
    expect(within(card).queryByTestId('account-type')).not.toBeInTheDocument();
    expect(within(card).getByText('January 1, 2026')).toBeInTheDocument();
  });

  it('when a Professional member opens the profile, then the posts read "Unlimited posts"', async () => {
    renderSignedIn(
      '/profile',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ plan: 'professional', interval: 'year', usage: { used: 80, allowance: null, resetsAt: null } }) }) },
      { ...starterMember, subscriptionTier: 'professional', usage: { used: 80, allowance: null, resetsAt: null } },
    );
    const card = await accountCard();

    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent('Professional');
    expect(within(card).getByTestId('posts-left')).toHaveTextContent('Unlimited posts');
    expect(await within(card).findByTestId('billing-period')).toHaveTextContent('Yearly · Renews on Mar 4, 2099');
  });

  it('when the subscription is set to cancel at the period end, then the badge says "Cancels on" the date and the period "Ends on" it', async () => {
    renderSignedIn('/profile', { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ cancelAtPeriodEnd: true }) }) }, starterMember);
    const card = await accountCard();

    await waitFor(() => expect(within(card).getByTestId('status-badge')).toHaveTextContent('Cancels on Mar 4, 2099'));
    expect(within(card).getByTestId('billing-period')).toHaveTextContent('Monthly · Ends on Mar 4, 2099');
  });

  it('when the renewal failed (past_due), then the badge says "Past due" and Manage billing is there', async () => {
    renderSignedIn(
      '/profile',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'past_due', graceEndsAt: '2099-03-11T12:00:00.000Z' }) }) },
      { ...starterMember, subscriptionStatus: 'past_due' },
    );
    const card = await accountCard();

    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Past due');
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(await screen.findByTestId('past-due-banner')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('when an ex-subscriber is back on the trial tier, then the ended subscription shows ("Canceled" with its date), with Manage billing for invoices', async () => {
    renderSignedIn(
      '/profile',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ plan: null, interval: null, status: 'canceled', currentPeriodEnd: '2026-09-01T12:00:00.000Z', usage: { used: 0, allowance: 3, resetsAt: null } }) }) },
      { subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialPostsUsed: 1, trialEndsAt: '2026-06-01T00:00:00.000Z' },
    );
    const card = await accountCard();

    await waitFor(() => expect(within(card).getByTestId('status-badge')).toHaveTextContent('Canceled Sep 1, 2026'));
    expect(within(card).getByTestId('posts-left')).toHaveTextContent('Trial ended');
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
  });

  it('when a subscription ended before its period did (its payments were given up), then the badge gives the day it ended', async () => {
    renderSignedIn(
      '/profile',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ plan: null, interval: null, status: 'canceled', currentPeriodEnd: '2026-09-01T12:00:00.000Z', endedAt: '2026-08-08T12:00:00.000Z' }) }) },
      { subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialEndsAt: '2026-06-01T00:00:00.000Z' },
    );
    const card = await accountCard();
    await waitFor(() => expect(within(card).getByTestId('status-badge')).toHaveTextContent('Canceled Aug 8, 2026'));
  });

  it('when the subscription cannot be read, then the card speaks from the user alone', async () => {
    renderSignedIn('/profile', { 'GET /api/billing/subscription': () => ({ status: 503, body: { error: 'Service unavailable', code: 'DEPENDENCY.UNAVAILABLE' } }) }, starterMember);
    const card = await accountCard();

    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent('Starter');
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(within(card).getByTestId('posts-left')).toHaveTextContent('37 of 50 posts left this month');
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
  });
});

describe('profile: Manage billing', () => {
  it('when Manage billing is pressed, then it reads "Opening billing..." and the browser goes to the portal', async () => {
    const assign = watchNavigation();
    const held = gate();
    const { api } = renderSignedIn(
      '/profile',
      {
        'GET /api/billing/subscription': () => ({ body: buildSubscription() }),
        'POST /api/billing/portal': async () => {
          await held.promise;
          return { body: { url: PORTAL_URL } };
        },
      },
      starterMember,
    );
    const card = await accountCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Manage billing' }));
    expect(await within(card).findByRole('button', { name: 'Opening billing...' })).toBeDisabled();
    await act(async () => held.open());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.callsTo('POST', '/api/billing/portal')).toHaveLength(1);
  });

  it('when the portal refuses (no customer yet), then its words show under the button and it can be pressed again', async () => {
    const assign = watchNavigation();
    renderSignedIn(
      '/profile',
      { 'POST /api/billing/portal': () => ({ status: 409, body: { error: 'You have no subscription yet. Choose a plan to start one.', code: 'BILLING.NO_CUSTOMER' } }) },
      starterMember,
    );
    const card = await accountCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Manage billing' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('You have no subscription yet. Choose a plan to start one.');
    expect(within(card).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('when the answer is not a web address, then the browser is not sent anywhere', async () => {
    const assign = watchNavigation();
    renderSignedIn('/profile', { 'POST /api/billing/portal': () => ({ body: { url: 'javascript:alert(1)' } }) }, starterMember);
    const card = await accountCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Manage billing' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('Payments are unavailable right now. Please try again in a few minutes.');
    expect(assign).not.toHaveBeenCalled();
  });
});
