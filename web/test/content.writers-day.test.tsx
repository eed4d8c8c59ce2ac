/**
 * The generator's smaller behaviours: each type keeps its own form, a refusal for want of
 * LinkedIn is said once, Cancel agrees with what the server kept, a type card takes the first
 * click, and the preview's author line.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_STREAM_TYPE, RECONNECT_REQUIRED_MESSAGE, type ContentItem, type User } from '@postwright/contracts';
import { previewHeadline } from '../src/features/content/components/post-preview';
import { readWorkspace } from '../src/lib/workspace-storage';
import { contentStore } from './support/content-store';
import { eventStream } from './support/event-stream';
import { buildUser, type FakeCall } from './support/fake-api';
import { chooseType, details, experienceLabels, fillDetails, generateDraft, pressGenerate, topicLabels } from './support/generator-steps';
import { buildItem, connectedProfile, renderSignedIn } from './support/screens';


describe('each type keeps its own form', () => {
  it('when a form is typed and another type is chosen, then the new type starts empty; coming back, the first form is as typed', async () => {
    const { user } = renderSignedIn('/content', contentStore().handlers);
    await chooseType('controversial');
    await fillDetails('controversial', { topic: 'Hiring for culture fit' });

    await chooseType('framework');
    expect(screen.getByRole('radio', { name: /^Framework/ })).toBeChecked();
    expect(screen.getByLabelText(topicLabels.framework)).toHaveValue('');
    expect(screen.getByLabelText('Industry/Role')).toHaveValue('');
    expect(screen.getByLabelText(experienceLabels.framework)).toHaveValue('');
    expect(screen.getByLabelText('Target Audience')).toHaveValue('');
    expect(readWorkspace(user.id).types.framework?.form?.topic ?? '').toBe('');

    await chooseType('controversial');
    expect(screen.getByLabelText(topicLabels.controversial)).toHaveValue('Hiring for culture fit');
    expect(screen.getByLabelText(experienceLabels.controversial)).toHaveValue(details.personalExperience);
  });

  it('when a type has a draft and another type is chosen, then nothing of the draft is copied into the new type, now or after a reload', async () => {
    const store = contentStore();
    const first = renderSignedIn('/content', store.handlers, { subscriptionTier: 'premium' });
    await generateDraft('story', { topic: 'The week we almost missed payroll' });

    await chooseType('insight');
    await waitFor(() => expect(first.app.location().search).toBe('?type=insight'));
    expect(screen.getByLabelText(topicLabels.insight)).toHaveValue('');
    expect(screen.getByLabelText('Industry/Role')).toHaveValue('');
    expect(readWorkspace(first.user.id).types.insight?.form?.topic ?? '').toBe('');

    cleanup();
    renderSignedIn('/content?type=insight', store.handlers, { subscriptionTier: 'premium' });
    expect(await screen.findByLabelText(topicLabels.insight)).toHaveValue('');
    expect(screen.getByLabelText(experienceLabels.insight)).toHaveValue('');
  });

  it('when the address names a new type while a draft of another is open, then that type starts empty', async () => {
    const store = contentStore();
    const { app } = renderSignedIn('/content', store.handlers, { subscriptionTier: 'premium' });
    await generateDraft('story', { topic: 'The week we almost missed payroll' });
    // an address followed to another type (a link, the browser's history)
    await act(() => app.router.navigate('/content?type=learning'));
    expect(await screen.findByLabelText(topicLabels.learning)).toHaveValue('');
    expect(screen.getByLabelText(experienceLabels.learning)).toHaveValue('');
  });
});

describe('a type card takes the first click', () => {
  it('when the member switches back to a type with a draft, then the draft opens where the cards are: focus stays on the card and nothing scrolls to the result', async () => {
    const store = contentStore();
    renderSignedIn('/content', store.handlers, { subscriptionTier: 'premium' });
    await generateDraft('framework');
    // a new result takes focus (and is brought into view)
    await waitFor(() => expect(screen.getByRole('group', { name: 'Hooks' }).closest('[tabindex="-1"]')).toHaveFocus());
    await chooseType('insight');
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    try {
      await chooseType('framework');
      const hooks = await screen.findByRole('group', { name: 'Hooks' });
      expect(screen.getByRole('radio', { name: /^Framework/ })).toHaveFocus();
      expect(hooks.closest('[tabindex="-1"]')).not.toHaveFocus();
      expect(scrolled).not.toHaveBeenCalled();
      // so the next card takes one click
      await chooseType('story');
      expect(screen.getByRole('radio', { name: /^Behind the Scenes/ })).toBeChecked();
    } finally {
      scrolled.mockRestore();
    }
  });
});

describe('a refusal for want of LinkedIn is said once', () => {
  it('when Publish is refused because the connection expired, then the generator says so once, beside Reconnect LinkedIn', async () => {
    const store = contentStore({
      items: [buildItem({ id: 'd1', contentType: 'framework', selectedHook: 'Hook two', finalContent: 'Hook two\n\nBody line one.\n\nBody line two.' })],
    });
    const { api } = renderSignedIn('/content?draft=d1', {
      ...store.handlers,
      'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
      'POST /api/linkedin/post': () => ({ status: 409, body: { error: RECONNECT_REQUIRED_MESSAGE, code: 'LINKEDIN.RECONNECT_REQUIRED' } }),
    });
    const publish = await screen.findByRole('button', { name: 'Publish to LinkedIn' });
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    // publishing may ask first, in the app's dialog
    const dialog = screen.queryByRole('dialog');
    if (dialog) await userEvent.click(within(dialog).getByRole('button', { name: /^Publish/ }));

    const note = await screen.findByTestId('connect-note');
    expect(within(note).getByRole('button', { name: 'Reconnect LinkedIn' })).toBeEnabled();
    expect(note).toHaveTextContent('Your LinkedIn connection has expired. Reconnect LinkedIn to publish or schedule this post.');
    expect(api.callsTo('POST', '/api/linkedin/post')).toHaveLength(1);
    const main = screen.getByRole('main');
    expect(within(main).getAllByText(/connection has expired/)).toHaveLength(1);
    expect(within(main).queryByText(RECONNECT_REQUIRED_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('Cancel agrees with what the server kept', () => {
  const inputs = { industryRole: details.industryRole, personalExperience: details.personalExperience, targetAudience: details.targetAudience, businessGoal: null };
  /** the post as the server stored it: finished and counted, though the page had not heard of it */
  const stored = (overrides: Partial<ContentItem> = {}) =>
    buildItem({ id: 'kept-1', contentType: 'framework', topic: details.topic, generatedContent: 'The kept body.', hooks: ['Kept one', 'Kept two', 'Kept three', 'Kept four', 'Kept five'], inputs, createdAt: new Date().toISOString(), ...overrides });

  async function startGenerating() {
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();
    await screen.findByRole('button', { name: 'Generating...' });
  }

  it('when Cancel crosses the answer on the wire (the server had stored and counted the post), then the stored draft is shown, said so, and the count is the server\'s', async () => {
    const stream = eventStream();
    let counted = 1;
    const { api, app } = renderSignedIn('/content', {
      'POST /api/content/generate': (call: FakeCall) => (call.accept === EVENT_STREAM_TYPE ? stream.reply : { status: 500 }),
      // the server's list: the post it finished (and an older draft of the same topic, made before this request)
      'GET /api/content': () => ({ body: { content: [stored(), stored({ id: 'older', createdAt: '2026-01-02T09:00:00.000Z', hooks: ['Old one', 'Old two', 'Old three', 'Old four', 'Old five'] })] } }),
      'GET /api/users/profile': () => ({ body: { user: buildUser({ trialPostsUsed: counted, createdAt: new Date().toISOString() }) } }),
    }, { createdAt: new Date().toISOString() });
    await startGenerating();
    // the server has written and stored the post: its answer is on its way, not yet read by the page
    counted = 2;

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    const hooks = await screen.findByRole('group', { name: 'Hooks' });
    expect(within(hooks).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Kept one', 'Kept two', 'Kept three', 'Kept four', 'Kept five']);
    expect(screen.getByLabelText('Post body')).toHaveValue('The kept body.');
    expect(screen.getByText('Writing had already started when you cancelled: this post counts and is saved as a draft.')).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toBe('?draft=kept-1'));
    // the count as the server has it now (read again: no answer here said it)
    await waitFor(() => expect(screen.getByTestId('trial-posts-left')).toHaveTextContent(/1 of 3/));
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
  });

  it('when Cancel is in time (the server kept nothing), then the form stays as it was and nothing is opened', async () => {
    const stream = eventStream();
    const { api, app } = renderSignedIn('/content', {
      'POST /api/content/generate': (call: FakeCall) => (call.accept === EVENT_STREAM_TYPE ? stream.reply : { status: 500 }),
      // only a draft of the same topic from before this request
      'GET /api/content': () => ({ body: { content: [stored({ id: 'older', createdAt: '2026-01-02T09:00:00.000Z' })] } }),
    }, { createdAt: new Date().toISOString() });
    await startGenerating();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    // asked until the server had had time to store a post it kept, then left as it was
    await waitFor(() => expect(api.callsTo('GET', '/api/content')).toHaveLength(3), { timeout: 5_000 });
    expect(screen.queryByRole('group', { name: 'Hooks' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(topicLabels.framework)).toHaveValue(details.topic);
    expect(app.location().search).toBe('?type=framework');
    expect(screen.queryByText(/Writing had already started/)).not.toBeInTheDocument();
  });

  it('when Cancel crosses the answer of Generate again, then the draft shows its new text, one Undo from the old', async () => {
    const stream = eventStream();
    const store = contentStore({ trialPostsRemaining: null });
    const rewritten = { ...stored({ id: 'd1' }), hasPreviousVersion: true, previousVersionIsNewer: false };
    let afterCancel = false;
    renderSignedIn(
      '/content',
      {
        ...store.handlers,
        'POST /api/content/generate': (call: FakeCall) => ((call.body as { contentId?: string }).contentId ? stream.reply : store.handlers['POST /api/content/generate'](call)),
        'GET /api/content/d1': (call: FakeCall) => (afterCancel ? { body: { content: { ...store.get('d1')!, ...rewritten, createdAt: store.get('d1')!.createdAt } } } : store.handlers['GET /api/content/d1'](call)),
      },
      { subscriptionTier: 'premium' },
    );
    await generateDraft('framework');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await pressGenerate();
    await screen.findByRole('button', { name: 'Generating...' });
    afterCancel = true;

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.getByLabelText('Post body')).toHaveValue('The kept body.'));
    expect(screen.getByText('Writing had already started when you cancelled: the post is saved as a draft.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });
});

describe('the preview shows who will post it', () => {
  const connected = (headline: string | null) => ({ connected: true as const, expiresAt: '2099-01-01T00:00:00.000Z', profile: { ...connectedProfile().profile, headline } });

  it('when LinkedIn is connected, then its headline comes first; else the job title and company; else no line at all', () => {
    const member = { role: 'CFO', company: 'Acme Robotics' };
    expect(previewHeadline(member, connected('Helping founders read their numbers'))).toBe('Helping founders read their numbers');
    expect(previewHeadline(member, connected('  '))).toBe('CFO at Acme Robotics');
    expect(previewHeadline(member, { connected: false })).toBe('CFO at Acme Robotics');
    expect(previewHeadline(member, null)).toBe('CFO at Acme Robotics');
    expect(previewHeadline({ role: 'CFO', company: null }, null)).toBe('CFO');
    expect(previewHeadline({ role: null, company: 'Acme Robotics' }, null)).toBe('Acme Robotics');
    expect(previewHeadline({ role: null, company: null }, null)).toBeNull();
  });

  const openDraft = (handlers: Parameters<typeof renderSignedIn>[1], user: Partial<User> = {}) => {
    const store = contentStore({ items: [buildItem({ id: 'd1', selectedHook: 'Hook two', finalContent: 'Hook two\n\nBody line one.' })] });
    renderSignedIn('/content?draft=d1', { ...store.handlers, ...handlers }, user);
    return screen.findByRole('article', { name: 'Post preview as shown in the LinkedIn feed' });
  };

  it('when the member has connected LinkedIn, then the preview shows their LinkedIn headline, not a placeholder', async () => {
    const preview = await openDraft({ 'GET /api/linkedin/profile': () => ({ body: connectedProfile({}, { headline: 'Analyst of engines' }) }) }, { role: 'CFO', company: 'Acme Robotics' });
    await waitFor(() => expect(preview).toHaveTextContent('Analyst of engines'));
    expect(preview).not.toHaveTextContent('Your headline');
    expect(preview).not.toHaveTextContent('CFO at Acme Robotics');
  });

  it('when LinkedIn is not connected, then the job title and company; with neither, no headline line (never "Your headline")', async () => {
    const preview = await openDraft({}, { role: 'CFO', company: 'Acme Robotics' });
    expect(preview).toHaveTextContent('CFO at Acme Robotics');
    cleanup();
    const bare = await openDraft({}, { role: null, company: null });
    expect(bare).not.toHaveTextContent('Your headline');
    expect(within(bare).getByText('Ada Lovelace')).toBeInTheDocument();
  });
});
