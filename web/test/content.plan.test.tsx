import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSubscription, PORTAL_URL, watchNavigation } from './support/billing';
import { contentStore } from './support/content-store';
import { chooseType, fillAndGenerate, fillDetails, generateDraft, pressGenerate } from './support/generator-steps';
import { buildItem, renderSignedIn } from './support/screens';

afterEach(() => jest.restoreAllMocks());

const RESETS = '2099-03-04T12:00:00.000Z';
const starter = (used: number) => ({
  subscriptionTier: 'starter',
  subscriptionStatus: 'active',
  trialPostsUsed: 3,
  trialEndsAt: '2026-06-01T00:00:00.000Z',
  usage: { used, allowance: 50, resetsAt: RESETS },
});

/** The generate route of a Starter member: `used` goes up by one per post, as the server counts. */
function starterGenerations(used: number) {
  let count = used;
  let n = 0;
  return {
    'POST /api/content/generate': () => {
      count += 1;
      n += 1;
      const content = buildItem({ id: `s${n}`, contentType: 'framework', topic: 'My 3-question filter for saying no' });
      return { status: 201, body: { content, user: { trialPostsRemaining: null, usage: { used: count, allowance: 50, resetsAt: RESETS } } } };
    },
    'GET /api/content/s1': () => ({ body: { content: buildItem({ id: 's1', contentType: 'framework' }) } }),
  };
}

describe('generator: a Starter member', () => {
  it('when posts are left this month, then the banner says "37 of 50 posts left this month." (no trial wording) and generating is open', async () => {
    renderSignedIn('/content', {}, starter(13));
    expect(await screen.findByTestId('plan-posts-left')).toHaveTextContent('37 of 50 posts left this month.');
    expect(screen.getByText('Starter plan')).toBeInTheDocument();
    expect(screen.queryByTestId('trial-posts-left')).not.toBeInTheDocument();
    expect(screen.queryByText('Trial limit reached - Upgrade to continue')).not.toBeInTheDocument();
    await chooseType('framework');
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeEnabled();
  });

  it('when a post is generated, then the count follows the server\'s usage, in the banner and the tier note', async () => {
    renderSignedIn('/content', starterGenerations(13), starter(13));
    await generateDraft('framework');

    await waitFor(() => expect(screen.getByTestId('plan-posts-left')).toHaveTextContent('36 of 50 posts left this month.'));
    expect(screen.getAllByTestId('tier-note')[0]).toHaveTextContent('Starter · 36 of 50 posts left');
  });

  it('when the month\'s posts are used up, then "Plan limit reached - your posts reset on" the date shows with Manage billing, and generating is blocked', async () => {
    const assign = watchNavigation();
    const { api } = renderSignedIn('/content', { 'POST /api/billing/portal': () => ({ body: { url: PORTAL_URL } }) }, starter(50));

    const banner = (await screen.findByText('Plan limit reached - your posts reset on Mar 4, 2099')).closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveTextContent('You have used all 50 posts of your Starter plan this month. To keep writing now, upgrade your plan in Manage billing.');
    await chooseType('framework');
    await fillDetails('framework');
    const submit = screen.getByRole('button', { name: 'Generate Content' });
    expect(submit).toBeDisabled();
    expect(screen.getByText(/Generation is paused: this month's posts are used up\. They reset on Mar 4, 2099\./)).toBeInTheDocument();
    await userEvent.click(submit);
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);

    await userEvent.click(within(banner).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
  });

  it('when Generate again is pressed, then the dialog says it uses one of the posts left this month', async () => {
    const store = contentStore({ trialPostsRemaining: null, usage: { used: 13, allowance: 50, resetsAt: RESETS } });
    renderSignedIn('/content', store.handlers, starter(13));
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await pressGenerate();

    const dialog = await screen.findByRole('dialog', { name: 'Generate again?' });
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent("This uses 1 of your 36 posts left this month. The new text replaces this draft's; you can undo it.");
  });
});

describe('generator: unlimited plans', () => {
  it.each(['professional', 'enterprise'])('when the member is on %s, then there is no counter banner and no confirmation before generating again', async (tier) => {
    renderSignedIn('/content', {}, { subscriptionTier: tier, usage: { used: 300, allowance: null, resetsAt: null } });
    await screen.findByRole('heading', { level: 1, name: 'Generate Content' });
    expect(screen.queryByTestId('plan-posts-left')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trial-posts-left')).not.toBeInTheDocument();
    expect(screen.queryByText(/Plan limit reached/)).not.toBeInTheDocument();
  });
});

describe('generator: the plan\'s refusals', () => {
  it('when the server refuses with PLAN.LIMIT_REACHED, then its words show, the banner turns to the limit with the reset date, and generating is blocked', async () => {
    const { api } = renderSignedIn(
      '/content',
      {
        'POST /api/content/generate': () => ({
          status: 403,
          body: { error: 'Plan limit reached. Please upgrade to continue generating content this month.', code: 'PLAN.LIMIT_REACHED', details: { resetsAt: '2099-04-01T12:00:00.000Z', allowance: 50 } },
        }),
      },
      starter(49),
    );
    await fillAndGenerate('framework');

    expect(await screen.findByRole('alert')).toHaveTextContent('Plan limit reached. Please upgrade to continue generating content this month.');
    expect(await screen.findByText('Plan limit reached - your posts reset on Apr 1, 2099')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeDisabled();
    expect(screen.getAllByTestId('tier-note')[0]).toHaveTextContent('Starter · 0 of 50 posts left');
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
  });

  it('when the refusal carries no text, then the catalogue\'s message shows', async () => {
    renderSignedIn('/content', { 'POST /api/content/generate': () => ({ status: 403, body: { error: '', code: 'PLAN.LIMIT_REACHED' } }) }, starter(49));
    await fillAndGenerate('framework');

    expect(await screen.findByRole('alert')).toHaveTextContent('Plan limit reached. Please upgrade to continue generating content this month.');
    expect(await screen.findByText('Plan limit reached - your posts reset on Mar 4, 2099')).toBeInTheDocument();
  });

  it('when the server refuses with PLAN.PAYMENT_OVERDUE, then its words show with Update payment method, and the app-wide banner says generating is paused', async () => {
    const assign = watchNavigation();
    renderSignedIn(
      '/content',
      {
        'POST /api/content/generate': () => ({
          status: 402,
          body: { error: 'Payment overdue. Please update your payment method to continue generating content.', code: 'PLAN.PAYMENT_OVERDUE' },
        }),
        'GET /api/billing/subscription': () => ({ body: buildSubscription({ status: 'past_due', graceEndsAt: '2026-01-11T12:00:00.000Z' }) }),
        'POST /api/billing/portal': () => ({ body: { url: PORTAL_URL } }),
      },
      starter(13),
    );
    await fillAndGenerate('framework');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment overdue. Please update your payment method to continue generating content.');
    expect(await screen.findByTestId('past-due-banner')).toHaveTextContent('generating posts is paused until it is paid');

    await userEvent.click(within(alert).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
  });
});
