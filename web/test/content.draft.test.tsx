/**
 * A draft is a place: after generating, the generator sits at /content?draft=<id>;
 * that address restores exactly what was there (type, form, hook, edited body, status); edits
 * autosave to the draft; the form typed before a first generation is kept in this browser.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentItem } from '@postwright/contracts';
import { workspaceKey } from '../src/lib/workspace-storage';
import { seriousViolations } from './support/axe';
import { contentStore } from './support/content-store';
import { chooseType, details, experienceLabels, fillDetails, generateDraft, topicLabels } from './support/generator-steps';
import { gate, payrollPost, renderSignedIn } from './support/screens';


function savedDraft(overrides: Partial<ContentItem> = {}) {
  return payrollPost({
    finalContent: 'Hook four\n\nThe body as I edited it.\n\nWith a second paragraph.',
    inputs: { industryRole: 'CEO of a bakery chain', personalExperience: 'Two days before payroll our largest customer paid late.', targetAudience: 'Founders', businessGoal: 'Hire a CFO' },
    ...overrides,
  });
}

const hookRadio = (name: string) => screen.getByRole('radio', { name: new RegExp(name) });

describe('a draft is a place', () => {
  it('when a draft is generated, then the address becomes /content?draft=<id>, replacing the empty form', async () => {
    const store = contentStore();
    const { app } = renderSignedIn('/content', store.handlers);
    await generateDraft('framework');
    expect(app.location().pathname).toBe('/content');
    expect(app.location().search).toBe('?draft=d1');
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('when /content?draft=<id> is opened, then type, form, chosen hook, edited body and preview come back, without generating', async () => {
    const store = contentStore({ items: [savedDraft()] });
    const { api } = renderSignedIn('/content?draft=d1', store.handlers);

    await waitFor(() => expect(hookRadio('Hook four')).toBeChecked());
    expect(screen.getByRole('radio', { name: /^Behind the Scenes/ })).toBeChecked();
    expect(screen.getByLabelText('Post body')).toHaveValue('The body as I edited it.\n\nWith a second paragraph.');
    const preview = screen.getByTestId('post-preview-text');
    await userEvent.click(within(preview).getByRole('button', { name: '...see more' }));
    expect(preview.textContent).toBe('Hook four\n\nThe body as I edited it.\n\nWith a second paragraph. see less');
    const posted = 'Hook four\n\nThe body as I edited it.\n\nWith a second paragraph.';
    expect(screen.getByTestId('length-counter')).toHaveTextContent(`${posted.length} / 1,600 characters`);

    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText(topicLabels.story)).toHaveValue('The week we almost missed payroll');
    expect(screen.getByLabelText('Industry/Role')).toHaveValue('CEO of a bakery chain');
    expect(screen.getByLabelText(experienceLabels.story)).toHaveValue('Two days before payroll our largest customer paid late.');
    expect(screen.getByLabelText('Target Audience')).toHaveValue('Founders');
    expect(screen.getByLabelText(/Business Goal/)).toHaveValue('Hire a CFO');

    expect(api.callsTo('GET', '/api/content/d1')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
    expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(0);
    // axe probes icon ligatures with a canvas, which jsdom lacks
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(await seriousViolations()).toEqual([]);
    canvas.mockRestore();
  });

  it('when a hook is picked and the body edited, then a refresh brings both back and no second trial post is spent', async () => {
    const store = contentStore();
    const first = renderSignedIn('/content', store.handlers);
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 4'));
    const body = screen.getByLabelText('Post body');
    await userEvent.click(body);
    await userEvent.paste(' Plus my own last line.');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = first.api.callsTo('PUT', '/api/content/d1/edit').at(-1)!.body;
    expect(put).toEqual({
      editedContent: `framework hook 4 (take 1)\n\nBody of take 1 about ${details.topic}. Plus my own last line.`,
      saveAsDraft: true,
      selectedHook: 'framework hook 4 (take 1)',
      topic: details.topic,
      inputs: { industryRole: details.industryRole, personalExperience: details.personalExperience, targetAudience: details.targetAudience, businessGoal: null },
    });

    const address = `${first.app.location().pathname}${first.app.location().search}`;
    cleanup(); // the page goes away: a refresh
    const second = renderSignedIn(address, store.handlers);
    await waitFor(() => expect(hookRadio('framework hook 4')).toBeChecked());
    expect(screen.getByLabelText('Post body')).toHaveValue(`Body of take 1 about ${details.topic}. Plus my own last line.`);
    expect(second.api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
    expect(store.generations).toBe(1);
  });

  it('when a save fails for lack of network, then it says "Not saved: retrying", and "Saved" once the server answers again', async () => {
    const store = contentStore();
    let down = true;
    renderSignedIn('/content', {
      ...store.handlers,
      'PUT /api/content/d1/edit': (call) => (down ? 'network-error' : store.handlers['PUT /api/content/d1/edit'](call)),
    });
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 2'));
    expect(await screen.findByText('Not saved: retrying')).toBeInTheDocument();
    down = false;
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(store.get('d1')?.selectedHook).toBe('framework hook 2 (take 1)');
  });

  it('when the server refuses the text (4xx), then its message shows on the draft', async () => {
    const store = contentStore();
    renderSignedIn('/content', {
      ...store.handlers,
      'PUT /api/content/d1/edit': () => ({ status: 400, body: { error: 'Edited content is required', code: 'REQUEST.INVALID' } }),
    });
    await generateDraft('framework');
    await userEvent.clear(screen.getByLabelText('Post body'));
    expect(await screen.findByText('Not saved: Edited content is required')).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'error');
  });

  it('when the draft is published, then it is shown read-only and nothing autosaves', async () => {
    const store = contentStore({
      items: [savedDraft({ status: 'published', publishedAt: '2026-03-05T10:00:00.000Z', linkedinPostId: 'urn:li:share:9', linkedinPostUrl: 'https://sandbox.example/feed/update/urn:li:share:9/' })],
    });
    renderSignedIn('/content?draft=d1', store.handlers);
    await waitFor(() => expect(hookRadio('Hook four')).toBeChecked());
    expect(hookRadio('Hook two')).toBeDisabled();
    expect(screen.getByLabelText('Post body')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('save-status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write another post' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View on LinkedIn/ })).toHaveAttribute('href', 'https://sandbox.example/feed/update/urn:li:share:9/');
  });

  it('when the draft is not there (deleted, or another account\'s), then a clear message offers a new post', async () => {
    const store = contentStore();
    const { app } = renderSignedIn('/content?draft=gone', {
      ...store.handlers,
      'GET /api/content/gone': () => ({ status: 404, body: { error: 'Content not found', code: 'CONTENT.NOT_FOUND' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Content not found' })).toBeInTheDocument();
    expect(screen.getByText('This draft may have been deleted, or it belongs to another account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start a new post' }));
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(screen.queryByRole('heading', { name: 'Content not found' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Choose a content type$/ })).toBeInTheDocument();
  });

  it('when loading the draft fails, then "Failed to load content" shows with Retry', async () => {
    const store = contentStore({ items: [savedDraft()] });
    let fail = true;
    renderSignedIn('/content?draft=d1', {
      ...store.handlers,
      'GET /api/content/d1': (call) => (fail ? { status: 503, body: { error: 'Failed to load content' } } : store.handlers['GET /api/content/d1'](call)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load content');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(hookRadio('Hook four')).toBeChecked());
  });
});

describe('work before the first generation', () => {
  it('when details are typed and the page is refreshed, then the type and the typed details come back (kept per user in localStorage)', async () => {
    renderSignedIn('/content');
    await chooseType('insight');
    await userEvent.click(screen.getByLabelText(topicLabels.insight));
    await userEvent.paste('Usage-based pricing everywhere');
    await userEvent.click(screen.getByLabelText(experienceLabels.insight));
    await userEvent.paste('Seven of ten renewals asked for it.');
    expect(JSON.parse(window.localStorage.getItem(workspaceKey('u1'))!)).toMatchObject({
      lastType: 'insight',
      types: { insight: { draftId: null, form: { topic: 'Usage-based pricing everywhere', personalExperience: 'Seven of ten renewals asked for it.' } } },
    });

    cleanup();
    const again = renderSignedIn('/content');
    expect(await screen.findByLabelText(topicLabels.insight)).toHaveValue('Usage-based pricing everywhere');
    expect(screen.getByLabelText(experienceLabels.insight)).toHaveValue('Seven of ten renewals asked for it.');
    expect(screen.getByRole('radio', { name: /^Industry Insight/ })).toBeChecked();
    expect(again.app.location().search).toBe('?type=insight');
  });

  it('when another user signs in on this browser, then they do not get the first one\'s details', async () => {
    renderSignedIn('/content');
    await chooseType('insight');
    await userEvent.click(screen.getByLabelText(topicLabels.insight));
    await userEvent.paste('Private thoughts');
    cleanup();
    renderSignedIn('/content?type=insight', {}, { id: 'u2', email: 'grace@example.com' });
    expect(await screen.findByLabelText(topicLabels.insight)).toHaveValue('');
  });
});

describe('switching type with a draft open', () => {
  it('when the type changes, then the draft keeps its pending edits, the other type shows its own work, and switching back reopens the draft', async () => {
    const store = contentStore();
    const { api, app } = renderSignedIn('/content', store.handlers);
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 2'));

    await chooseType('insight');
    // the pending hook choice is saved to the framework draft, not lost
    await waitFor(() => expect(store.get('d1')?.selectedHook).toBe('framework hook 2 (take 1)'));
    expect(app.location().search).toBe('?type=insight');
    expect(screen.queryByRole('group', { name: 'Hooks' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No content to post' })).toBeInTheDocument();
    // a type never used before starts empty: nothing of the other type's post is copied into it
    expect(screen.getByLabelText(topicLabels.insight)).toHaveValue('');
    expect(screen.getByLabelText('Industry/Role')).toHaveValue('');
    await userEvent.click(screen.getByLabelText(topicLabels.insight));
    await userEvent.paste('An insight of its own');

    await chooseType('framework');
    await waitFor(() => expect(hookRadio('framework hook 2')).toBeChecked());
    expect(app.location().search).toBe('?draft=d1');
    expect(api.callsTo('GET', '/api/content/d1')).toHaveLength(1);

    await chooseType('insight');
    expect(await screen.findByLabelText(topicLabels.insight)).toHaveValue('An insight of its own');
    expect(store.generations).toBe(1);
  });

  it('when the type is switched away and straight back while the save is on its way, then the draft is read back after it lands, edits included', async () => {
    const store = contentStore();
    const hold = gate();
    const { api } = renderSignedIn('/content', {
      ...store.handlers,
      'PUT /api/content/d1/edit': async (call) => {
        await hold.promise;
        return store.handlers['PUT /api/content/d1/edit'](call);
      },
    });
    await generateDraft('framework');
    await userEvent.click(hookRadio('framework hook 5'));
    await chooseType('story');
    await chooseType('framework');
    await waitFor(() => expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/content/d1')).toHaveLength(0); // waits for the save
    await act(async () => hold.open());
    await waitFor(() => expect(hookRadio('framework hook 5')).toBeChecked());
    const order = api.calls.filter((c) => c.path.startsWith('/api/content/d1')).map((c) => c.method);
    expect(order).toEqual(['PUT', 'GET']);
  });

  it('when "Start a new post" is pressed, then the draft is left as saved and an empty form of the same type opens', async () => {
    const store = contentStore();
    const { app } = renderSignedIn('/content', store.handlers);
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('button', { name: 'Start a new post' }));
    expect(app.location().search).toBe('?type=framework');
    expect(screen.getByLabelText(topicLabels.framework)).toHaveValue('');
    // who the author is and for whom stays
    expect(screen.getByLabelText('Industry/Role')).toHaveValue(details.industryRole);
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeInTheDocument();
    await fillDetails('framework', { topic: 'A second post' });
    expect(screen.queryByRole('group', { name: 'Hooks' })).not.toBeInTheDocument();
  });
});
