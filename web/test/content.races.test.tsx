/**
 * The generator never lets a late save, a second click or a keystroke at the wrong moment mix
 * two versions of a draft: while "Generate again", Undo/Redo or a publish
 * runs the draft is read-only; a draft replaced from the server starts its autosave from the
 * server's values and drops what the old version still had pending; the sidebar's Generate
 * link does not read back a draft the page already holds; a double click runs one action.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentStore } from './support/content-store';
import { chooseType, details, fillDetails, generateDraft, pressGenerate, topicLabels } from './support/generator-steps';
import { connectedProfile, gate, renderSignedIn } from './support/screens';
import type { FakeCall, FakeReply } from './support/fake-api';


const premium = { subscriptionTier: 'premium' as const };
const hookRadio = (name: string) => screen.getByRole('radio', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
const body = () => screen.getByLabelText('Post body');
const take = (n: number) => `Body of take ${n} about ${details.topic}.`;

type Gate = ReturnType<typeof gate<void>>;

/** A route of the store that, once `hold()` is called, waits for `open()` before it answers. */
type Reply = FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

function held(handler: (call: FakeCall) => Reply) {
  let current: Gate | null = null;
  return {
    hold: () => (current = gate()),
    open: () => act(async () => current?.open()),
    route: async (call: FakeCall) => {
      await current?.promise;
      return handler(call);
    },
  };
}

describe('generate again and undo never mix two versions', () => {
  it('while Generate again runs, then the details form is read-only; when it lands, the server has exactly what the screen shows', async () => {
    let answer: Gate | null = null;
    const store = contentStore({ trialPostsRemaining: null, beforeGenerate: () => answer?.promise });
    const { api } = renderSignedIn('/content', store.handlers, premium);
    await generateDraft('framework');

    answer = gate();
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    const topic = screen.getByLabelText(topicLabels.framework);
    expect(topic).toHaveAttribute('readonly');
    await userEvent.type(topic, ' and more');
    expect(topic).toHaveValue(details.topic);
    await act(async () => answer!.open());

    await waitFor(() => expect(body()).toHaveValue(take(2)));
    expect(hookRadio('framework hook 1 (take 2)')).toBeEnabled();
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'idle');
    // nothing of the replaced version was sent after it
    expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(0);
    expect(store.get('d1')).toMatchObject({ topic: details.topic, hooks: expect.arrayContaining(['framework hook 1 (take 2)']), selectedHook: null, finalContent: null });
  });

  it('while Generate again runs, then Publish, Schedule and Save as Draft wait for it', async () => {
    let answer: Gate | null = null;
    const store = contentStore({ trialPostsRemaining: null, beforeGenerate: () => answer?.promise });
    const { api } = renderSignedIn('/content', { ...store.handlers, 'GET /api/linkedin/profile': () => ({ body: connectedProfile() }) }, premium);
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 1'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeEnabled());

    answer = gate();
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    await screen.findByRole('button', { name: 'Generating...' });
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Publish to LinkedIn' }));
    await act(async () => answer!.open());

    await waitFor(() => expect(body()).toHaveValue(take(2)));
    expect(api.callsTo('POST', '/api/linkedin/post')).toHaveLength(0);
  });

  it('while Undo runs, then hooks, body and form are read-only, and the text it restores is what the server keeps', async () => {
    const store = contentStore({ trialPostsRemaining: null });
    const restore = held((call) => store.handlers['POST /api/content/d1/restore-previous'](call));
    const { api } = renderSignedIn('/content', { ...store.handlers, 'POST /api/content/d1/restore-previous': restore.route }, premium);
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    await waitFor(() => expect(body()).toHaveValue(take(2)));

    restore.hold();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(hookRadio('framework hook 2 (take 2)')).toBeDisabled();
    expect(body()).toHaveAttribute('readonly');
    await userEvent.click(hookRadio('framework hook 2 (take 2)'));
    await userEvent.type(body(), ' typed during the undo');
    expect(hookRadio('framework hook 2 (take 2)')).not.toBeChecked();
    await restore.open();

    await waitFor(() => expect(body()).toHaveValue(take(1)));
    expect(store.get('d1')).toMatchObject({ hooks: expect.arrayContaining(['framework hook 1 (take 1)']), selectedHook: null, finalContent: null });
    expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(0);
  });

  it('when the edits cannot be saved before Generate again, then nothing is generated and "Failed to save edits" shows', async () => {
    const store = contentStore({ trialPostsRemaining: null });
    const { api } = renderSignedIn('/content', { ...store.handlers, 'PUT /api/content/d1/edit': () => ({ status: 500 }) }, premium);
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 3'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    expect(await screen.findByText('Failed to save edits')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
    expect(hookRadio('framework hook 3 (take 1)')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Generate again' })).toBeEnabled();
  });

  it('when Generate again is double-clicked while an edit is being saved, then it runs once and is disabled at once', async () => {
    const store = contentStore({ trialPostsRemaining: null });
    const save = held((call) => store.handlers['PUT /api/content/d1/edit'](call));
    const { api } = renderSignedIn('/content', { ...store.handlers, 'PUT /api/content/d1/edit': save.route }, premium);
    await generateDraft('framework');
    save.hold();
    await userEvent.click(hookRadio('framework hook 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const again = screen.getByRole('button', { name: 'Generate again' });
    await userEvent.dblClick(again);
    expect(again).toBeDisabled();
    await save.open();

    await waitFor(() => expect(body()).toHaveValue(take(2)));
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(2);
    expect(store.generations).toBe(2);
    // the edit reached the first take before it was replaced
    expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(1);
  });

  it('when Undo is double-clicked while an edit is being saved, then it restores once', async () => {
    const store = contentStore({ trialPostsRemaining: null });
    const save = held((call) => store.handlers['PUT /api/content/d1/edit'](call));
    const { api } = renderSignedIn('/content', { ...store.handlers, 'PUT /api/content/d1/edit': save.route }, premium);
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    await waitFor(() => expect(body()).toHaveValue(take(2)));
    save.hold();
    await userEvent.click(hookRadio('framework hook 4'));
    const undo = screen.getByRole('button', { name: 'Undo' });
    await userEvent.dblClick(undo);
    expect(undo).toBeDisabled();
    await save.open();

    await waitFor(() => expect(body()).toHaveValue(take(1)));
    expect(api.callsTo('POST', '/api/content/d1/restore-previous')).toHaveLength(1);
    expect(store.get('d1')?.generatedContent).toBe(take(1));
  });
});

describe('form edits typed during a first generation', () => {
  it('while the post is being written, then the form is read-only, so what it shows after is what the draft has', async () => {
    const answer = gate();
    const store = contentStore({ beforeGenerate: () => answer.promise });
    renderSignedIn('/content', store.handlers);
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();
    await screen.findByRole('button', { name: 'Generating...' });
    const goal = screen.getByLabelText(/Business Goal/);
    expect(goal).toHaveAttribute('readonly');
    await userEvent.type(goal, 'Hire two engineers');
    await act(async () => answer.open());

    await screen.findByRole('group', { name: 'Hooks' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const shown = (screen.getByLabelText(/Business Goal/) as HTMLInputElement).value;
    expect(shown).toBe('');
    expect(store.get('d1')?.inputs?.businessGoal ?? '').toBe(shown);
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'idle');
  });
});

describe('the sidebar Generate link with an edit pending', () => {
  it('when Generate is clicked in the sidebar right after an edit, then the draft stays as edited (not read back) and the edit is saved', async () => {
    const store = contentStore();
    const { api, app } = renderSignedIn('/content', store.handlers);
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 4'));
    const nav = screen.getAllByRole('navigation', { name: 'App' })[0];
    await userEvent.click(within(nav).getByRole('link', { name: 'Generate' }));

    await waitFor(() => expect(app.location().search).toBe('?draft=d1'));
    await waitFor(() => expect(store.get('d1')?.selectedHook).toBe('framework hook 4 (take 1)'));
    expect(hookRadio('framework hook 4')).toBeChecked();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/content/d1')).toHaveLength(0);
  });
});

describe('publishing from the generator', () => {
  it('while the post is being published, then hooks, body and form are read-only, so the screen shows what was published', async () => {
    const store = contentStore();
    const answer = gate();
    const { api } = renderSignedIn('/content', {
      ...store.handlers,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
      'POST /api/linkedin/post': async (call) => {
        await answer.promise;
        const text = (call.body as { text: string }).text;
        return { body: { linkedinPost: { id: 'urn:li:share:9', url: 'https://sandbox.example/feed/update/urn:li:share:9/' }, content: { ...store.get('d1')!, finalContent: text, status: 'published' } } };
      },
    });
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to LinkedIn' }));
    // asked first, as in Content Management
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Publish to LinkedIn?' })).getByRole('button', { name: 'Publish' }));
    await screen.findByRole('button', { name: 'Publishing...' });

    expect(body()).toHaveAttribute('readonly');
    expect(hookRadio('framework hook 3')).toBeDisabled();
    await userEvent.type(body(), ' Typed while publishing.');
    expect(body()).toHaveValue(take(1));
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText(topicLabels.framework)).toHaveAttribute('readonly');
    await act(async () => answer.open());

    expect(await screen.findByText('Content posted to LinkedIn successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/linkedin/post')[0].body).toMatchObject({ text: `framework hook 1 (take 1)\n\n${take(1)}` });
    expect(body()).toHaveValue(take(1));
  });
});
