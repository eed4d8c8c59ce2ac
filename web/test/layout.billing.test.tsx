import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { offersFreeTrial, planLabel, postAllowance, tierNote, trialPostsLeft } from '../src/lib/user';
import { buildSubscription, PORTAL_URL, watchNavigation } from './support/billing';
import { buildUser } from './support/fake-api';
import { renderSignedIn } from './support/screens';

afterEach(() => jest.restoreAllMocks());

const starter = (used: number) => ({
  subscriptionTier: 'starter',
  subscriptionStatus: 'active',
  trialPostsUsed: 3,
  trialEndsAt: '2026-06-01T00:00:00.000Z',
  usage: { used, allowance: 50, resetsAt: '2099-03-04T12:00:00.000Z' },
});

describe('layout: the tier note of a plan', () => {
  it.each([
    [starter(13), 'Starter · 37 of 50 posts left'],
    [starter(50), 'Starter · 0 of 50 posts left'],
    [{ subscriptionTier: 'professional', usage: { used: 120, allowance: null, resetsAt: null } }, 'Professional'],
    [{ subscriptionTier: 'enterprise', usage: { used: 0, allowance: null, resetsAt: null } }, 'Enterprise'],
  ])('when the member is on %o, then the note reads "%s" and no upgrade link shows', async (overrides, note) => {
    renderSignedIn('/dashboard', {}, overrides);
    const tier = (await screen.findAllByTestId('tier-note'))[0];
    expect(tier).toHaveTextContent(note);
    expect(within(tier).getByText('Plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade plan' })).not.toBeInTheDocument();
  });

  it('when an ex-subscriber is back on the trial tier, then the trial has ended, whatever trialPostsUsed says, and no upgrade to a free trial is offered', async () => {
    renderSignedIn('/dashboard', {}, { subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialPostsUsed: 0, trialEndsAt: '2026-06-01T00:00:00.000Z' });
    expect((await screen.findAllByTestId('tier-note'))[0]).toHaveTextContent(/^Free trialTrial ended/);
  });
});

describe('layout: a payment that did not go through', () => {
  it('when the renewal failed and the grace period runs, then every page says so, with the grace end date and Update payment method', async () => {
    const { api } = renderSignedIn(
      '/dashboard',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'past_due', graceEndsAt: '2099-03-11T12:00:00.000Z' }) }) },
      { ...starter(13), subscriptionStatus: 'past_due' },
    );

    const banner = await screen.findByTestId('past-due-banner');
    expect(banner).toHaveTextContent('Your last payment did not go through. Update your payment method to keep generating posts.');
    await waitFor(() => expect(banner).toHaveTextContent('Your plan keeps working until Mar 11, 2099.'));
    expect(within(banner).getByRole('button', { name: 'Update payment method' })).toBeEnabled();
    expect(api.callsTo('GET', '/api/billing/subscription')).toHaveLength(1);
  });

  it('when the grace period is over, then the banner says generating is paused until the payment goes through', async () => {
    renderSignedIn(
      '/content',
      { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'past_due', graceEndsAt: '2026-01-11T12:00:00.000Z' }) }) },
      { ...starter(13), subscriptionStatus: 'past_due' },
    );

    const banner = await screen.findByTestId('past-due-banner');
    await waitFor(() =>
      expect(banner).toHaveTextContent('Your last payment did not go through, so generating posts is paused until it is paid. Update your payment method to continue.'),
    );
  });

  it('when Update payment method is pressed, then the browser goes to the billing portal', async () => {
    const assign = watchNavigation();
    renderSignedIn(
      '/dashboard',
      {
        'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'past_due', graceEndsAt: '2099-03-11T12:00:00.000Z' }) }),
        'POST /api/billing/portal': () => ({ body: { url: PORTAL_URL } }),
      },
      { ...starter(13), subscriptionStatus: 'past_due' },
    );

    await userEvent.click(within(await screen.findByTestId('past-due-banner')).getByRole('button', { name: 'Update payment method' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
  });

  it('when the subscription is in good standing, then there is no banner and the subscription is not asked for', async () => {
    const { api } = renderSignedIn('/dashboard', {}, starter(13));
    await screen.findAllByTestId('tier-note');
    expect(screen.queryByTestId('past-due-banner')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/billing/subscription')).toHaveLength(0);
  });
});

describe('plan helpers (lib/user)', () => {
  const now = Date.parse('2026-12-01T00:00:00.000Z');

  it('trialPostsLeft: 3 minus used, never below 0, and 0 once trialEndsAt has passed', () => {
    expect(trialPostsLeft({ trialPostsUsed: 1, trialEndsAt: null }, now)).toBe(2);
    expect(trialPostsLeft({ trialPostsUsed: 1, trialEndsAt: '2026-11-30T00:00:00.000Z' }, now)).toBe(0);
    expect(trialPostsLeft({ trialPostsUsed: 1, trialEndsAt: '2026-12-02T00:00:00.000Z' }, now)).toBe(2);
  });

  it('offersFreeTrial: only a trial that runs (posts left, days left, never subscribed); that it has an end says nothing', () => {
    expect(offersFreeTrial(buildUser({ trialPostsUsed: 0 }))).toBe(true);
    expect(offersFreeTrial(buildUser({ trialPostsUsed: 2, trialEndsAt: '2026-12-02T00:00:00.000Z' }), now)).toBe(true);
    expect(offersFreeTrial(buildUser({ trialPostsUsed: 3 }))).toBe(false);
    expect(offersFreeTrial(buildUser({ trialPostsUsed: 0, trialEndsAt: '2026-11-30T00:00:00.000Z' }), now)).toBe(false);
    expect(offersFreeTrial(buildUser({ trialPostsUsed: 0, trialEndsAt: '2026-01-01T00:00:00.000Z' }))).toBe(false);
    expect(offersFreeTrial(buildUser({ trialPostsUsed: 0, subscriptionStatus: 'canceled' }))).toBe(false);
    expect(offersFreeTrial(buildUser({ subscriptionTier: 'starter', trialPostsUsed: 0 }))).toBe(false);
    expect(offersFreeTrial(buildUser({ subscriptionTier: 'premium', trialPostsUsed: 0 }))).toBe(false);
  });

  it('planLabel and tierNote know the plan ids; other tiers as before', () => {
    expect(planLabel('starter')).toBe('Starter');
    expect(planLabel('enterprise')).toBe('Enterprise');
    expect(planLabel('trial')).toBe('Free Trial');
    expect(planLabel('Gold')).toBe('Gold');
    expect(planLabel('')).toBe('Free');
    expect(tierNote(buildUser(starter(49)))).toBe('Starter · 1 of 50 posts left');
    expect(tierNote(buildUser({ subscriptionTier: 'professional' }))).toBe('Professional');
    expect(tierNote({ subscriptionTier: 'Professional', trialPostsUsed: 0 })).toBe('Professional');
  });

  it('postAllowance: a plan counts its month, unlimited plans and premium count nothing, the rest counts the trial', () => {
    expect(postAllowance(buildUser(starter(13)))).toEqual({ kind: 'plan', planName: 'Starter', left: 37, allowance: 50, resetsAt: '2099-03-04T12:00:00.000Z' });
    expect(postAllowance(buildUser({ subscriptionTier: 'professional' }))).toEqual({ kind: 'unlimited', beta: false, planName: 'Professional' });
    expect(postAllowance(buildUser({ subscriptionTier: 'premium' }))).toEqual({ kind: 'unlimited', beta: false, planName: null });
    expect(postAllowance(buildUser({ trialPostsUsed: 2 }))).toEqual({ kind: 'trial', left: 1, total: 3 });
  });
});

describe('a plan\'s month, as a tab left open sees it', () => {
  it('when the month a plan counted has reset, then its posts are back before the account is read again', () => {
    const user = buildUser({ subscriptionTier: 'starter', usage: { used: 50, allowance: 50, resetsAt: '2026-12-01T00:00:00.000Z' } });
    expect(postAllowance(user, new Date('2026-11-30T00:00:00.000Z'))).toMatchObject({ kind: 'plan', left: 0, resetsAt: '2026-12-01T00:00:00.000Z' });
    expect(postAllowance(user, new Date('2026-12-01T00:00:01.000Z'))).toMatchObject({ kind: 'plan', left: 50, resetsAt: null });
  });
});
