/**
 * Streamed generation: the generator asks for the post as an event stream and shows
 * the body as it is written and each hook once complete; `done` lands exactly as the JSON answer
 * does, `error` reads as the spec's message, `reset` starts the text over, Cancel aborts the
 * request and leaves nothing until text shows (then the server keeps and counts the post whoever
 * hangs up, and Cancel is disabled and says so). A stream that cannot start falls back to the
 * JSON call; a refusal before generation starts is still a plain JSON answer (fields land on the
 * fields).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_STREAM_TYPE, type ContentItem, type GenerateResponse } from '@postwright/contracts';
import { session } from '../src/lib/session';
import { seriousViolations } from './support/axe';
import type { FakeCall, FakeReply } from './support/fake-api';
import { answeredUser } from './support/content-store';
import { eventStream, type EventStream } from './support/event-stream';
import { chooseType, details, fillDetails, generateDraft, pressGenerate, topicLabels } from './support/generator-steps';
import { buildItem, renderSignedIn } from './support/screens';


const GENERATE = 'POST /api/content/generate';
const isStream = (call: FakeCall) => call.accept === EVENT_STREAM_TYPE;

const BODY = ['Three questions cut our roadmap from 40 initiatives to 12.', '\n\nFirst: does it move the one number we agreed on?', '\n\nSecond: would we start it today?'];
const HOOKS = ['Hook one', 'Hook two', 'Hook three', 'Hook four', 'Hook five'];

function answer(overrides: Partial<ContentItem> = {}, trialPostsRemaining: number | null = 1): GenerateResponse {
  const content = buildItem({
    id: 'item-1',
    contentType: 'framework',
    topic: details.topic,
    generatedContent: BODY.join(''),
    hooks: HOOKS,
    inputs: { industryRole: details.industryRole, personalExperience: details.personalExperience, targetAudience: details.targetAudience, businessGoal: null },
    ...overrides,
  });
  return { content, user: answeredUser(trialPostsRemaining) };
}

/** The generate route answering a streaming request with `stream`, and a plain one with `json`. */
function streaming(stream: EventStream, json: (call: FakeCall) => FakeReply | 'network-error' = () => ({ status: 201, body: answer() })) {
  return { [GENERATE]: (call: FakeCall) => (isStream(call) ? stream.reply : json(call)) };
}

/** Chooses Framework, fills the form and presses Generate; answers once the busy button shows. */
async function startGenerating() {
  await chooseType('framework');
  await fillDetails('framework');
  await pressGenerate();
  await screen.findByRole('button', { name: 'Generating...' });
}

const liveBody = () => screen.queryByTestId('live-body');
const liveHooks = () => screen.queryAllByTestId('live-hook').map((hook) => hook.textContent);
const hooksGroup = () => screen.queryByRole('group', { name: 'Hooks' });

describe('streamed generation: the post as it is written', () => {
  it('when body events and hook events arrive, then the preview shows the body growing and each hook as it completes', async () => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', streaming(stream));
    await startGenerating();

    const call = api.callsTo('POST', '/api/content/generate')[0];
    expect(call.accept).toBe(EVENT_STREAM_TYPE);
    expect(call.authorization).toBe('Bearer access-1');
    expect(call.body).toMatchObject({ contentType: 'framework', topic: details.topic });
    // the button keeps its busy label; the preview says what is happening, politely
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    const status = within(screen.getByTestId('live-post')).getByRole('status');
    expect(status).toHaveTextContent('Writing your post and five hooks...');
    expect(status).toHaveAttribute('aria-live', 'polite');

    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(liveBody()).toHaveTextContent(BODY[0]));
    // the growing text is busy, not announced piece by piece
    expect(liveBody()!.closest('[aria-busy="true"]')).not.toBeNull();
    expect(liveBody()!.closest('[aria-live]')).toBeNull();

    act(() => {
      stream.write(': keep-alive\n\n');
      stream.send({ event: 'body', data: { delta: BODY[1] } });
    });
    await waitFor(() => expect(liveBody()!.textContent).toBe(BODY[0] + BODY[1]));
    expect(liveHooks()).toEqual([]);

    act(() => {
      stream.send({ event: 'body', data: { delta: BODY[2] } });
      stream.send({ event: 'hook', data: { index: 0, text: HOOKS[0] } });
    });
    await waitFor(() => expect(liveHooks()).toEqual([HOOKS[0]]));
    expect(liveBody()!.textContent).toBe(BODY.join(''));
    expect(screen.getByText('1 of 5')).toBeInTheDocument();

    // an event split across chunks is put together
    act(() => {
      stream.write('event: hook\ndata: {"index":1,');
      stream.write(`"text":"${HOOKS[1]}"}\n\n`);
    });
    await waitFor(() => expect(liveHooks()).toEqual([HOOKS[0], HOOKS[1]]));
    // still writing: nothing is stored or selectable yet
    expect(hooksGroup()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeInTheDocument();
    // axe probes icon ligatures with a canvas, which jsdom lacks
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(await seriousViolations()).toEqual([]);
    canvas.mockRestore();
  });

  it('when done arrives, then the screen is exactly as after the JSON answer: the stored draft, its hooks, the trial count', async () => {
    const stream = eventStream();
    const { api, app } = renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => {
      BODY.forEach((delta) => stream.send({ event: 'body', data: { delta } }));
      HOOKS.forEach((text, index) => stream.send({ event: 'hook', data: { index, text } }));
    });
    await waitFor(() => expect(liveHooks()).toHaveLength(5));
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('2 of 3 trial posts left.');

    act(() => {
      stream.send({ event: 'done', data: answer() });
      stream.end();
    });

    const hooks = await screen.findByRole('group', { name: 'Hooks' });
    expect(within(hooks).getAllByRole('radio')).toHaveLength(5);
    expect(screen.queryByTestId('live-post')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Post body')).toHaveValue(BODY.join(''));
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('1 of 3 trial posts left.');
    expect(app.location().search).toBe('?draft=item-1');
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // one request: nothing generated twice
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);

    await userEvent.click(screen.getByRole('radio', { name: /Hook two/ }));
    expect(screen.getByTestId('post-preview-text').textContent).toMatch(/^Hook two\n\nThree questions/);
  });

  it('when reset arrives, then everything shown so far is dropped and the new text starts from nothing', async () => {
    const stream = eventStream();
    renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => {
      stream.send({ event: 'body', data: { delta: 'A first attempt that' } });
      stream.send({ event: 'hook', data: { index: 0, text: 'An unusable hook' } });
    });
    await waitFor(() => expect(liveHooks()).toEqual(['An unusable hook']));

    act(() => stream.send({ event: 'reset', data: { reason: 'repair' } }));
    await waitFor(() => expect(liveBody()).not.toBeInTheDocument());
    expect(liveHooks()).toEqual([]);
    expect(screen.getByText('Writing your post and five hooks...')).toBeInTheDocument();

    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(liveBody()!.textContent).toBe(BODY[0]));
  });
});

describe('streamed generation: errors', () => {
  it.each([
    ['GENERATION.TIMEOUT', 'Content generation timeout: the AI model took too long to answer. Please try again with a simpler topic.', 'Content generation is taking longer than expected. Please try again with a simpler topic.'],
    ['GENERATION.RATE_LIMITED', 'The AI model rate limit was reached. Please wait a moment and try again.', 'Our content generation service is currently busy. Please wait a moment and try again.'],
    ['GENERATION.UNAVAILABLE', 'The AI model is temporarily unavailable. Please try again in a few minutes.', 'Our content generation service is temporarily unavailable. Please try again in a few minutes.'],
  ])('when an error event with %s arrives, then the spec message shows, the written text goes and the form is back', async (code, error, message) => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(liveBody()).toBeInTheDocument());

    act(() => {
      stream.send({ event: 'error', data: { error, code } });
      stream.end();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('live-post')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No content to post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeEnabled();
    expect(screen.getByLabelText(topicLabels.framework)).toHaveValue(details.topic);
    // shown, not asked again
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
  });

  it('when an error event says the trial is used up, then its message shows and the banner switches to the limit', async () => {
    const stream = eventStream();
    renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => stream.send({ event: 'error', data: { error: 'Trial limit reached. Please upgrade to continue generating content.', code: 'TRIAL.LIMIT_REACHED' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trial limit reached. Please upgrade to continue generating content.');
    expect(screen.getByText('Trial limit reached - Upgrade to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeDisabled();
  });

  it('when the connection breaks after the first event, then the failure shows and nothing is generated a second time', async () => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(liveBody()).toBeInTheDocument());

    act(() => stream.fail());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach Postwright. Please check your connection and try again.');
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
    expect(screen.queryByTestId('live-post')).not.toBeInTheDocument();
  });

  it('when the stream ends after an event without done or error, then the failure shows and nothing is asked again', async () => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => {
      stream.send({ event: 'body', data: { delta: BODY[0] } });
      stream.end();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach Postwright. Please check your connection and try again.');
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
  });

  it('when the server refuses a field before generating (400, plain JSON), then the message lands on the field and nothing else is asked', async () => {
    const { api } = renderSignedIn('/content', {
      [GENERATE]: () => ({
        status: 400,
        body: { error: 'Topic must be at least 3 characters', code: 'REQUEST.INVALID', details: { topic: 'Topic must be at least 3 characters' } },
      }),
    });
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();

    const topic = screen.getByLabelText(topicLabels.framework);
    await waitFor(() => expect(topic).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Topic must be at least 3 characters')).toBeInTheDocument();
    expect(topic).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const calls = api.callsTo('POST', '/api/content/generate');
    expect(calls).toHaveLength(1);
    expect(calls[0].accept).toBe(EVENT_STREAM_TYPE);
  });

  it('when the access token has expired, then it is refreshed once and the stream is asked for again with the new one', async () => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', {
      [GENERATE]: (call) => (call.authorization === 'Bearer access-2' ? stream.reply : { status: 401, body: { error: 'Access token expired', code: 'AUTH.TOKEN_EXPIRED' } }),
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'access-2' } }),
    });
    await startGenerating();
    act(() => {
      stream.send({ event: 'done', data: answer() });
      stream.end();
    });
    await screen.findByRole('group', { name: 'Hooks' });
    const calls = api.callsTo('POST', '/api/content/generate');
    expect(calls.map((c) => [c.authorization, c.accept])).toEqual([
      ['Bearer access-1', EVENT_STREAM_TYPE],
      ['Bearer access-2', EVENT_STREAM_TYPE],
    ]);
    expect(session.get().accessToken).toBe('access-2');
  });
});

describe('streamed generation: Cancel', () => {
  it('when Cancel is pressed before any text is shown, then the request is aborted, the screen is back at the form and nothing is counted', async () => {
    const stream = eventStream();
    const { api, app } = renderSignedIn('/content', streaming(stream));
    await startGenerating();
    act(() => stream.write(': keep-alive\n\n'));

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    const call = api.callsTo('POST', '/api/content/generate')[0];
    expect(call.signal?.aborted).toBe(true);
    await waitFor(() => expect(stream.cancelled).toBe(true));
    expect(screen.queryByTestId('live-post')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No content to post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Generate Content' });
    expect(submit).toBeEnabled();
    expect(submit).toHaveFocus();
    // the form is as it was, nothing was stored, and no message
    expect(screen.getByLabelText(topicLabels.framework)).toHaveValue(details.topic);
    expect(screen.getByLabelText(topicLabels.framework)).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(hooksGroup()).not.toBeInTheDocument();
    expect(app.location().search).toBe('?type=framework');
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('2 of 3 trial posts left.');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
  });

  it('when text has been shown, then Cancel is disabled and says the post counts and will be saved (the server keeps it whoever hangs up), and done lands as usual', async () => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', streaming(stream));
    await startGenerating();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.queryByText(/Writing has started/)).not.toBeInTheDocument();

    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(liveBody()).toHaveTextContent(BODY[0]));

    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription('Writing has started: this post counts and will be saved, so it can no longer be cancelled.');
    // a repaired answer starts the text over: the post was still started
    act(() => stream.send({ event: 'reset', data: { reason: 'repair' } }));
    await waitFor(() => expect(liveBody()).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    act(() => {
      stream.send({ event: 'done', data: answer() });
      stream.end();
    });
    await screen.findByRole('group', { name: 'Hooks' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Writing has started/)).not.toBeInTheDocument();
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('1 of 3 trial posts left.');
    expect(api.callsTo('POST', '/api/content/generate')[0].signal?.aborted).toBe(false);
  });

  it('when Cancel is pressed during Generate again before any text, then the draft stays as it was; once text shows, Cancel says the post will be saved', async () => {
    const first = eventStream();
    const again = eventStream();
    const third = eventStream();
    const streams = [first, again, third];
    const { api, app } = renderSignedIn('/content', { [GENERATE]: () => streams.shift()!.reply }, { subscriptionTier: 'premium' });
    const done = generateDraft('framework');
    await screen.findByRole('button', { name: 'Generating...' });
    act(() => {
      first.send({ event: 'done', data: answer({}, null) });
      first.end();
    });
    await done;

    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    await screen.findByRole('button', { name: 'Generating...' });
    expect(api.callsTo('POST', '/api/content/generate')[1].body).toMatchObject({ contentId: 'item-1' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/content/generate')[1].signal?.aborted).toBe(true);
    expect(screen.queryByTestId('live-post')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Post body')).toHaveValue(BODY.join(''));
    expect(within(screen.getByRole('group', { name: 'Hooks' })).getAllByRole('radio')).toHaveLength(5);
    expect(app.location().search).toBe('?draft=item-1');

    await userEvent.click(screen.getByRole('button', { name: 'Generate again' }));
    await screen.findByRole('button', { name: 'Generating...' });
    act(() => third.send({ event: 'body', data: { delta: 'A different take' } }));
    // the preview shows the new text being written in place of the draft
    await waitFor(() => expect(liveBody()!.textContent).toBe('A different take'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription('Writing has started: the post will be saved, so it can no longer be cancelled.');
  });
});

describe('streamed generation: falling back to the JSON call', () => {
  it.each<[string, (stream: EventStream) => FakeReply | 'network-error']>([
    ['the streaming request gets no answer', () => 'network-error'],
    ['a proxy answers with its own page', () => ({ status: 200, text: '<html>Proxy</html>', headers: { 'content-type': 'text/html' } })],
    ['the event stream has no readable body', () => ({ status: 200, headers: { 'content-type': EVENT_STREAM_TYPE } })],
    [
      'the stream breaks before its first event',
      (stream) => {
        stream.write(': keep-alive\n\n');
        setTimeout(() => stream.fail(), 0);
        return stream.reply;
      },
    ],
  ])('when %s, then the post is generated by the JSON call and lands as usual', async (_case, streamReply) => {
    const stream = eventStream();
    const { api } = renderSignedIn('/content', { [GENERATE]: (call) => (isStream(call) ? streamReply(stream) : { status: 201, body: answer() }) });
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();

    const hooks = await screen.findByRole('group', { name: 'Hooks' });
    expect(within(hooks).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByLabelText('Post body')).toHaveValue(BODY.join(''));
    expect(screen.getByTestId('trial-posts-left')).toHaveTextContent('1 of 3 trial posts left.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/content/generate').map((c) => c.accept)).toEqual([EVENT_STREAM_TYPE, 'application/json']);
  });

  it('when the server answers the streaming request with the whole post as JSON, then that is the post (it is not asked for twice)', async () => {
    const { api } = renderSignedIn('/content', { [GENERATE]: () => ({ status: 201, body: answer() }) });
    await generateDraft('framework');
    expect(screen.getByLabelText('Post body')).toHaveValue(BODY.join(''));
    expect(api.callsTo('POST', '/api/content/generate')).toHaveLength(1);
  });

  it('when the JSON call taken over also fails, then its failure shows as today', async () => {
    renderSignedIn('/content', { [GENERATE]: (call) => (isStream(call) ? 'network-error' : { status: 503, body: { error: 'down' } }) });
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Our content generation service is temporarily unavailable. Please try again in a few minutes.');
  });
});
