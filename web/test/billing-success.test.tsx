import { act, screen, waitFor } from '@testing-library/react';
import type { SubscriptionResponse, User } from '@postwright/contracts';
import { SESSION_KEYS } from '../src/lib/session';
import { seriousViolations } from './support/axe';
import { buildSubscription, noSubscription } from './support/billing';
import { buildUser, fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { renderSignedIn } from './support/screens';

const trial = buildUser({ trialPostsUsed: 3 });
const starter = buildUser({ subscriptionTier: 'starter', trialPostsUsed: 3, trialEndsAt: '2026-06-01T00:00:00.000Z', usage: { used: 0, allowance: 50, resetsAt: '2099-03-04T12:00:00.000Z' } });

/** The server as the webhook lands: "not yet" for the first `pending` reads of each, then the plan. */
function webhookAfter(pending: number, done: { user: User; subscription: SubscriptionResponse } = { user: starter, subscription: buildSubscription() }) {
  let profileReads = 0;
  let subscriptionReads = 0;
  return {
    'GET /api/users/profile': () => ({ body: { user: (profileReads += 1) > pending ? done.user : trial } }),
    'GET /api/billing/subscription': () => ({ body: (subscriptionReads += 1) > pending ? done.subscription : noSubscription() }),
  };
}

describe('/billing/success', () => {
  afterEach(() => jest.useRealTimers());

  it('when the webhook has not landed yet, then it waits ("Confirming your payment with Stripe..."), checks again, and welcomes the member to Starter', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { api } = renderSignedIn('/billing/success?session_id=cs_test_1', webhookAfter(2), { trialPostsUsed: 3 });

    const waiting = await screen.findByText('Confirming your payment with Stripe...');
    expect(waiting.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: /Welcome to/ })).not.toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(3_000);
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome to Starter' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your plan is active, with 50 posts a month.')).toBeInTheDocument();
    expect(screen.getByText('Renews on Mar 4, 2099.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/content');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(api.callsTo('GET', '/api/billing/subscription').length).toBeGreaterThanOrEqual(3);
    // the whole app knows the plan: the auth context's user was refreshed
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.user)!).subscriptionTier).toBe('starter');
    expect(screen.getAllByTestId('tier-note')[0]).toHaveTextContent('Starter · 50 of 50 posts left');
  });

  it('when the webhook has already landed, then the welcome comes at once (and the page has no serious accessibility violation)', async () => {
    renderSignedIn('/billing/success?session_id=cs_test_1', webhookAfter(0, { user: buildUser({ subscriptionTier: 'professional' }), subscription: buildSubscription({ plan: 'professional', usage: { used: 0, allowance: null, resetsAt: null } }) }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Professional' })).toBeInTheDocument();
    expect(screen.getByText('Your plan is active, with unlimited posts.')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('when the user is a plan but the subscription is not active yet, then it keeps waiting', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    renderSignedIn('/billing/success?session_id=cs_test_1', {
      'GET /api/users/profile': () => ({ body: { user: starter } }),
      'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'incomplete' }) }),
    });

    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText('Confirming your payment with Stripe...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome to/ })).not.toBeInTheDocument();
  });

  it('when confirming takes over a minute, then a calm note says the payment is still being confirmed and the page keeps checking', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { api } = renderSignedIn('/billing/success?session_id=cs_test_1', webhookAfter(Number.POSITIVE_INFINITY), { trialPostsUsed: 3 });
    await screen.findByText('Confirming your payment with Stripe...');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.queryByText(/still being confirmed/)).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.getByText(/^Your payment is still being confirmed\./).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const before = api.callsTo('GET', '/api/billing/subscription').length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(api.callsTo('GET', '/api/billing/subscription').length).toBeGreaterThan(before);
  });

  it('when a check fails (network or 5xx), then it is not an answer: the page keeps checking', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let reads = 0;
    renderSignedIn('/billing/success?session_id=cs_test_1', {
      'GET /api/users/profile': () => ({ body: { user: starter } }),
      'GET /api/billing/subscription': () => ((reads += 1) === 1 ? { status: 503, body: { error: 'Service unavailable', code: 'DEPENDENCY.UNAVAILABLE' } } : { body: buildSubscription() }),
    });

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Starter' })).toBeInTheDocument();
  });

  it('when the cancelled-checkout mark is there, then reaching this page clears it (/pricing says nothing of a cancellation)', async () => {
    window.sessionStorage.setItem('postwright.checkout', JSON.stringify({ userId: 'u1', plan: 'starter', interval: 'month', at: Date.now() }));
    renderSignedIn('/billing/success?session_id=cs_test_1', webhookAfter(0));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Starter' });
    expect(window.sessionStorage.getItem('postwright.checkout')).toBeNull();
  });

  it('when there is no session_id, then nothing is polled and the page offers the plans', async () => {
    const { api } = renderSignedIn('/billing/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    expect(api.callsTo('GET', '/api/billing/subscription')).toHaveLength(0);
  });

  it('when a visitor is signed out, then the page is behind the login guard', async () => {
    fakeApi({});
    const app = renderApp('/billing/success?session_id=cs_test_1');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });
});
