/**
 * The generator and the trial's two limits: its banner gives the posts left with the trial's end;
 * "Generate again" on a draft is free a few times (the dialog says how many more), and still works
 * once the trial's posts are used; an ended trial stops everything, and says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentStore } from './support/content-store';
import { details, fillAndGenerate, generateDraft } from './support/generator-steps';
import { buildItem, renderSignedIn } from './support/screens';


const FUTURE_END = '2099-03-04T12:00:00.000Z';
const PAST_END = '2026-02-01T12:00:00.000Z';
const REPLACES = "The new text replaces this draft's; you can undo it.";

async function askGenerateAgain() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
  await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
  return screen.findByRole('dialog', { name: 'Generate again?' });
}

/** The member opens their draft d1 (its free runs as given), the store answering with the trial posts given. */
async function openDraft(
  { freeRegenerationsLeft, trialPostsRemaining }: { freeRegenerationsLeft: number; trialPostsRemaining: number },
  user: { trialPostsUsed: number; trialEndsAt: string },
) {
  const store = contentStore({ items: [buildItem({ id: 'd1', topic: details.topic, freeRegenerationsLeft })], trialPostsRemaining });
  const { api } = renderSignedIn('/content?draft=d1', store.handlers, user);
  await screen.findByRole('group', { name: 'Hooks' });
  return { store, api };
}

describe('the generator and the trial', () => {
  it('when a trial runs, then the banner gives the posts left and the day it ends; Generate again says it is free and how many more times, and leaves the posts as they were', async () => {
    const store = contentStore({ trialPostsRemaining: 3, freeRegenerations: 3 });
    renderSignedIn('/content', store.handlers, { trialPostsUsed: 0, trialEndsAt: FUTURE_END });
    await generateDraft('framework');
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('2 of 3 trial posts left · ends Mar 4, 2099.');

    const first = await askGenerateAgain();
    expect(within(first).getByTestId('confirm-message')).toHaveTextContent(`Free: this draft can be generated again 3 more times without using a trial post. ${REPLACES}`);
    await userEvent.click(within(first).getByRole('button', { name: 'Generate again' }));
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 2 about ${details.topic}.`));
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('2 of 3 trial posts left · ends Mar 4, 2099.');

    const second = await askGenerateAgain();
    expect(within(second).getByTestId('confirm-message')).toHaveTextContent('Free: this draft can be generated again 2 more times without using a trial post.');
  });

  it('when the draft\'s free runs are used, then Generate again says why it now uses a post', async () => {
    await openDraft({ freeRegenerationsLeft: 0, trialPostsRemaining: 2 }, { trialPostsUsed: 1, trialEndsAt: FUTURE_END });
    const dialog = await askGenerateAgain();
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent(`This draft's 3 free runs are used. This uses 1 of your 2 remaining trial posts. ${REPLACES}`);
  });

  it('when the trial\'s posts are used but not its days, then the spec\'s limit banner shows, and a draft with free runs can still be generated again for free', async () => {
    const { store, api } = await openDraft({ freeRegenerationsLeft: 2, trialPostsRemaining: 0 }, { trialPostsUsed: 3, trialEndsAt: FUTURE_END });
    expect(screen.getByText('Trial limit reached - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByText('You have used all 3 posts of your free trial. Choose a plan to keep writing.')).toBeInTheDocument();

    const dialog = await askGenerateAgain();
    expect(screen.getByText('Your trial posts are used up, but generating this draft again is still free (2 left).')).toBeInTheDocument();
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent('Free: this draft can be generated again 2 more times without using a trial post.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate again' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1));
    await waitFor(() => expect(store.get('d1')?.freeRegenerationsLeft).toBe(1));
  });

  it('when the trial\'s posts are used and the draft has no free runs left, then Generate again is blocked with the reason', async () => {
    await openDraft({ freeRegenerationsLeft: 0, trialPostsRemaining: 0 }, { trialPostsUsed: 3, trialEndsAt: FUTURE_END });
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByRole('button', { name: 'Generate again' })).toBeDisabled();
    expect(screen.getByText(/Generation is paused: your trial posts are used up\./)).toBeInTheDocument();
  });

  it('when the trial\'s days have passed, then "Trial ended - Upgrade to continue" shows with its date and nothing can be generated, not even a draft\'s free runs', async () => {
    const { api } = await openDraft({ freeRegenerationsLeft: 3, trialPostsRemaining: 0 }, { trialPostsUsed: 1, trialEndsAt: PAST_END });
    expect(screen.getByText('Trial ended - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByText('Your free trial ended on Feb 1, 2026. Choose a plan to keep writing.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText('Trial limit reached - Upgrade to continue')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByRole('button', { name: 'Generate again' })).toBeDisabled();
    expect(screen.getByText(/Generation is paused: your free trial has ended\./)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
  });

  it('when the server says the trial ended (TRIAL.ENDED) while the page thought it ran, then its words show and the banner switches to the trial\'s end', async () => {
    renderSignedIn(
      '/content',
      { 'POST /api/content/generate': () => ({ status: 403, body: { error: 'Trial ended. Please upgrade to continue generating content.', code: 'TRIAL.ENDED', details: { trialEndsAt: PAST_END } } }) },
      { trialPostsUsed: 1, trialEndsAt: FUTURE_END },
    );
    await fillAndGenerate('framework');
    expect(await screen.findByRole('alert')).toHaveTextContent('Trial ended. Please upgrade to continue generating content.');
    expect(await screen.findByText('Trial ended - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeDisabled();
  });
});
