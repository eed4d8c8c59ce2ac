import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentItem } from '@postwright/contracts';
import { browserNavigation } from '../src/lib/linkedin-api';
import { session } from '../src/lib/session';
import { answeredUser } from './support/content-store';
import { buildItem, connectedProfile, gate, renderSignedIn } from './support/screens';

const typeLabels = {
  controversial: ['What conventional wisdom do you disagree with?', 'What happened that changed your mind?'],
  story: ['What behind-the-scenes moment will you share?', 'Tell the story'],
  framework: ['What process or framework will you teach?', 'Where has this framework worked for you?'],
  insight: ['What trend or shift are you seeing in your industry?', 'What have you seen first-hand?'],
  learning: ['What lesson or question do you want to open up?', 'What experience taught you this?'],
} as const;

const names = {
  controversial: 'Contrarian Take',
  story: 'Behind the Scenes',
  framework: 'Framework',
  insight: 'Industry Insight',
  learning: 'Relationship Builder',
} as const;


async function chooseType(name: string) {
  await userEvent.click(await screen.findByRole('radio', { name: new RegExp(`^${name}`) }));
}

async function fillForm(type: keyof typeof typeLabels = 'framework', overrides: Partial<Record<string, string>> = {}) {
  const values = {
    topic: 'My 3-question filter for saying no',
    industryRole: 'COO at a logistics company',
    personalExperience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12.',
    targetAudience: 'Operations leaders',
    ...overrides,
  };
  const [topicLabel, experienceLabel] = typeLabels[type];
  if (values.topic) await userEvent.type(screen.getByLabelText(topicLabel), values.topic);
  if (values.industryRole) await userEvent.type(screen.getByLabelText('Industry/Role'), values.industryRole);
  if (values.personalExperience) await userEvent.type(screen.getByLabelText(experienceLabel), values.personalExperience);
  if (values.targetAudience) await userEvent.type(screen.getByLabelText('Target Audience'), values.targetAudience);
}

function generated(overrides: Partial<ContentItem> = {}, trialPostsRemaining: number | null = 1) {
  return { status: 201, body: { content: buildItem({ contentType: 'framework', topic: 'My 3-question filter for saying no', ...overrides }), user: answeredUser(trialPostsRemaining) } };
}

async function generate() {
  await userEvent.click(screen.getByRole('button', { name: /Generate Content|Generate again/ }));
}

describe('content creation: choosing a type', () => {
  it('when no type is chosen yet, then the five types show with their day and purpose and the preview reads "No content to post"', async () => {
    renderSignedIn('/content');
    await screen.findByRole('heading', { level: 1, name: 'Generate Content' });
    const fieldset = screen.getByRole('group', { name: 'Content type' });
    expect(within(fieldset).getAllByRole('radio')).toHaveLength(5);
    expect(within(fieldset).getByRole('radio', { name: /Contrarian Take.*Monday · authority building/ })).toBeInTheDocument();
    expect(within(fieldset).getByRole('radio', { name: /Behind the Scenes.*Wednesday · value delivery/ })).toBeInTheDocument();
    expect(within(fieldset).getByRole('radio', { name: /Relationship Builder.*Friday · engagement/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No content to post' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Industry/Role')).not.toBeInTheDocument();
  });

  it.each(Object.entries(typeLabels))('when %s is chosen, then the form shows its own topic and experience labels', async (type, [topic, experience]) => {
    renderSignedIn('/content');
    await chooseType(names[type as keyof typeof names]);
    expect(screen.getByLabelText(topic)).toBeInTheDocument();
    expect(screen.getByLabelText(experience)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: new RegExp(`${names[type as keyof typeof names]} details$`) })).toBeInTheDocument();
  });

  it('when the page is opened with ?type=insight, then Industry Insight is already chosen', async () => {
    renderSignedIn('/content?type=insight');
    expect(await screen.findByLabelText(typeLabels.insight[0])).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Industry Insight/ })).toBeChecked();
  });
});

describe('content creation: validation in the spec\'s words', () => {
  it('when Generate is pressed with every field empty, then each required field shows its message and nothing is sent', async () => {
    const { api } = renderSignedIn('/content');
    await chooseType('Framework');
    await generate();

    expect(screen.getByText('Topic is required')).toBeInTheDocument();
    expect(screen.getByText('Industry/Role is required')).toBeInTheDocument();
    expect(screen.getByText('Personal experience is required')).toBeInTheDocument();
    expect(screen.getByText('Target audience is required')).toBeInTheDocument();
    expect(screen.getByLabelText(typeLabels.framework[0])).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Business Goal/)).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
  });

  it('when a field with an error is edited, then only its message clears', async () => {
    renderSignedIn('/content');
    await chooseType('Framework');
    await generate();

    await userEvent.type(screen.getByLabelText(typeLabels.framework[0]), 'a');
    expect(screen.queryByText('Topic is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText(typeLabels.framework[0])).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Industry/Role is required')).toBeInTheDocument();
    expect(screen.getByText('Target audience is required')).toBeInTheDocument();
  });

  it('when values are too short, then the minimum-length messages show', async () => {
    renderSignedIn('/content');
    await chooseType('Framework');
    await fillForm('framework', { topic: 'ab', industryRole: 'x', personalExperience: 'too short' });
    await generate();

    expect(screen.getByText('Topic must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Industry/Role must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Personal experience must be at least 10 characters')).toBeInTheDocument();
    expect(screen.queryByText('Target audience is required')).not.toBeInTheDocument();
  });

  it('when personal experience is typed, then its counter counts against 500 and warns past it (guidance, not a limit)', async () => {
    renderSignedIn('/content');
    await chooseType('Framework');
    const counter = screen.getByTestId('experience-counter');
    expect(counter).toHaveTextContent('0/500');
    const field = screen.getByLabelText(typeLabels.framework[1]);
    await userEvent.type(field, 'Twelve chars');
    expect(counter).toHaveTextContent('12/500');
    expect(counter).not.toHaveClass('smallCounterOver');

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(501));
    expect(counter).toHaveTextContent('501/500');
    expect(counter).toHaveClass('smallCounterOver');
    expect(field).toHaveValue('x'.repeat(501));
  });
});

describe('content creation: generating and the preview', () => {
  it('when the form is valid, then the request carries the type and fields, and the 5 hooks, preview and counters show', async () => {
    const { api } = renderSignedIn('/content', { 'POST /api/content/generate': () => generated({ generatedContent: 'A short body.' }) });
    await chooseType('Framework');
    await fillForm('framework');
    await userEvent.type(screen.getByLabelText(/Business Goal/), 'Hire senior operators');
    await generate();

    expect(await screen.findByRole('group', { name: 'Hooks' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/generate')[0].body).toEqual({
      contentType: 'framework',
      topic: 'My 3-question filter for saying no',
      industryRole: 'COO at a logistics company',
      personalExperience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12.',
      targetAudience: 'Operations leaders',
      businessGoal: 'Hire senior operators',
    });
    const hooks = within(screen.getByRole('group', { name: 'Hooks' })).getAllByRole('radio');
    expect(hooks).toHaveLength(5);
    expect(hooks.every((h) => !(h as HTMLInputElement).checked)).toBe(true);
    // trial count follows the server: 1 left
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('1 of 3 trial posts left.');

    await userEvent.click(screen.getByRole('radio', { name: /Hook two/ }));
    expect(screen.getByTestId('post-preview-text').textContent).toBe('Hook two\n\nA short body.');
    expect(screen.getByTestId('length-counter')).toHaveTextContent(`${'Hook two\n\nA short body.'.length} / 1,600 characters`);
    expect(screen.getByTestId('length-counter')).toHaveAttribute('data-tone', 'yellow');
  });

  it.each([
    [1299, 'yellow'],
    [1300, 'green'],
    [1600, 'green'],
    [1601, 'yellow'],
  ])('when the post is %i characters long, then the length counter is %s', async (length, tone) => {
    const hook = 'Hook one';
    const body = 'b'.repeat(length - hook.length - 2);
    renderSignedIn('/content', { 'POST /api/content/generate': () => generated({ generatedContent: body }) });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    await userEvent.click(await screen.findByRole('radio', { name: /Hook one/ }));

    const counter = screen.getByTestId('length-counter');
    expect(counter).toHaveTextContent(`${length.toLocaleString('en-US')} / 1,600 characters`);
    expect(counter).toHaveAttribute('data-tone', tone);
    expect(counter).toHaveClass(tone === 'green' ? 'counterGood' : 'counterWarn');
  });

  it('when the body is edited, then the preview follows it', async () => {
    renderSignedIn('/content', { 'POST /api/content/generate': () => generated() });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    await userEvent.click(await screen.findByRole('radio', { name: /Hook three/ }));
    const body = screen.getByLabelText('Post body');
    await userEvent.clear(body);
    await userEvent.type(body, 'A new body.');
    expect(screen.getByTestId('post-preview-text').textContent).toBe('Hook three\n\nA new body.');
  });

  it('when the post is longer than the fold, then the preview shows "...see more" and expands on click', async () => {
    const long = `${'word '.repeat(80)}end`;
    renderSignedIn('/content', { 'POST /api/content/generate': () => generated({ generatedContent: long }) });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    await userEvent.click(await screen.findByRole('radio', { name: /Hook one/ }));

    const preview = screen.getByTestId('post-preview-text');
    expect(preview).not.toHaveTextContent('end');
    await userEvent.click(within(preview).getByRole('button', { name: '...see more' }));
    expect(preview).toHaveTextContent(/end see less$/);
  });

  it('when another type is chosen after generating, then the preview and the error are reset', async () => {
    renderSignedIn('/content', { 'POST /api/content/generate': () => generated() });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    await screen.findByRole('group', { name: 'Hooks' });

    await chooseType('Industry Insight');
    expect(screen.queryByRole('group', { name: 'Hooks' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No content to post' })).toBeInTheDocument();
    // each type has its own form: the new type's starts empty, never with the last type's topic
    expect(screen.getByLabelText(typeLabels.insight[0])).toHaveValue('');
  });

  it('when generation failed and another type is chosen, then the error disappears', async () => {
    renderSignedIn('/content', { 'POST /api/content/generate': () => ({ status: 503, body: { error: 'down' } }) });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Our content generation service is temporarily unavailable.');

    await chooseType('Contrarian Take');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('content creation: generation errors in the spec\'s words', () => {
  it.each([
    [429, { error: 'Too many requests' }, 'Our content generation service is currently busy. Please wait a moment and try again.'],
    // the member's own limits: the server's words say which one and how long to wait
    [
      429,
      { error: 'You already have 2 posts being written. Please wait for one to finish, then try again.', code: 'GENERATION.BUSY' },
      'You already have 2 posts being written. Please wait for one to finish, then try again.',
    ],
    [
      429,
      { error: 'You can generate up to 12 posts a minute. Please try again in 41 seconds.', code: 'GENERATION.TOO_MANY' },
      'You can generate up to 12 posts a minute. Please try again in 41 seconds.',
    ],
    [400, { error: 'OpenAI rate limit reached' }, 'Our content generation service is currently busy. Please wait a moment and try again.'],
    [503, { error: 'The AI model is temporarily unavailable.' }, 'Our content generation service is temporarily unavailable. Please try again in a few minutes.'],
    [504, { error: 'Content generation timeout: the AI model took too long.' }, 'Content generation is taking longer than expected. Please try again with a simpler topic.'],
    [500, { error: 'Request timeout while generating' }, 'Content generation is taking longer than expected. Please try again with a simpler topic.'],
    [403, { error: 'Trial limit reached. Please upgrade to continue generating content.', code: 'TRIAL.LIMIT_REACHED' }, 'Trial limit reached. Please upgrade to continue generating content.'],
    [422, { error: 'The AI model declined to write this post.' }, 'The AI model declined to write this post.'],
    [500, undefined, 'Failed to generate content (500)'],
    [502, { notAnError: true }, 'Failed to generate content (502)'],
  ])('when the server answers %i %j, then the message is "%s"', async (status, body, message) => {
    renderSignedIn('/content', { 'POST /api/content/generate': () => ({ status, body }) });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('when there is no access token, then "Authentication required. Please log in again." shows and nothing is sent', async () => {
    const { api } = renderSignedIn('/content');
    await chooseType('Framework');
    await fillForm('framework');
    // the token gone from memory, without the app hearing of it
    const noToken = jest.spyOn(session, 'get').mockReturnValue({ ...session.get(), accessToken: null });
    try {
      await generate();
      expect(await screen.findByRole('alert')).toHaveTextContent('Authentication required. Please log in again.');
      expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
    } finally {
      noToken.mockRestore();
    }
  });

  it('when the trial turns out to be exhausted (403), then the banner switches to the limit and submitting is blocked', async () => {
    renderSignedIn('/content', {
      'POST /api/content/generate': () => ({ status: 403, body: { error: 'Trial limit reached. Please upgrade to continue generating content.', code: 'TRIAL.LIMIT_REACHED' } }),
    });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    expect(await screen.findByText('Trial limit reached - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeDisabled();
  });
});

describe('content creation: trial banner', () => {
  it('when a trial user has posts left, then the banner says how many', async () => {
    renderSignedIn('/content', {}, { trialPostsUsed: 1 });
    expect(await screen.findByTestId('trial-posts-left')).toHaveTextContent('2 of 3 trial posts left.');
  });

  it('when a trial user has used all 3 posts, then "Trial limit reached - Upgrade to continue" shows with Upgrade Now to /pricing and generation is blocked', async () => {
    const { api } = renderSignedIn('/content', {}, { trialPostsUsed: 3 });
    expect(await screen.findByText('Trial limit reached - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    await chooseType('Framework');
    await fillForm('framework');
    const submit = screen.getByRole('button', { name: 'Generate Content' });
    expect(submit).toBeDisabled();
    await userEvent.click(submit);
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(0);
  });

  it('when the user is premium, then there is no trial banner', async () => {
    renderSignedIn('/content', {}, { subscriptionTier: 'premium', trialPostsUsed: 3 });
    await screen.findByRole('heading', { level: 1, name: 'Generate Content' });
    expect(screen.queryByText(/trial/i, { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.queryByText('Trial limit reached - Upgrade to continue')).not.toBeInTheDocument();
  });

  it('when the user is beta with an end date, then unlimited posts until that date show', async () => {
    renderSignedIn('/content', {}, { subscriptionTier: 'beta', userRole: 'BETA', betaExpiresAt: '2099-05-20T12:00:00.000Z' });
    expect(await screen.findByText('Unlimited posts until May 20, 2099.')).toBeInTheDocument();
  });
});

describe('content creation: saving, publishing and scheduling', () => {
  async function generateWith(handlers: Parameters<typeof renderSignedIn>[1] = {}) {
    // as the service answers: the item keeps the form it was generated from
    const item = buildItem({
      id: 'item-1',
      contentType: 'framework',
      topic: 'My 3-question filter for saying no',
      inputs: {
        industryRole: 'COO at a logistics company',
        personalExperience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12.',
        targetAudience: 'Operations leaders',
        businessGoal: null,
      },
    });
    const utils = renderSignedIn('/content', {
      'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
      'POST /api/content/generate': () => ({ status: 201, body: { content: item, user: { trialPostsRemaining: 2 } } }),
      'PUT /api/content/item-1/edit': (call) => ({
        body: { content: { ...item, finalContent: (call.body as { editedContent: string }).editedContent, selectedHook: (call.body as { selectedHook: string }).selectedHook } },
      }),
      ...handlers,
    });
    await chooseType('Framework');
    await fillForm('framework');
    await generate();
    await screen.findByRole('group', { name: 'Hooks' });
    return { ...utils, item };
  }

  it('when no hook is chosen, then Publish and Schedule wait for one', async () => {
    await generateWith();
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByText('Choose a hook to publish or schedule this post.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Hook four/ }));
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeEnabled();
  });

  it('when Save as Draft is pressed, then the text (hook, blank line, body) and the hook are saved', async () => {
    const { api } = await generateWith();
    await userEvent.click(screen.getByRole('radio', { name: /Hook four/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/content/item-1/edit')[0].body).toEqual({
      editedContent: 'Hook four\n\nBody line one.\n\nBody line two.',
      saveAsDraft: true,
      selectedHook: 'Hook four',
      // the form beside the draft is kept with it
      topic: 'My 3-question filter for saying no',
      inputs: {
        industryRole: 'COO at a logistics company',
        personalExperience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12.',
        targetAudience: 'Operations leaders',
        businessGoal: null,
      },
    });
  });

  it('when saving fails without a server text, then "Failed to save edits" shows', async () => {
    await generateWith({ 'PUT /api/content/item-1/edit': () => ({ status: 500 }) });
    await userEvent.click(screen.getByRole('radio', { name: /Hook two/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save edits');
  });

  it('when Publish to LinkedIn is pressed, then it reads "Publishing..." until LinkedIn answers, then the success message and View on LinkedIn show', async () => {
    const answer = gate();
    const { api, item } = await generateWith({
      'POST /api/linkedin/post': async (call) => {
        await answer.promise;
        return {
          body: {
            linkedinPost: { id: 'urn:li:share:1', url: 'https://sandbox.example/feed/update/urn:li:share:1/' },
            content: { ...item, status: 'published', linkedinPostId: 'urn:li:share:1', linkedinPostUrl: 'https://sandbox.example/feed/update/urn:li:share:1/', finalContent: (call.body as { text: string }).text },
          },
        };
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: /Hook five/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish to LinkedIn' }));
    // asked first, with the post's opening and its length (as in Content Management)
    const confirm = await screen.findByRole('dialog', { name: 'Publish to LinkedIn?' });
    expect(within(confirm).getByTestId('publish-opening')).toHaveTextContent(/^Hook five/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));

    const busy = await screen.findByRole('button', { name: 'Publishing...' });
    expect(busy).toBeDisabled();
    await act(async () => answer.open());

    expect(await screen.findByText('Content posted to LinkedIn successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/linkedin/post')[0].body).toEqual({
      contentId: 'item-1',
      text: 'Hook five\n\nBody line one.\n\nBody line two.',
      visibility: 'PUBLIC',
    });
    // the edits were saved before posting
    expect(api.calls.findIndex((c) => c.method === 'PUT')).toBeLessThan(api.calls.findIndex((c) => c.path === '/api/linkedin/post'));
    const links = screen.getAllByRole('link', { name: /View on LinkedIn/ });
    expect(links[0]).toHaveAttribute('href', 'https://sandbox.example/feed/update/urn:li:share:1/');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Publish to LinkedIn' })).not.toBeInTheDocument();
  });

  it('when LinkedIn is not connected, then Publish and Schedule offer Connect LinkedIn, which comes back to this draft', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      await generateWith({
        'GET /api/linkedin/profile': () => ({ status: 404, body: { error: 'LinkedIn account not connected', code: 'LINKEDIN.NOT_CONNECTED' } }),
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth/v2/authorization?state=s1', state: 's1' } }),
      });
      await userEvent.click(screen.getByRole('radio', { name: /Hook one/ }));
      const note = await screen.findByTestId('connect-note');
      expect(note).toHaveTextContent('Connect your LinkedIn account to publish or schedule this post.');
      expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();

      await userEvent.click(within(note).getByRole('button', { name: 'Connect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth/v2/authorization?state=s1'));
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBe('/content?draft=item-1');
    } finally {
      assign.mockRestore();
    }
  });

  it('when posting fails without a server text, then "Failed to post to LinkedIn" shows', async () => {
    await generateWith({ 'POST /api/linkedin/post': () => ({ status: 502 }) });
    await userEvent.click(screen.getByRole('radio', { name: /Hook one/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish to LinkedIn' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Publish to LinkedIn?' })).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post to LinkedIn');
  });

  it('when Schedule is confirmed, then the post is saved and scheduled with the local time and its offset', async () => {
    const { api, item } = await generateWith({
      'POST /api/calendar/schedule': (call) => {
        const at = (call.body as { scheduledFor: string }).scheduledFor;
        return { status: 201, body: { schedule: { contentId: 'item-1', scheduledFor: at }, content: { ...item, status: 'scheduled', scheduledFor: at } } };
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: /Hook two/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    const input = within(dialog).getByLabelText('Date and time');
    await userEvent.clear(input);
    await userEvent.type(input, '2030-03-04T08:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));

    expect(await screen.findByText(/Content scheduled successfully!/)).toBeInTheDocument();
    const sent = (api.callsTo('POST', '/api/calendar/schedule')[0].body as { scheduledFor: string }).scheduledFor;
    expect(sent).toMatch(/^2030-03-04T08:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(sent).getTime()).toBe(new Date(2030, 2, 4, 8, 30).getTime());
    expect(api.callsTo('PUT', '/api/content/item-1/edit')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
