/**
 * The free trial is 30 days and 3 posts, whichever ends first, said in the same words wherever it
 * is offered or shown, and never offered to an account whose trial is over (its posts used, its
 * days passed, a former subscriber).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FREE_REGENERATIONS_PER_DRAFT, TRIAL_DAYS, TRIAL_POST_LIMIT } from '@postwright/contracts';
import { FaqList } from '../src/components/site/faq';
import { site, trialTerms } from '../src/config/site';
import { helpTopics } from '../src/features/support/components/topics';
import { trialState, trialStatusText } from '../src/lib/user';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { renderSignedIn } from './support/screens';

const FUTURE_END = '2099-03-04T12:00:00.000Z';
const PAST_END = '2026-02-01T12:00:00.000Z';
const TERMS = '30-day free trial: 3 posts, no credit card';

/** The states of a trial, as the server describes the member. */
const running = { subscriptionTier: 'trial', trialPostsUsed: 1, trialEndsAt: FUTURE_END };
const postsUsed = { subscriptionTier: 'trial', trialPostsUsed: 3, trialEndsAt: FUTURE_END };
const daysPassed = { subscriptionTier: 'trial', trialPostsUsed: 1, trialEndsAt: PAST_END };
const formerSubscriber = { subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialPostsUsed: 0, trialEndsAt: PAST_END };

describe('the trial\'s terms: one rule, one wording', () => {
  it('the web says the contracts\' numbers: 30 days, 3 posts, 3 free runs of Generate again per draft', () => {
    expect([site.trialDays, site.trialPostLimit, site.freeRegenerationsPerDraft]).toEqual([TRIAL_DAYS, TRIAL_POST_LIMIT, FREE_REGENERATIONS_PER_DRAFT]);
    expect(trialTerms).toBe(TERMS);
  });

  it.each([
    ['running', running, 'running', '2 of 3 trial posts left · ends Mar 4, 2099'],
    ['posts used within the days', postsUsed, 'used', 'All 3 trial posts used'],
    ['days passed with posts left', daysPassed, 'ended', 'Trial ended'],
    ['a former subscriber', formerSubscriber, 'ended', 'Trial ended'],
  ])('a trial %s reads as %s: "%s"', (_case, user, kind, text) => {
    expect(trialState(user).kind).toBe(kind);
    expect(trialStatusText(user)).toBe(text);
  });
});

describe('the trial on the public pages', () => {
  it('when a visitor opens the landing page, then the hero, the plans and the closing call to action give both terms together', async () => {
    fakeApi({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ });
    expect(screen.getByText(`${TERMS} · Cancel anytime`)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Simple pricing that pays for itself' })).getByText(TERMS)).toBeInTheDocument();
    expect(screen.getByText(`Give them something worth stopping for. Write your first post in the next five minutes, with a ${TERMS}.`)).toBeInTheDocument();
    expect(screen.queryByText(/No credit card required/)).not.toBeInTheDocument();
  });

  it('when a visitor opens the signup page, then it promises the same terms', async () => {
    fakeApi({});
    renderApp('/auth/signup');
    expect(await screen.findByText(`Start your ${TERMS}.`)).toBeInTheDocument();
  });

  it('when the FAQ\'s trial question opens, then it says whichever ends first, and that Generate again is free 3 times per draft', async () => {
    render(<FaqList />);
    await userEvent.click(screen.getByRole('button', { name: 'How does the free trial work?' }));
    expect(screen.getByText(/30-day free trial: 3 posts, no credit card\. The trial ends after 30 days or 3 posts, whichever comes first\. Generating a draft again is free up to 3 times/)).toBeInTheDocument();
  });

  it.each([
    ['its posts are used', postsUsed],
    ['its days have passed', daysPassed],
    ['they are a former subscriber', formerSubscriber],
  ])('when a member whose trial is over (%s) opens the plans, then no free trial is offered and the page says the trial is over', async (_case, user) => {
    renderSignedIn('/pricing', {}, user);
    expect(await screen.findByTestId('pricing-intro')).toHaveTextContent(/^Your free trial is over\./);
    expect(screen.queryByText(TERMS)).not.toBeInTheDocument();
    expect(screen.queryByText(/no credit card/i)).not.toBeInTheDocument();
  });

  it('the support answer for used trial posts gives both limits and the free runs', () => {
    const topic = helpTopics.find((t) => t.id === 'trial-used')!;
    expect(topic.answer).toBe(
      'The free trial is 30 days and 3 posts, whichever ends first; after that, generating needs a plan. Generating a draft again is free up to 3 times and does not use a post. Your drafts, scheduled and published posts stay available.',
    );
    expect(topic.steps[0]).toBe('Choose Upgrade Now on the Generate page, or Choose a plan on your profile.');
  });
});

describe('the trial in the product', () => {
  it.each([
    ['running', running, 'Active', '2 of 3 trial posts left · ends Mar 4, 2099'],
    ['with its posts used', postsUsed, 'Limit reached', 'All 3 trial posts used'],
    ['with its days passed', daysPassed, 'Ended', 'Trial ended'],
  ])('when a trial %s is on the profile, then Account Status says so, names no plan that does not exist and offers Choose a plan', async (_case, user, status, posts) => {
    renderSignedIn('/profile', { 'GET /api/billing/subscription': () => ({ body: { plan: null, interval: null, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, graceEndsAt: null, usage: null } }) }, user);
    const card = await screen.findByRole('region', { name: 'Account Status' });
    expect(within(card).getByTestId('subscription-badge')).toHaveTextContent('Free Trial');
    expect(within(card).getByTestId('status-badge')).toHaveTextContent(status);
    expect(within(card).getByTestId('posts-left')).toHaveTextContent(posts);
    expect(within(card).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    expect(within(card).queryByText(/Premium/)).not.toBeInTheDocument();
    expect(within(card).queryByText('Account Type')).not.toBeInTheDocument();
  });

  it.each([
    [running, '2 of 3 trial posts left · ends Mar 4, 2099'],
    [postsUsed, 'All 3 trial posts used'],
    [daysPassed, 'Trial ended'],
  ])('the sidebar\'s tier note for %o reads "%s"', async (user, note) => {
    renderSignedIn('/dashboard', {}, user);
    expect((await screen.findAllByTestId('tier-note'))[0]).toHaveTextContent(`Free trial${note}`);
  });
});
