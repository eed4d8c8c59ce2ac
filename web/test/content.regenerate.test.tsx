/**
 * "Generate again": on a trial it says, before it runs, that it uses one of the
 * remaining posts; it rewrites the same draft in place (same id, same address, no second
 * draft) and keeps the replaced text one Undo away.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentStore } from './support/content-store';
import { details, generateDraft } from './support/generator-steps';
import { buildItem, renderSignedIn } from './support/screens';


async function generateAgain() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
  await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
}

/** A premium member's draft generated again (no dialog on an unlimited plan), its second take on screen. */
async function generatedAgain() {
  const store = contentStore({ trialPostsRemaining: null });
  const rendered = renderSignedIn('/content', store.handlers, { subscriptionTier: 'premium' });
  await generateDraft('framework');
  await generateAgain();
  await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 2 about ${details.topic}.`));
  return { store, ...rendered };
}

/** A premium draft generated again, then undone (Redo on offer) and its page closed: the store and the draft's address. */
async function undoneAndClosed() {
  const { store, app } = await generatedAgain();
  await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
  await screen.findByRole('button', { name: 'Redo' });
  const address = `${app.location().pathname}${app.location().search}`;
  cleanup();
  return { store, address };
}

describe('generate again', () => {
  it('when a trial user generates again, then a dialog says it uses 1 of the remaining trial posts; confirmed, it rewrites the same draft; Undo brings the old text back', async () => {
    const store = contentStore({ trialPostsRemaining: 3 });
    const { api, app } = renderSignedIn('/content', store.handlers, { trialPostsUsed: 0 });
    await generateDraft('framework');
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('2 of 3 trial posts left.');
    // an edit of the first take, saved before it is replaced
    await userEvent.click(screen.getByRole('radio', { name: /framework hook 3/ }));

    await generateAgain();
    const dialog = await screen.findByRole('dialog', { name: 'Generate again?' });
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent(
      "This uses 1 of your 2 remaining trial posts. The new text replaces this draft's; you can undo it.",
    );
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate again' }));

    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 2 about ${details.topic}.`));
    const calls = api.callsTo('POST', '/api/content/generate');
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toMatchObject({ contentId: 'd1', contentType: 'framework', topic: details.topic });
    expect(app.location().search).toBe('?draft=d1');
    expect(screen.getByRole('radio', { name: /framework hook 1 \(take 2\)/ })).toBeInTheDocument();
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('1 of 3 trial posts left.');
    // the pending hook choice reached the first take before it was replaced
    const edits = api.callsTo('PUT', '/api/content/d1/edit');
    expect(edits.at(-1)!.body).toMatchObject({ selectedHook: 'framework hook 3 (take 1)' });

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /framework hook 3 \(take 1\)/ })).toBeChecked());
    expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 1 about ${details.topic}.`);
    expect(api.callsTo('POST', '/api/content/d1/restore-previous')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(app.location().search).toBe('?draft=d1');
  });

  it('when Undo has brought the old text back, then Redo (the same swap) brings the new one back, and Undo is offered again', async () => {
    const { store, api } = await generatedAgain();
    expect(screen.getByText('Generated again: the text it replaced is one undo away.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 1 about ${details.topic}.`));
    // the service keeps the newer text as the previous version: the way back is a Redo, said as one
    expect(store.get('d1')?.hasPreviousVersion).toBe(true);
    expect(screen.getByText('Previous version restored: the newer text is one redo away.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 2 about ${details.topic}.`));
    expect(api.callsTo('POST', '/api/content/d1/restore-previous')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Redo' })).not.toBeInTheDocument();
    expect(store.generations).toBe(2);
  });

  it('when the page is refreshed after an Undo, then it still offers Redo', async () => {
    const { store, address } = await undoneAndClosed();
    renderSignedIn(address, store.handlers, { subscriptionTier: 'premium' });
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 1 about ${details.topic}.`));
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();
  });

  it('when the draft is opened in another tab after an Undo (nothing of this tab kept), then the banner and the button say Redo, as the server has it', async () => {
    const { store, address } = await undoneAndClosed();
    // another tab: its own sessionStorage, empty
    window.sessionStorage.clear();
    renderSignedIn(address, store.handlers, { subscriptionTier: 'premium' });
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 1 about ${details.topic}.`));
    expect(screen.getByText('Previous version restored: the newer text is one redo away.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    // Redo there, then back in a fresh tab: Undo again
    await userEvent.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 2 about ${details.topic}.`));
    cleanup();
    window.sessionStorage.clear();
    renderSignedIn(address, store.handlers, { subscriptionTier: 'premium' });
    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 2 about ${details.topic}.`));
    expect(screen.getByText('Generated again: the text it replaced is one undo away.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('when one trial post is left, then the dialog says it uses the last one; Cancel generates nothing', async () => {
    const store = contentStore({ trialPostsRemaining: 2 });
    const { api } = renderSignedIn('/content', store.handlers, { trialPostsUsed: 1 });
    await generateDraft('framework');
    await generateAgain();
    const dialog = await screen.findByRole('dialog', { name: 'Generate again?' });
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent('This uses your last remaining trial post.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
    expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 1 about ${details.topic}.`);
  });

  it('when the trial is used up, then Generate again is disabled and the banner says "Trial limit reached - Upgrade to continue" with Upgrade Now', async () => {
    const store = contentStore({ trialPostsRemaining: 1 });
    const { api } = renderSignedIn('/content', store.handlers, { trialPostsUsed: 2 });
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByRole('button', { name: 'Generate again' })).toBeDisabled();
    expect(screen.getByText('Trial limit reached - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
  });

  it('when the plan is unlimited, then it regenerates in place without asking', async () => {
    const { api } = await generatedAgain();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/generate')[1].body).toMatchObject({ contentId: 'd1' });
  });
});

describe('generating from a published or scheduled post', () => {
  const published = () =>
    buildItem({
      id: 'p1',
      contentType: 'framework',
      topic: details.topic,
      status: 'published',
      selectedHook: 'Hook two',
      finalContent: 'Hook two\n\nThe published body.',
      publishedAt: '2026-03-05T10:00:00.000Z',
      linkedinPostUrl: 'https://sandbox.example/feed/update/urn:li:share:9/',
      inputs: { industryRole: details.industryRole, personalExperience: details.personalExperience, targetAudience: details.targetAudience, businessGoal: null },
    });

  it('when a trial user generates from a published post, then the button says it makes a new post, and a dialog says it uses a trial post before it runs', async () => {
    const store = contentStore({ items: [published()], ids: ['d1'], trialPostsRemaining: 2 });
    const { api, app } = renderSignedIn('/content?draft=p1', store.handlers, { trialPostsUsed: 1 });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Hook two/ })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.queryByRole('button', { name: 'Generate again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate a new post' }));

    const dialog = await screen.findByRole('dialog', { name: 'Generate a new post?' });
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent(
      'This uses 1 of your 2 remaining trial posts. It starts a new draft; the published post stays as it is.',
    );
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate a new post' }));

    await waitFor(() => expect(app.location().search).toBe('?draft=d1'));
    expect(api.callsTo('POST', '/api/content/generate')[0].body).not.toHaveProperty('contentId');
    expect(store.get('p1')?.status).toBe('published');
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('1 of 3 trial posts left.');
  });

  it('when a trial user cancels, then nothing is generated and the published post stays on screen', async () => {
    const store = contentStore({ items: [published()], ids: ['d1'], trialPostsRemaining: 2 });
    const { api, app } = renderSignedIn('/content?draft=p1', store.handlers, { trialPostsUsed: 1 });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Hook two/ })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate a new post' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Generate a new post?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
    expect(app.location().search).toBe('?draft=p1');
  });
});
