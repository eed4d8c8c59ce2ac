import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { buildPlans, buildSubscription, CHECKOUT_URL, PORTAL_URL, watchNavigation } from './support/billing';
import { gate, renderSignedIn } from './support/screens';

afterEach(() => jest.restoreAllMocks());

function plan(name: string) {
  return screen.getByRole('listitem', { name: `${name} plan` });
}

const checkoutOk = () => ({ body: { url: CHECKOUT_URL } });

describe('pricing: starting a subscription', () => {
  it('when Choose Starter is pressed (monthly), then Checkout starts for starter/month and the browser goes to its address', async () => {
    const assign = watchNavigation();
    const { api } = renderSignedIn('/pricing', { 'POST /api/billing/checkout': checkoutOk });

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('POST', '/api/billing/checkout').map((c) => c.body)).toEqual([{ plan: 'starter', interval: 'month' }]);
    expect(api.callsTo('POST', '/api/billing/checkout')[0].authorization).toBe('Bearer access-1');
  });

  it('when Yearly is chosen and then Choose Enterprise, then Checkout starts for enterprise/year', async () => {
    const assign = watchNavigation();
    const { api } = renderSignedIn('/pricing', { 'POST /api/billing/checkout': checkoutOk });

    await userEvent.click(await screen.findByRole('radio', { name: /Yearly/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose Enterprise' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('POST', '/api/billing/checkout')[0].body).toEqual({ plan: 'enterprise', interval: 'year' });
  });

  it('while Checkout is being opened, then the button reads "Opening checkout..." and the other plans wait', async () => {
    watchNavigation();
    const held = gate();
    renderSignedIn('/pricing', {
      'POST /api/billing/checkout': async () => {
        await held.promise;
        return checkoutOk();
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Professional' }));

    expect(await screen.findByRole('button', { name: 'Opening checkout...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose Enterprise' })).toBeDisabled();
    await act(async () => held.open());
  });

  it('when Checkout cannot be opened, then the server\'s words show, nothing is left busy and the browser stays', async () => {
    const assign = watchNavigation();
    renderSignedIn('/pricing', {
      'POST /api/billing/checkout': () => ({
        status: 503,
        body: { error: 'Payments are unavailable right now. Please try again in a few minutes.', code: 'BILLING.UNAVAILABLE' },
      }),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are unavailable right now. Please try again in a few minutes.');
    expect(screen.getByRole('button', { name: 'Choose Starter' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('postwright.checkout')).toBeNull();
  });

  it('when the answer carries no text (a proxy in between), then the catalogue\'s message for its code shows', async () => {
    watchNavigation();
    renderSignedIn('/pricing', { 'POST /api/billing/checkout': () => ({ status: 503, body: { error: '', code: 'BILLING.PLAN_UNAVAILABLE' } }) });

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This plan cannot be bought right now. Please try again later.');
  });

  it('when the member already has a subscription (BILLING.ALREADY_SUBSCRIBED), then it says so and Manage billing opens the portal', async () => {
    const assign = watchNavigation();
    const { api } = renderSignedIn('/pricing', {
      'POST /api/billing/checkout': () => ({
        status: 409,
        body: { error: 'You already have a subscription. Change or cancel it in Manage billing.', code: 'BILLING.ALREADY_SUBSCRIBED' },
      }),
      'POST /api/billing/portal': () => ({ body: { url: PORTAL_URL } }),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You already have a subscription. Change or cancel it in Manage billing.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Manage billing' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.callsTo('POST', '/api/billing/portal')).toHaveLength(1);
  });
});

describe('pricing: a paid plan needs a verified email address', () => {
  const UNVERIFIED = 'Please verify your email address first: open the link we emailed you, or send a new one.';
  const unverifiedReply = () => ({ status: 403, body: { error: UNVERIFIED, code: 'AUTH.EMAIL_UNVERIFIED' } });

  it('when Checkout answers AUTH.EMAIL_UNVERIFIED, then it says so and "Resend verification email" sends the link again (no generic failure)', async () => {
    const assign = watchNavigation();
    const { api } = renderSignedIn(
      '/pricing',
      { 'POST /api/billing/checkout': unverifiedReply, 'POST /api/auth/resend-verification': () => ({ body: { sent: true } }) },
      { emailVerified: false },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNVERIFIED);
    expect(alert).not.toHaveTextContent('Could not open checkout. Please try again.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Resend verification email' }));

    expect(await within(alert).findByTestId('resend-outcome')).toHaveTextContent('We sent a new link to ada@example.com.');
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose Starter' })).toBeEnabled();
  });

  it('when the resend is asked for too soon (429), then the alert says to wait a minute', async () => {
    watchNavigation();
    renderSignedIn(
      '/pricing',
      {
        'POST /api/billing/checkout': unverifiedReply,
        'POST /api/auth/resend-verification': () => ({ status: 429, body: { error: 'Too many attempts. Please wait a minute and try again.', code: 'AUTH.RATE_LIMITED' } }),
      },
      { emailVerified: false },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByTestId('resend-outcome')).toHaveTextContent('Please wait a minute before asking again.');
  });
});

describe('pricing: prices as sold', () => {
  it('when /api/billing/plans answers, then its prices and allowances replace the spec\'s', async () => {
    renderSignedIn('/pricing', {
      'GET /api/billing/plans': () => ({ body: buildPlans({ starter: { prices: { month: 3_500, year: 35_000 }, postsPerMonth: 60 } }) }),
    });

    await waitFor(() => expect(screen.getByTestId('price-starter')).toHaveTextContent('$35'));
    expect(within(plan('Starter')).getByText('60 posts per month')).toBeInTheDocument();
    expect(screen.getByTestId('price-professional')).toHaveTextContent('$79');
  });

  it('while the plans load, and when they fail, then the spec\'s prices show (never a blank price)', async () => {
    const held = gate();
    const { api } = renderSignedIn('/pricing', {
      'GET /api/billing/plans': async () => {
        await held.promise;
        return { status: 503, body: { error: 'Payments are unavailable right now. Please try again in a few minutes.', code: 'BILLING.UNAVAILABLE' } };
      },
    });

    expect(await screen.findByTestId('price-enterprise')).toHaveTextContent('$299');
    await act(async () => held.open());
    await waitFor(() => expect(api.callsTo('GET', '/api/billing/plans')).toHaveLength(1));
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$29');
    expect(api.callsTo('GET', '/api/billing/plans')[0].authorization).toBeNull();
  });
});

describe('pricing: a subscriber', () => {
  const starterYearly = { subscriptionTier: 'starter', subscriptionStatus: 'active', trialPostsUsed: 3, trialEndsAt: '2026-06-01T00:00:00.000Z' };

  it('when a yearly Starter member opens /pricing, then Yearly shows, Starter reads "Current plan" and the others offer Manage billing', async () => {
    const { api } = renderSignedIn('/pricing', { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ interval: 'year' }) }) }, starterYearly);

    await waitFor(() => expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true'));
    expect(within(plan('Starter')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(plan('Professional')).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(within(plan('Enterprise')).getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/billing/checkout')).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });

  it('when the subscriber looks at the other period, then their plan offers Manage billing there (switching periods is a plan change)', async () => {
    renderSignedIn('/pricing', { 'GET /api/billing/subscription': () => ({ body: buildSubscription({ interval: 'year' }) }) }, starterYearly);
    await waitFor(() => expect(within(plan('Starter')).getByRole('button', { name: 'Current plan' })).toBeInTheDocument());

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));

    expect(within(plan('Starter')).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Current plan' })).not.toBeInTheDocument();
  });

  it('when Manage billing is pressed on another plan, then the portal opens ("Opening billing..." meanwhile)', async () => {
    const assign = watchNavigation();
    const held = gate();
    renderSignedIn(
      '/pricing',
      {
        'GET /api/billing/subscription': () => ({ body: buildSubscription() }),
        'POST /api/billing/portal': async () => {
          await held.promise;
          return { body: { url: PORTAL_URL } };
        },
      },
      starterYearly,
    );

    await userEvent.click(within(await screen.findByRole('listitem', { name: 'Professional plan' })).getByRole('button', { name: 'Manage billing' }));
    expect(await within(plan('Professional')).findByRole('button', { name: 'Opening billing...' })).toBeDisabled();
    await act(async () => held.open());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
  });
});

describe('pricing: the free trial is offered only while it can be had', () => {
  it('when a trial member has posts and days left, then the trial\'s terms show together, and where their trial stands', async () => {
    renderSignedIn('/pricing', {}, { trialPostsUsed: 1, trialEndsAt: '2099-03-04T12:00:00.000Z' });
    expect(await screen.findByText('30-day free trial: 3 posts, no credit card')).toBeInTheDocument();
    expect(screen.getByTestId('pricing-intro')).toHaveTextContent(/^Your free trial: 2 of 3 trial posts left · ends Mar 4, 2099\. Keep your momentum after it\./);
  });

  it.each([
    ['the trial posts are used up', { trialPostsUsed: 3 }],
    ['the trial\'s 30 days have passed, or it ended when they subscribed (trialEndsAt past)', { trialPostsUsed: 1, trialEndsAt: '2026-02-01T00:00:00.000Z' }],
    ['they are an ex-subscriber back on the trial tier', { trialPostsUsed: 0, trialEndsAt: '2026-02-01T00:00:00.000Z', subscriptionStatus: 'canceled' }],
    ['they subscribe to Starter', { subscriptionTier: 'starter', trialPostsUsed: 0 }],
  ])('when %s, then no free trial is offered', async (_case, overrides) => {
    renderSignedIn('/pricing', {}, overrides);
    expect(await screen.findByText('30-day money-back guarantee')).toBeInTheDocument();
    expect(screen.queryByText(/free trial: 3 posts/)).not.toBeInTheDocument();
    expect(screen.queryByText(/no credit card/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/start free trial/i)).not.toBeInTheDocument();
  });
});

describe('pricing: back from a cancelled checkout', () => {
  it('when the member comes back to /pricing without a subscription after starting Checkout, then "Checkout cancelled. You have not been charged." shows once', async () => {
    watchNavigation();
    const first = renderSignedIn('/pricing', { 'POST /api/billing/checkout': checkoutOk });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    await waitFor(() => expect(window.sessionStorage.getItem('postwright.checkout')).not.toBeNull());
    first.app.unmount();

    // Stripe's cancel address is /pricing, with nothing in the query
    const back = renderSignedIn('/pricing');
    expect(await screen.findByText('Checkout cancelled. You have not been charged.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // neutral, not an error
    back.app.unmount();

    renderSignedIn('/pricing');
    await screen.findByRole('button', { name: 'Choose Starter' });
    expect(screen.queryByText('Checkout cancelled. You have not been charged.')).not.toBeInTheDocument();
  });

  it('when /pricing is opened without a checkout started in this tab, then there is no note', async () => {
    renderSignedIn('/pricing');
    await screen.findByRole('button', { name: 'Choose Starter' });
    expect(screen.queryByText(/Checkout cancelled/)).not.toBeInTheDocument();
  });
});
