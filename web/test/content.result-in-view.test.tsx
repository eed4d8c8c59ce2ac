import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_STREAM_TYPE, type GenerateResponse } from '@postwright/contracts';
import { answeredUser } from './support/content-store';
import { eventStream, type EventStream } from './support/event-stream';
import type { FakeCall } from './support/fake-api';
import { chooseType, details, fillDetails, pressGenerate } from './support/generator-steps';
import { buildItem, renderSignedIn } from './support/screens';

/**
 * After Generate the result stays where the page put it: the address is replaced with the
 * draft's (`?draft=<id>`), and that replacement is not a visit, so nothing scrolls the page back
 * to the top (the router's scroll restoration did, smoothly, after the result took focus).
 */
describe('content creation: the result stays in view', () => {
  it('when a generation ends, then the address becomes the draft, the result takes focus and the page is not scrolled to the top', async () => {
    const item = buildItem({ id: 'kept-1', contentType: 'framework', topic: 'My 3-question filter for saying no' });
    const { app } = renderSignedIn('/content?type=framework', {
      'POST /api/content/generate': () => ({ status: 201, body: { content: item, user: answeredUser(2) } }),
    });
    await userEvent.type(await screen.findByLabelText('What process or framework will you teach?'), 'My 3-question filter for saying no');
    await userEvent.type(screen.getByLabelText('Industry/Role'), 'COO at a logistics company');
    await userEvent.type(screen.getByLabelText('Where has this framework worked for you?'), 'Last year I used three questions to cut our roadmap.');
    await userEvent.type(screen.getByLabelText('Target Audience'), 'Operations leaders');

    const scrollTo = jest.spyOn(window, 'scrollTo');
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
      const hooks = await screen.findByRole('group', { name: 'Hooks' });
      await waitFor(() => expect(app.location().search).toBe('?draft=kept-1'));
      // the router renders the new address in a transition: let it commit
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(hooks.closest('[tabindex="-1"]')).toHaveFocus();
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('when the member goes to another page, then that page still opens at the top', async () => {
    const { app } = renderSignedIn('/content?type=framework');
    await screen.findByLabelText('What process or framework will you teach?');
    const scrollTo = jest.spyOn(window, 'scrollTo');
    try {
      await act(() => app.router.navigate('/support'));
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    } finally {
      scrollTo.mockRestore();
    }
  });
});

describe('content creation: the post being written is seen as it grows', () => {
  const BODY = ['Three questions cut our roadmap from 40 initiatives to 12.', '\n\nFirst: does it move the one number we agreed on?'];
  const answer = (): GenerateResponse => ({
    content: buildItem({ id: 'live-1', contentType: 'framework', topic: details.topic, generatedContent: BODY.join('') }),
    user: answeredUser(1),
  });
  const streaming = (stream: EventStream) => ({
    'POST /api/content/generate': (call: FakeCall) => (call.accept === EVENT_STREAM_TYPE ? stream.reply : { status: 201, body: answer() }),
  });
  const toggle = () => screen.getByRole('button', { name: 'Preview', expanded: undefined });
  const previewBody = () => screen.getByRole('group', { name: 'Preview' });

  /** jsdom lays nothing out: the preview's scrollable height is given */
  function tallPreview(height = 2400) {
    Object.defineProperty(previewBody(), 'scrollHeight', { configurable: true, get: () => height });
  }

  async function startGenerating(stream: EventStream) {
    renderSignedIn('/content', streaming(stream));
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();
    await screen.findByRole('button', { name: 'Generating...' });
  }

  function finish(stream: EventStream) {
    act(() => {
      stream.send({ event: 'done', data: answer() });
      stream.end();
    });
  }

  it('when the text starts, then the folded preview opens and follows the newest line; when the post is done it folds away again', async () => {
    const stream = eventStream();
    await startGenerating(stream);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    tallPreview();

    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(previewBody().scrollTop).toBe(2400));
    tallPreview(3000);
    act(() => stream.send({ event: 'body', data: { delta: BODY[1] } }));
    await waitFor(() => expect(previewBody().scrollTop).toBe(3000));

    finish(stream);
    await screen.findByRole('group', { name: 'Hooks' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the member scrolls the preview while it is written, then it stays where they put it', async () => {
    const stream = eventStream();
    await startGenerating(stream);
    tallPreview();
    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(previewBody().scrollTop).toBe(2400));

    fireEvent.wheel(previewBody(), { deltaY: -400 });
    previewBody().scrollTop = 100;
    tallPreview(3000);
    act(() => stream.send({ event: 'body', data: { delta: BODY[1] } }));
    await waitFor(() => expect(screen.getByTestId('live-body')).toHaveTextContent('First: does it move'));
    expect(previewBody().scrollTop).toBe(100);
    finish(stream);
    await screen.findByRole('group', { name: 'Hooks' });
  });

  it('when the member closes the preview as the text starts, then it is not opened again for them', async () => {
    const stream = eventStream();
    await startGenerating(stream);
    act(() => stream.send({ event: 'body', data: { delta: BODY[0] } }));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    act(() => stream.send({ event: 'body', data: { delta: BODY[1] } }));
    await waitFor(() => expect(screen.getByTestId('live-body')).toHaveTextContent('First: does it move'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    finish(stream);
    await screen.findByRole('group', { name: 'Hooks' });
  });
});
