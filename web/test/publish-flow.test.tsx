import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { postTextOf, type ContentItem } from '@postwright/contracts';
import { PublishFlow, type PublishFlowProps, type PublishNotice } from '../src/components/publishing/publish-flow';
import { editContent } from '../src/lib/content-api';
import { toLocalInputValue } from '../src/lib/datetime';
import { browserNavigation } from '../src/lib/linkedin-api';
import { seriousViolations } from './support/axe';
import { fakeApi, type FakeCall, type FakeReply } from './support/fake-api';
import { renderComponent } from './support/render-component';
import { buildItem, connectedProfile, gate, notConnected } from './support/screens';

type Handler = (call: FakeCall) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

const draft = () =>
  buildItem({ id: 'd1', topic: 'Quarterly planning in one page', selectedHook: 'Hook two', finalContent: 'Hook two\n\nThe saved body.', generatedContent: 'The saved body.' });

/** A screen using the flow as the generator does: an editor, the notice, the item's status. */
function Screen({ initial, hook = 'Hook two', ...props }: { initial: ContentItem; hook?: string | null } & Partial<PublishFlowProps>) {
  const [item, setItem] = useState(initial);
  const [text, setText] = useState(postTextOf(initial));
  const [notice, setNotice] = useState<PublishNotice | null>(null);
  return (
    <main>
      <label>
        Post text
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {notice ? (
        <div role={notice.tone === 'danger' ? 'alert' : 'status'} data-testid="notice">
          {notice.text}
          {notice.link ? <a href={notice.link.href}>{notice.link.label}</a> : null}
        </div>
      ) : null}
      <p data-testid="item-status">{item.status}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap' }}>
        <PublishFlow
          item={item}
          hook={hook}
          text={text}
          dirty={text !== postTextOf(item)}
          save={() => editContent(item.id, { editedContent: text, saveAsDraft: true, selectedHook: hook })}
          onItemChange={setItem}
          onNotice={setNotice}
          returnTo={`/content?draft=${item.id}`}
          publishLabel="Publish to LinkedIn"
          {...props}
        />
      </div>
    </main>
  );
}

function serve(handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
    'GET /api/calendar/settings': () => ({ body: { minimumLeadSeconds: 3600 } }),
    'GET /api/calendar/suggestions': () => ({ body: { contentType: 'framework', day: 'Wednesday', slots: [] } }),
    'PUT /api/content/d1/edit': (call) => {
      const body = call.body as { editedContent: string; selectedHook: string | null };
      return { body: { content: { ...draft(), finalContent: body.editedContent, selectedHook: body.selectedHook } } };
    },
    'POST /api/linkedin/post': (call) => ({
      body: {
        linkedinPost: { id: 'urn:li:share:9', url: 'https://sandbox.example/feed/update/urn:li:share:9/' },
        content: { ...draft(), finalContent: (call.body as { text: string }).text, status: 'published', linkedinPostId: 'urn:li:share:9' },
      },
    }),
    ...handlers,
  });
}

const writes = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

/** Presses the publish button and answers the confirmation with Publish (both screens ask first). */
async function publishConfirmed(label = 'Publish to LinkedIn') {
  await userEvent.click(await screen.findByRole('button', { name: label }));
  const confirm = await screen.findByRole('dialog', { name: 'Publish to LinkedIn?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
}

async function typeMore(text: string) {
  await userEvent.type(screen.getByLabelText('Post text'), text);
}

describe('publish flow: nothing goes out with unsaved edits', () => {
  it('when the text was edited, then Publish saves it first, in the same click, and LinkedIn gets the edited text', async () => {
    const api = serve();
    renderComponent(<Screen initial={draft()} />);
    await typeMore(' And more.');
    await publishConfirmed();

    expect(await screen.findByTestId('notice')).toHaveTextContent('Content posted to LinkedIn successfully!');
    expect(writes(api)).toEqual(['PUT /api/content/d1/edit', 'POST /api/linkedin/post']);
    expect(api.callsTo('PUT', '/api/content/d1/edit')[0].body).toEqual({ editedContent: 'Hook two\n\nThe saved body. And more.', saveAsDraft: true, selectedHook: 'Hook two' });
    expect(api.callsTo('POST', '/api/linkedin/post')[0].body).toEqual({ contentId: 'd1', text: 'Hook two\n\nThe saved body. And more.', visibility: 'PUBLIC' });
    expect(screen.getByRole('link', { name: 'View on LinkedIn' })).toHaveAttribute('href', 'https://sandbox.example/feed/update/urn:li:share:9/');
    expect(screen.getByTestId('item-status')).toHaveTextContent('published');
    // a published item offers nothing more here
    expect(screen.queryByRole('button', { name: /Publish|Schedule/ })).not.toBeInTheDocument();
  });

  it('when nothing was edited, then Publish sends the saved text without saving', async () => {
    const api = serve();
    renderComponent(<Screen initial={draft()} />);
    await publishConfirmed();
    await screen.findByTestId('notice');
    expect(writes(api)).toEqual(['POST /api/linkedin/post']);
    expect(api.callsTo('POST', '/api/linkedin/post')[0].body).toMatchObject({ text: 'Hook two\n\nThe saved body.' });
  });

  it('when saving the edits fails, then nothing is published and the server text or "Failed to save edits" shows', async () => {
    const api = serve({ 'PUT /api/content/d1/edit': () => ({ status: 500 }) });
    renderComponent(<Screen initial={draft()} />);
    await typeMore(' Edited.');
    await publishConfirmed();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save edits');
    expect(api.callsTo('POST', '/api/linkedin/post')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeEnabled();
  });

  it('while publishing, then the button reads "Publishing..." and Publish and Schedule are disabled', async () => {
    const answer = gate();
    serve({
      'POST /api/linkedin/post': async () => {
        await answer.promise;
        return { status: 502 };
      },
    });
    renderComponent(<Screen initial={draft()} />);
    await publishConfirmed();
    expect(await screen.findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    await act(async () => answer.open());
    // the generator's failure text, in the spec's words
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post to LinkedIn');
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeEnabled();
  });

  it('when a time is confirmed with unsaved edits, then they are saved first; if that fails, nothing is scheduled and the modal says why', async () => {
    let saveFails = true;
    const api = serve({
      'PUT /api/content/d1/edit': (call) =>
        saveFails ? { status: 500 } : { body: { content: { ...draft(), finalContent: (call.body as { editedContent: string }).editedContent } } },
      'POST /api/calendar/schedule': (call) => {
        const at = (call.body as { scheduledFor: string }).scheduledFor;
        return { status: 201, body: { schedule: { contentId: 'd1', scheduledFor: at }, content: { ...draft(), status: 'scheduled', scheduledFor: at } } };
      },
    });
    renderComponent(<Screen initial={draft()} />);
    await typeMore(' Edited.');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save edits');
    expect(api.callsTo('POST', '/api/calendar/schedule')).toHaveLength(0);

    saveFails = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Content scheduled successfully!');
    expect(writes(api)).toEqual(['PUT /api/content/d1/edit', 'PUT /api/content/d1/edit', 'POST /api/calendar/schedule']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('item-status')).toHaveTextContent('scheduled');
  });
});

describe('publish flow: a hook is required', () => {
  it('when there is no hook, then Publish and Schedule are disabled and a note says why', async () => {
    serve();
    renderComponent(<Screen initial={{ ...draft(), selectedHook: null, finalContent: null }} hook={null} />);
    const publish = await screen.findByRole('button', { name: 'Publish to LinkedIn' });
    expect(publish).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByText('Choose a hook to publish or schedule this post.')).toBeInTheDocument();
    expect(publish).toHaveAccessibleDescription('Choose a hook to publish or schedule this post.');
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('publish flow: connecting LinkedIn on the way', () => {
  it('when LinkedIn is not connected, then Connect LinkedIn is offered (no red error), remembers where to come back, and goes to LinkedIn', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      serve({
        'GET /api/linkedin/profile': notConnected,
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth/v2/authorization?state=s1', state: 's1' } }),
      });
      renderComponent(<Screen initial={draft()} />);
      const note = await screen.findByTestId('connect-note');
      expect(note).toHaveTextContent('Connect your LinkedIn account to publish or schedule this post.');
      expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(await seriousViolations()).toEqual([]);

      await userEvent.click(within(note).getByRole('button', { name: 'Connect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth/v2/authorization?state=s1'));
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBe('/content?draft=d1');
    } finally {
      assign.mockRestore();
    }
  });

  it.each(['https://evil.example/post', '//evil.example/post'])('when the return path is %s, then it is not kept (the callback falls back to the profile)', async (returnTo) => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      serve({
        'GET /api/linkedin/profile': notConnected,
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth', state: 's1' } }),
      });
      window.sessionStorage.setItem('postwright.linkedinReturnTo', '/content?draft=older');
      renderComponent(<Screen initial={draft()} returnTo={returnTo} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalled());
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBeNull();
    } finally {
      assign.mockRestore();
    }
  });

  it('when LinkedIn’s address cannot be had, then "Failed to initiate LinkedIn connection" shows', async () => {
    serve({ 'GET /api/linkedin/profile': notConnected, 'GET /api/linkedin/auth-url': () => ({ status: 500 }) });
    renderComponent(<Screen initial={draft()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate LinkedIn connection');
  });

  it('when a publish is refused with the reconnect code, then Reconnect LinkedIn is offered and its note says why, once', async () => {
    serve({
      'POST /api/linkedin/post': () => ({ status: 409, body: { error: 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.', code: 'LINKEDIN.RECONNECT_REQUIRED' } }),
    });
    renderComponent(<Screen initial={draft()} />);
    await publishConfirmed();
    expect(await screen.findByRole('button', { name: 'Reconnect LinkedIn' })).toBeEnabled();
    expect(screen.getByTestId('connect-note')).toHaveTextContent('Your LinkedIn connection has expired. Reconnect LinkedIn to publish or schedule this post.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();
  });

  it('when the connection has expired, then Reconnect LinkedIn is offered instead of Publish and Schedule, and comes back here', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      serve({
        'GET /api/linkedin/profile': () => ({ body: connectedProfile({ expiresAt: '2026-03-01T10:00:00.000Z', reconnectSoon: true, expired: true }) }),
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth/v2/authorization?state=s2', state: 's2' } }),
      });
      renderComponent(<Screen initial={draft()} />);
      const note = await screen.findByTestId('connect-note');
      expect(note).toHaveTextContent('Your LinkedIn connection has expired. Reconnect LinkedIn to publish or schedule this post.');
      expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
      expect(await seriousViolations()).toEqual([]);

      await userEvent.click(within(note).getByRole('button', { name: 'Reconnect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth/v2/authorization?state=s2'));
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBe('/content?draft=d1');
    } finally {
      assign.mockRestore();
    }
  });
});

describe('publish flow: a scheduled post that failed while the screen was open', () => {
  /** the item as a list that follows due posts shows it: scheduled, then as the server has it now */
  function Followed({ first, then }: { first: ContentItem; then: ContentItem }) {
    const [item, setItem] = useState(first);
    return (
      <main>
        <button type="button" onClick={() => setItem(then)}>
          List refreshed
        </button>
        <div style={{ display: 'flex', flexWrap: 'wrap' }}>
          <PublishFlow item={item} hook="Hook two" text={postTextOf(item)} dirty={false} save={async () => item} onItemChange={setItem} onNotice={() => {}} returnTo="/content-management" />
        </div>
      </main>
    );
  }

  it('when it comes back a draft with a reason, then the connection is checked again and, expired, Reconnect LinkedIn shows', async () => {
    let expired = false;
    const api = serve({
      'GET /api/linkedin/profile': () => ({ body: connectedProfile(expired ? { expiresAt: '2026-03-01T10:00:00.000Z', reconnectSoon: true, expired: true } : { expiresAt: '2099-03-01T10:00:00.000Z' }) }),
    });
    const scheduled = { ...draft(), status: 'scheduled' as const, scheduledFor: '2026-03-01T10:00:05.000Z' };
    const failed = { ...draft(), lastPublishError: 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.' };
    renderComponent(<Followed first={scheduled} then={failed} />);
    expect(await screen.findByRole('button', { name: 'Publish Now' })).toBeEnabled();
    const checks = api.callsTo('GET', '/api/linkedin/profile').length;

    expired = true;
    await userEvent.click(screen.getByRole('button', { name: 'List refreshed' }));
    expect(await screen.findByRole('button', { name: 'Reconnect LinkedIn' })).toBeEnabled();
    expect(screen.getByTestId('connect-note')).toHaveTextContent('Your LinkedIn connection has expired. Reconnect LinkedIn to publish or schedule this post.');
    expect(api.callsTo('GET', '/api/linkedin/profile')).toHaveLength(checks + 1);
  });
});

describe('publish flow: scheduling after the LinkedIn connection ends', () => {
  const endsIn = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

  it('when the time chosen is after the connection ends, then the dialog warns with the date and still schedules', async () => {
    const ends = endsIn(3);
    const api = serve({
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({ expiresAt: ends.toISOString(), reconnectSoon: true }) }),
      'POST /api/calendar/schedule': (call) => ({ status: 201, body: { content: { ...draft(), status: 'scheduled', scheduledFor: (call.body as { scheduledFor: string }).scheduledFor } } }),
    });
    renderComponent(<Screen initial={draft()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    const field = within(dialog).getByLabelText('Date and time');
    // the earliest time (an hour ahead) is before the end: nothing to say
    expect(within(dialog).queryByText(/Your LinkedIn connection expires/)).not.toBeInTheDocument();

    fireEvent.change(field, { target: { value: toLocalInputValue(endsIn(4)) } });
    const date = ends.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      `Your LinkedIn connection expires on ${date}, before this time. Reconnect LinkedIn before then or this post will not be published.`,
    );
    expect(await seriousViolations()).toEqual([]);

    // a warning, not a refusal: the member may reconnect before then
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Content scheduled successfully!');
    expect(api.callsTo('POST', '/api/calendar/schedule')).toHaveLength(1);
  });

  it('when the connection lasts beyond the time chosen, then there is no warning', async () => {
    serve({ 'GET /api/linkedin/profile': () => ({ body: connectedProfile({ expiresAt: endsIn(50).toISOString() }) }) });
    renderComponent(<Screen initial={draft()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    fireEvent.change(within(dialog).getByLabelText('Date and time'), { target: { value: toLocalInputValue(endsIn(49)) } });
    expect(within(dialog).queryByText(/Your LinkedIn connection expires/)).not.toBeInTheDocument();
  });
});

describe('publish flow: a scheduled item', () => {
  const scheduled = () => ({ ...draft(), status: 'scheduled' as const, scheduledFor: '2030-03-04T08:30:00.000Z' });

  it('offers Publish Now, Reschedule (on the current slot) and Unschedule, which asks first', async () => {
    const api = serve({
      'DELETE /api/calendar/unschedule/d1': () => ({ body: { schedule: { contentId: 'd1', scheduledFor: null }, content: { ...draft(), status: 'draft', scheduledFor: null } } }),
    });
    renderComponent(<Screen initial={scheduled()} />);
    expect((await screen.findAllByRole('button')).map((b) => b.textContent)).toEqual(['Publish Now', 'Reschedule', 'Unschedule']);

    await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule post' });
    expect(new Date((within(dialog).getByLabelText('Date and time') as HTMLInputElement).value).getTime()).toBe(new Date('2030-03-04T08:30:00.000Z').getTime());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Unschedule' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unschedule post?' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to unschedule "Quarterly planning in one page"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unschedule' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Content unscheduled successfully!');
    expect(api.callsTo('DELETE', '/api/calendar/unschedule/d1')).toHaveLength(1);
    expect(screen.getByTestId('item-status')).toHaveTextContent('draft');
  });

  it('in content management (its words), Publish Now asks first and says "published"', async () => {
    serve();
    renderComponent(<Screen initial={scheduled()} managementWords />);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish to LinkedIn?' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to publish this content to LinkedIn?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Content published to LinkedIn successfully!');
  });
});
