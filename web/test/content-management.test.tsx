import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentItem } from '@postwright/contracts';
import { browserNavigation } from '../src/lib/linkedin-api';
import { seriousViolations } from './support/axe';
import { buildItem, connectedProfile, gate, renderSignedIn } from './support/screens';

/** The list, with LinkedIn connected (the not-connected case has its own tests). */
function list(items: ContentItem[]) {
  return {
    'GET /api/content': () => ({ body: { content: items } }),
    'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
  };
}

function cardFor(topic: string) {
  return screen.getByRole('listitem', { name: topic });
}

/** The app's own confirmation (never window.confirm): checks its question and answers it. */
async function answerDialog(name: string, message: string, button: string) {
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog).toHaveAccessibleDescription(message);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
}

let nativeConfirm: jest.SpyInstance;
beforeEach(() => {
  nativeConfirm = jest.spyOn(window, 'confirm');
});
afterEach(() => {
  expect(nativeConfirm).not.toHaveBeenCalled();
  nativeConfirm.mockRestore();
});

const draft = () => buildItem({ id: 'd1', topic: 'Quarterly planning in one page', contentType: 'framework', status: 'draft', selectedHook: 'Hook two', finalContent: 'Hook two\n\nThe final text.' });
const scheduled = () =>
  buildItem({ id: 's1', topic: 'Why culture fit fails', contentType: 'controversial', status: 'scheduled', scheduledFor: '2030-03-04T08:30:00.000Z' });
const published = () =>
  buildItem({
    id: 'p1',
    topic: 'The week we almost missed payroll',
    contentType: 'story',
    status: 'published',
    publishedAt: '2026-03-05T10:00:00.000Z',
    linkedinPostId: 'urn:li:share:7',
    linkedinPostUrl: 'https://sandbox.example/feed/update/urn:li:share:7/',
    engagement: { likes: 12, comments: 3, reposts: 2, impressions: 1450 },
  });

describe('content management: list, stats and filters', () => {
  it('when items load, then the stat cards count total, published, drafts and scheduled', async () => {
    renderSignedIn('/content-management', list([draft(), scheduled(), published(), buildItem({ status: 'draft' })]));
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-published')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-drafts')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-scheduled')).toHaveTextContent('1');
  });

  it('when a filter tab is chosen, then only its items show, with the count on each tab', async () => {
    renderSignedIn('/content-management', list([draft(), scheduled(), published()]));
    await screen.findByTestId('stat-total');
    const tabs = screen.getByRole('tablist', { name: 'Filter content by status' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['All3', 'Draft1', 'Published1', 'Scheduled1']);
    expect(screen.getAllByTestId('content-card')).toHaveLength(3);

    await userEvent.click(within(tabs).getByRole('tab', { name: /Scheduled/ }));
    expect(screen.getAllByTestId('content-card').map((c) => c.getAttribute('data-status'))).toEqual(['scheduled']);
    await userEvent.click(within(tabs).getByRole('tab', { name: /Published/ }));
    expect(screen.getAllByTestId('content-card').map((c) => c.getAttribute('data-status'))).toEqual(['published']);
    await userEvent.click(within(tabs).getByRole('tab', { name: /Draft/ }));
    expect(screen.getAllByTestId('content-card').map((c) => c.getAttribute('data-status'))).toEqual(['draft']);
  });

  it('when there is no content, then the empty state offers to create some', async () => {
    renderSignedIn('/content-management', list([]));
    expect(await screen.findByRole('heading', { name: 'No content yet' })).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Create Content' });
    expect(create.every((a) => a.getAttribute('href') === '/content')).toBe(true);
    expect(create.length).toBe(2);
  });

  it('when a filter has no items, then its own empty state shows with a create button', async () => {
    renderSignedIn('/content-management', list([draft()]));
    await screen.findByTestId('stat-total');
    await userEvent.click(screen.getByRole('tab', { name: /Published/ }));
    expect(screen.getByRole('heading', { name: 'Nothing published yet' })).toBeInTheDocument();
  });

  it('when the list fails to load, then "Failed to load content" shows with Retry, never sample items, and Retry loads it', async () => {
    let fail = true;
    renderSignedIn('/content-management', {
      'GET /api/content': () => (fail ? { status: 500, body: { error: 'boom' } } : { body: { content: [draft()] } }),
    });
    expect(await screen.findByRole('heading', { name: 'Failed to load content' })).toBeInTheDocument();
    expect(screen.queryByTestId('content-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-total')).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Quarterly planning in one page' })).toBeInTheDocument();
  });
});

describe('content management: what a card shows', () => {
  it('a draft shows its type badge, status, created date (short month, day, hour, minute), topic, hook and text', async () => {
    renderSignedIn('/content-management', list([draft()]));
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    expect(within(card).getByTestId('content-type-badge')).toHaveTextContent('Framework');
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Draft');
    const expected = new Date('2026-03-04T09:05:00.000Z').toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    expect(within(card).getByText(expected)).toBeInTheDocument();
    expect(expected).toMatch(/^Mar 4, \d{1,2}:05\s?(AM|PM)$/);
    expect(within(card).getByText('Hook two')).toBeInTheDocument();
    expect(within(card).getByTestId('content-text')).toHaveTextContent('The final text.');
    expect(within(card).getByTestId('content-text')).toHaveClass('clamped');
    expect(within(card).queryByRole('list', { name: 'Engagement' })).not.toBeInTheDocument();
  });

  it('a published item shows Likes, Comments, Reposts and Views, and View on LinkedIn opens a new tab', async () => {
    renderSignedIn('/content-management', list([published()]));
    const card = await screen.findByRole('listitem', { name: 'The week we almost missed payroll' });
    const stats = within(card).getByLabelText('Engagement');
    expect(stats).toHaveTextContent('Likes12');
    expect(stats).toHaveTextContent('Comments3');
    expect(stats).toHaveTextContent('Reposts2');
    expect(stats).toHaveTextContent('Views1,450');
    const view = within(card).getByRole('link', { name: /View on LinkedIn/ });
    expect(view).toHaveAttribute('href', 'https://sandbox.example/feed/update/urn:li:share:7/');
    expect(view).toHaveAttribute('target', '_blank');
    // a published item can only be viewed and deleted
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Delete']);
  });

  it('a scheduled item shows its time with the member\'s time zone, and Edit, Publish Now, Reschedule, Unschedule and Delete', async () => {
    renderSignedIn('/content-management', list([scheduled()]));
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    const expected = new Date('2030-03-04T08:30:00.000Z').toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    expect(within(card).getByText(/Scheduled for/).textContent).toBe(`Scheduled for ${expected}`);
    // the zone's short name ends it (UTC on this machine, "GMT+1" in Paris, "EST" in New York)
    expect(expected).toMatch(/(AM|PM) \S+$/);
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Publish Now', 'Reschedule', 'Unschedule', 'Delete']);
  });

  it('a draft offers Edit, Publish, Schedule and Delete', async () => {
    renderSignedIn('/content-management', list([draft()]));
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Publish', 'Schedule', 'Delete']);
  });

  it('when a scheduled publish failed, then the card says why', async () => {
    renderSignedIn('/content-management', list([buildItem({ topic: 'Failed one', status: 'draft', lastPublishError: "LinkedIn's posting limit was reached, so the post was not published." })]));
    const card = await screen.findByRole('listitem', { name: 'Failed one' });
    expect(within(card).getByTestId('publish-problem')).toHaveTextContent("Publishing failedLinkedIn's posting limit was reached, so the post was not published.");
  });

  it('when a publish is unconfirmed, then the card says to check LinkedIn before publishing again', async () => {
    renderSignedIn(
      '/content-management',
      list([buildItem({ topic: 'Lost answer', status: 'draft', publishUnconfirmed: true, lastPublishError: 'LinkedIn did not confirm the post.' })]),
    );
    const card = await screen.findByRole('listitem', { name: 'Lost answer' });
    const problem = within(card).getByTestId('publish-problem');
    expect(problem).toHaveTextContent('Publish not confirmed');
    expect(problem).toHaveTextContent('Check your LinkedIn feed before publishing again');
  });
});

describe('content management: editing', () => {
  it('when Edit is pressed, then an inline editor (min height 150 px) replaces the text and Edit and Delete hide on that item only', async () => {
    renderSignedIn('/content-management', list([draft(), buildItem({ topic: 'Other draft' })]));
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));

    const editor = within(card).getByLabelText('Post text');
    expect(editor).toHaveValue('Hook two\n\nThe final text.');
    expect(editor).toHaveStyle({ minHeight: '150px' });
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Save Changes', 'Cancel', 'Publish', 'Schedule']);
    expect(within(cardFor('Other draft')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(cardFor('Other draft')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('when Save Changes is pressed, then the edit is stored as a draft and the new text shows', async () => {
    const { api } = renderSignedIn('/content-management', {
      ...list([draft()]),
      'PUT /api/content/d1/edit': (call) => ({ body: { content: { ...draft(), finalContent: (call.body as { editedContent: string }).editedContent } } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByLabelText('Post text');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Rewritten entirely.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(within(card).queryByLabelText('Post text')).not.toBeInTheDocument());
    expect(within(card).getByTestId('content-text')).toHaveTextContent('Rewritten entirely.');
    expect(api.callsTo('PUT', '/api/content/d1/edit')[0].body).toEqual({ editedContent: 'Rewritten entirely.', saveAsDraft: true });
  });

  it('when Cancel is pressed, then nothing is saved and the item shows as before', async () => {
    const { api } = renderSignedIn('/content-management', list([draft()]));
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(card).getByLabelText('Post text'), ' more');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByTestId('content-text')).toHaveTextContent('The final text.');
    expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(0);
  });

  it('when saving fails, then the server text (or "Failed to save edits") shows and the editor stays', async () => {
    renderSignedIn('/content-management', { ...list([draft()]), 'PUT /api/content/d1/edit': () => ({ status: 500 }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save edits');
    expect(within(card).getByLabelText('Post text')).toBeInTheDocument();
  });
});

describe('content management: publishing', () => {
  it('when Publish is confirmed, then it reads "Publishing..." with publishing disabled, then the item is published with a success message', async () => {
    const answer = gate();
    const { api } = renderSignedIn('/content-management', {
      ...list([draft(), buildItem({ id: 'd2', topic: 'Second draft' })]),
      'POST /api/linkedin/post': async () => {
        await answer.promise;
        return {
          body: {
            linkedinPost: { id: 'urn:li:share:9', url: 'https://sandbox.example/feed/update/urn:li:share:9/' },
            content: { ...draft(), status: 'published', publishedAt: '2026-03-06T10:00:00.000Z', linkedinPostId: 'urn:li:share:9', linkedinPostUrl: 'https://sandbox.example/feed/update/urn:li:share:9/' },
          },
        };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    await answerDialog('Publish to LinkedIn?', 'Are you sure you want to publish this content to LinkedIn?', 'Publish');

    expect(await within(card).findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    expect(within(cardFor('Second draft')).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await act(async () => answer.open());

    expect(await screen.findByText('Content published to LinkedIn successfully!')).toBeInTheDocument();
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Published');
    expect(within(card).getByRole('link', { name: /View on LinkedIn/ })).toHaveAttribute('href', 'https://sandbox.example/feed/update/urn:li:share:9/');
    expect(api.callsTo('POST', '/api/linkedin/post')[0].body).toEqual({ contentId: 'd1', text: 'Hook two\n\nThe final text.', visibility: 'PUBLIC' });
  });

  it('when the publish confirmation is declined, then nothing is sent', async () => {
    const { api } = renderSignedIn('/content-management', list([draft()]));
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    await answerDialog('Publish to LinkedIn?', 'Are you sure you want to publish this content to LinkedIn?', 'Cancel');
    expect(api.callsTo('POST', '/api/linkedin/post')).toHaveLength(0);
  });

  it('when publishing fails, then the server text or "Failed to publish to LinkedIn" shows', async () => {
    renderSignedIn('/content-management', { ...list([scheduled()]), 'POST /api/linkedin/post': () => ({ status: 502 }) });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Publish Now' }));
    await answerDialog('Publish to LinkedIn?', 'Are you sure you want to publish this content to LinkedIn?', 'Publish');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to publish to LinkedIn');
  });
});

describe('content management: scheduling', () => {
  it('when Schedule opens the modal, then it shows the topic, a time one hour ahead with that minimum and the hint, and Confirm waits for a time', async () => {
    renderSignedIn('/content-management', {
      ...list([draft()]),
      'GET /api/calendar/suggestions': () => ({ body: { contentType: 'framework', day: 'Wednesday', slots: ['2030-03-06T08:30:00+00:00', '2030-03-13T08:30:00+00:00'] } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    const before = Date.now();
    await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });

    expect(within(dialog).getByTestId('schedule-topic')).toHaveTextContent('Quarterly planning in one page');
    const input = within(dialog).getByLabelText('Date and time') as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input.value).toBe(input.min);
    const chosen = new Date(input.value).getTime();
    expect(chosen - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(chosen - before).toBeLessThanOrEqual(62 * 60 * 1000);
    expect(within(dialog).getByText('Minimum 1 hour from now')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Schedule' })).toBeEnabled();

    await userEvent.clear(input);
    expect(within(dialog).getByRole('button', { name: 'Confirm Schedule' })).toBeDisabled();

    // the framework day's next slots fill the time in
    const slots = await within(dialog).findAllByRole('button', { pressed: false, name: /8:30|\d:30/ });
    expect(slots).toHaveLength(2);
    await userEvent.click(slots[0]);
    expect(slots[0]).toHaveAttribute('aria-pressed', 'true');
    expect(new Date(input.value).getTime()).toBe(new Date('2030-03-06T08:30:00+00:00').getTime());
    expect(within(dialog).getByRole('button', { name: 'Confirm Schedule' })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a time is confirmed, then the item is scheduled for it (with the browser offset) and the success message shows', async () => {
    const { api } = renderSignedIn('/content-management', {
      ...list([draft()]),
      'POST /api/calendar/schedule': (call) => {
        const at = (call.body as { scheduledFor: string }).scheduledFor;
        return { status: 201, body: { schedule: { contentId: 'd1', scheduledFor: at }, content: { ...draft(), status: 'scheduled', scheduledFor: at } } };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Date and time');
    await userEvent.clear(input);
    await userEvent.type(input, '2031-01-02T09:15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));

    expect(await screen.findByText('Content scheduled successfully!')).toBeInTheDocument();
    const sent = (api.callsTo('POST', '/api/calendar/schedule')[0].body as { contentId: string; scheduledFor: string });
    expect(sent.contentId).toBe('d1');
    expect(sent.scheduledFor).toMatch(/^2031-01-02T09:15:00[+-]\d{2}:\d{2}$/);
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Scheduled');
  });

  it('when the server refuses the time, then its text shows in the modal, which stays open', async () => {
    renderSignedIn('/content-management', {
      ...list([draft()]),
      'POST /api/calendar/schedule': () => ({ status: 400, body: { error: 'Schedule time must be at least 1 hour from now' } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Schedule time must be at least 1 hour from now');
  });

  it('when scheduling fails without a server text, then "Failed to schedule content" shows', async () => {
    renderSignedIn('/content-management', { ...list([draft()]), 'POST /api/calendar/schedule': () => ({ status: 500 }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to schedule content');
  });

  it('when Reschedule is pressed, then the modal says Reschedule post and opens on the current slot; confirmed, it says rescheduled', async () => {
    renderSignedIn('/content-management', {
      ...list([scheduled()]),
      'POST /api/calendar/schedule': (call) => {
        const at = (call.body as { scheduledFor: string }).scheduledFor;
        return { status: 201, body: { schedule: { contentId: 's1', scheduledFor: at }, content: { ...scheduled(), scheduledFor: at } } };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule post' });
    const input = within(dialog).getByLabelText('Date and time') as HTMLInputElement;
    expect(new Date(input.value).getTime()).toBe(new Date('2030-03-04T08:30:00.000Z').getTime());
    expect(within(dialog).queryByRole('button', { name: 'Confirm Schedule' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm new time' }));
    expect(await screen.findByText('Content rescheduled successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Content scheduled successfully!')).not.toBeInTheDocument();
  });

  it('when a post announced as scheduled fails later (the list reads it back a draft with the reason), then the success notice goes', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const item = () => buildItem({ id: 'd1', topic: 'Quarterly planning in one page', selectedHook: 'Hook two', finalContent: 'Hook two\n\nThe final text.' });
      // due in a minute: the list follows it until it is published (or, here, fails)
      const due = new Date(Date.now() + 60_000).toISOString();
      let failed = false;
      renderSignedIn('/content-management', {
        'GET /api/content': () => ({ body: { content: [failed ? { ...item(), lastPublishError: 'LinkedIn refused the post.' } : item()] } }),
        'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
        'POST /api/calendar/schedule': () => ({ status: 201, body: { schedule: { contentId: 'd1', scheduledFor: due }, content: { ...item(), status: 'scheduled', scheduledFor: due } } }),
      });
      const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
      await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Schedule' }));
      expect(await screen.findByText('Content scheduled successfully!')).toBeInTheDocument();
      expect(within(card).getByTestId('status-badge')).toHaveTextContent('Scheduled');

      failed = true;
      await act(async () => {
        jest.advanceTimersByTime(4500);
      });
      const after = () => screen.getByRole('listitem', { name: 'Quarterly planning in one page' });
      await waitFor(() => expect(within(after()).getByTestId('status-badge')).toHaveTextContent('Draft'));
      expect(within(after()).getByTestId('publish-problem')).toHaveTextContent('LinkedIn refused the post.');
      expect(screen.queryByText('Content scheduled successfully!')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('when Unschedule is confirmed, then the item is a draft again and the success message shows', async () => {
    renderSignedIn('/content-management', {
      ...list([scheduled()]),
      'DELETE /api/calendar/unschedule/s1': () => ({ body: { schedule: { contentId: 's1', scheduledFor: null }, content: { ...scheduled(), status: 'draft', scheduledFor: null } } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Unschedule' }));
    await answerDialog('Unschedule post?', 'Are you sure you want to unschedule "Why culture fit fails"?', 'Unschedule');
    expect(await screen.findByText('Content unscheduled successfully!')).toBeInTheDocument();
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Draft');
    expect(within(card).queryByText(/Scheduled for/)).not.toBeInTheDocument();
  });

  it('when unscheduling fails, then "Failed to unschedule content" shows', async () => {
    renderSignedIn('/content-management', { ...list([scheduled()]), 'DELETE /api/calendar/unschedule/s1': () => ({ status: 500 }) });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Unschedule' }));
    await answerDialog('Unschedule post?', 'Are you sure you want to unschedule "Why culture fit fails"?', 'Unschedule');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unschedule content');
  });

  it('when a scheduled item falls due, then the list is read again until it shows as published', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let fired = false;
      const soon = buildItem({ id: 's9', topic: 'Due now', status: 'scheduled', scheduledFor: new Date(Date.now() + 5000).toISOString() });
      renderSignedIn('/content-management', {
        'GET /api/content': () => ({ body: { content: [fired ? { ...soon, status: 'published', scheduledFor: null, publishedAt: new Date().toISOString(), linkedinPostId: 'urn:li:share:1' } : soon] } }),
      });
      const card = await screen.findByRole('listitem', { name: 'Due now' });
      expect(within(card).getByTestId('status-badge')).toHaveTextContent('Scheduled');
      fired = true;
      await act(async () => {
        jest.advanceTimersByTime(4500);
      });
      await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Due now' })).getByTestId('status-badge')).toHaveTextContent('Published'));
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('content management: deleting', () => {
  it('when Delete is confirmed, then the confirmation says it cannot be undone and the item leaves the list', async () => {
    renderSignedIn('/content-management', { ...list([draft(), published()]), 'DELETE /api/content/d1': () => ({ body: { success: true } }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await answerDialog('Delete post?', 'Are you sure you want to delete "Quarterly planning in one page"? This action cannot be undone.', 'Delete');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Quarterly planning in one page' })).not.toBeInTheDocument());
    expect(screen.getByTestId('stat-total')).toHaveTextContent('1');
  });

  it('when the delete confirmation is declined (Escape), then the item stays and focus returns to Delete', async () => {
    const { api } = renderSignedIn('/content-management', list([draft()]));
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete post?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(api.callsTo('DELETE', '/api/content/d1')).toHaveLength(0);
    expect(cardFor('Quarterly planning in one page')).toBeInTheDocument();
  });

  it('when deleting fails, then "Failed to delete content" shows', async () => {
    renderSignedIn('/content-management', { ...list([draft()]), 'DELETE /api/content/d1': () => ({ status: 500 }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete content');
  });
});

describe('content management: the filter lives in the address', () => {
  it('when the page opens with ?status=scheduled, then the Scheduled tab is chosen and only scheduled items show', async () => {
    renderSignedIn('/content-management?status=scheduled', list([draft(), scheduled(), published()]));
    const tab = await screen.findByRole('tab', { name: /Scheduled/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('content-card').map((c) => c.getAttribute('data-status'))).toEqual(['scheduled']);
  });

  it('when a tab is chosen, then the address says so, All clears it, and Back returns to the previous filter', async () => {
    const { app } = renderSignedIn('/content-management', list([draft(), scheduled(), published()]));
    await screen.findByTestId('stat-total');
    await userEvent.click(screen.getByRole('tab', { name: /Draft/ }));
    expect(app.location().search).toBe('?status=draft');
    await userEvent.click(screen.getByRole('tab', { name: /Published/ }));
    expect(app.location().search).toBe('?status=published');
    await userEvent.click(screen.getByRole('tab', { name: /All/ }));
    expect(app.location().search).toBe('');

    await act(async () => {
      await app.router.navigate(-1);
    });
    expect(app.location().search).toBe('?status=published');
    expect(screen.getByRole('tab', { name: /Published/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('content-card').map((c) => c.getAttribute('data-status'))).toEqual(['published']);
  });

  it('when the tabs do not fit (a phone), then the row scrolls and shows which side has more', async () => {
    renderSignedIn('/content-management', list([draft()]));
    const tablist = await screen.findByRole('tablist', { name: 'Filter content by status' });
    const frame = tablist.parentElement!;
    expect(frame).not.toHaveAttribute('data-more-end');
    // jsdom does not lay out: give the row a phone's width and the tabs' full width
    Object.defineProperty(tablist, 'clientWidth', { configurable: true, value: 300 });
    Object.defineProperty(tablist, 'scrollWidth', { configurable: true, value: 420 });
    act(() => {
      tablist.dispatchEvent(new Event('scroll'));
    });
    expect(frame).toHaveAttribute('data-more-end', 'true');
    expect(frame).not.toHaveAttribute('data-more-start');
    tablist.scrollLeft = 120;
    act(() => {
      tablist.dispatchEvent(new Event('scroll'));
    });
    expect(frame).toHaveAttribute('data-more-start', 'true');
    expect(frame).not.toHaveAttribute('data-more-end');
  });

  it('when the address names no known status, then all items show', async () => {
    renderSignedIn('/content-management?status=archived', list([draft(), scheduled()]));
    expect(await screen.findByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('content-card')).toHaveLength(2);
  });
});

describe('content management: publishing and scheduling follow the shared rules', () => {
  const published9 = (item: ContentItem, text: string) => ({
    linkedinPost: { id: 'urn:li:share:9', url: 'https://sandbox.example/feed/update/urn:li:share:9/' },
    content: { ...item, finalContent: text, status: 'published', publishedAt: '2026-03-06T10:00:00.000Z', linkedinPostId: 'urn:li:share:9' },
  });

  it('when Publish is pressed during an edit, then the edit is saved first and LinkedIn gets the edited text', async () => {
    const { api } = renderSignedIn('/content-management', {
      ...list([draft()]),
      'PUT /api/content/d1/edit': (call) => ({ body: { content: { ...draft(), finalContent: (call.body as { editedContent: string }).editedContent } } }),
      'POST /api/linkedin/post': (call) => ({ body: published9(draft(), (call.body as { text: string }).text) }),
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = within(card).getByLabelText('Post text');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Hook two{Enter}{Enter}The edited text.');
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    await answerDialog('Publish to LinkedIn?', 'Are you sure you want to publish this content to LinkedIn?', 'Publish');

    expect(await screen.findByText('Content published to LinkedIn successfully!')).toBeInTheDocument();
    const order = api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['PUT /api/content/d1/edit', 'POST /api/linkedin/post']);
    expect(api.callsTo('PUT', '/api/content/d1/edit')[0].body).toEqual({ editedContent: 'Hook two\n\nThe edited text.', saveAsDraft: true });
    expect(api.callsTo('POST', '/api/linkedin/post')[0].body).toEqual({ contentId: 'd1', text: 'Hook two\n\nThe edited text.', visibility: 'PUBLIC' });
    // the editor closed on the published item
    expect(within(card).queryByLabelText('Post text')).not.toBeInTheDocument();
    expect(within(card).getByTestId('status-badge')).toHaveTextContent('Published');
  });

  it('when saving the edit fails, then nothing is published and "Failed to save edits" shows, the editor keeping the text', async () => {
    const { api } = renderSignedIn('/content-management', { ...list([draft()]), 'PUT /api/content/d1/edit': () => ({ status: 500 }) });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(card).getByLabelText('Post text'), ' More.');
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    await answerDialog('Publish to LinkedIn?', 'Are you sure you want to publish this content to LinkedIn?', 'Publish');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save edits');
    expect(api.callsTo('POST', '/api/linkedin/post')).toHaveLength(0);
    expect(within(card).getByLabelText('Post text')).toHaveValue('Hook two\n\nThe final text. More.');
  });

  it('when a time is confirmed during an edit, then the edit is saved first and then scheduled', async () => {
    const { api } = renderSignedIn('/content-management', {
      ...list([draft()]),
      'PUT /api/content/d1/edit': (call) => ({ body: { content: { ...draft(), finalContent: (call.body as { editedContent: string }).editedContent } } }),
      'POST /api/calendar/schedule': (call) => {
        const at = (call.body as { scheduledFor: string }).scheduledFor;
        return { status: 201, body: { schedule: { contentId: 'd1', scheduledFor: at }, content: { ...draft(), finalContent: 'Hook two\n\nThe final text. More.', status: 'scheduled', scheduledFor: at } } };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(card).getByLabelText('Post text'), ' More.');
    await userEvent.click(within(card).getByRole('button', { name: 'Schedule' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Schedule post' })).getByRole('button', { name: 'Confirm Schedule' }));

    expect(await screen.findByText('Content scheduled successfully!')).toBeInTheDocument();
    const order = api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['PUT /api/content/d1/edit', 'POST /api/calendar/schedule']);
    expect((api.callsTo('PUT', '/api/content/d1/edit')[0].body as { editedContent: string }).editedContent).toBe('Hook two\n\nThe final text. More.');
    expect(within(card).queryByLabelText('Post text')).not.toBeInTheDocument();
  });

  it('when a draft has no hook, then Publish and Schedule are disabled, a note says why and links to the draft in the generator', async () => {
    renderSignedIn('/content-management', list([buildItem({ id: 'nohook', topic: 'No hook yet', selectedHook: null })]));
    const card = await screen.findByRole('listitem', { name: 'No hook yet' });
    expect(within(card).getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(within(card).getByTestId('publish-note')).toHaveTextContent('Choose a hook to publish or schedule this post.');
    expect(within(card).getByRole('button', { name: 'Publish' })).toHaveAccessibleDescription(expect.stringContaining('Choose a hook to publish or schedule this post.'));
    expect(within(card).getByRole('link', { name: 'Choose a hook' })).toHaveAttribute('href', '/content?draft=nohook');
    expect(await seriousViolations()).toEqual([]);
  });

  it('when LinkedIn is not connected, then Publish and Schedule offer Connect LinkedIn, which remembers this list and goes to LinkedIn', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      renderSignedIn('/content-management?status=draft', {
        'GET /api/content': () => ({ body: { content: [draft()] } }),
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth/v2/authorization?state=s1', state: 's1' } }),
      });
      const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
      const note = await within(card).findByTestId('connect-note');
      expect(note).toHaveTextContent('Connect your LinkedIn account to publish or schedule this post.');
      expect(within(card).getByRole('button', { name: 'Publish' })).toBeDisabled();
      expect(within(card).getByRole('button', { name: 'Schedule' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(await seriousViolations()).toEqual([]);

      await userEvent.click(within(note).getByRole('button', { name: 'Connect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth/v2/authorization?state=s1'));
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBe('/content-management?status=draft');
    } finally {
      assign.mockRestore();
    }
  });

  it('when the text is being edited and Connect LinkedIn is pressed, then the edit is saved first, then it goes to LinkedIn', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      const { api } = renderSignedIn('/content-management', {
        'GET /api/content': () => ({ body: { content: [draft()] } }),
        'PUT /api/content/d1/edit': (call) => ({ body: { content: { ...draft(), finalContent: (call.body as { editedContent: string }).editedContent } } }),
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth', state: 's1' } }),
      });
      const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
      await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      await userEvent.type(within(card).getByLabelText('Post text'), ' Edited before connecting.');
      await userEvent.click(within(await within(card).findByTestId('connect-note')).getByRole('button', { name: 'Connect LinkedIn' }));

      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth'));
      const order = api.calls.filter((c) => c.method !== 'GET' || c.path === '/api/linkedin/auth-url').map((c) => `${c.method} ${c.path}`);
      expect(order).toEqual(['PUT /api/content/d1/edit', 'GET /api/linkedin/auth-url']);
      expect(api.callsTo('PUT', '/api/content/d1/edit')[0].body).toMatchObject({ editedContent: 'Hook two\n\nThe final text. Edited before connecting.' });
    } finally {
      assign.mockRestore();
    }
  });

  it('when the edit cannot be saved before connecting, then "Failed to save edits" shows and the page stays, edit kept', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    try {
      const { api } = renderSignedIn('/content-management', {
        'GET /api/content': () => ({ body: { content: [draft()] } }),
        'PUT /api/content/d1/edit': () => ({ status: 500 }),
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth', state: 's1' } }),
      });
      const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
      await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      await userEvent.type(within(card).getByLabelText('Post text'), ' Edited.');
      await userEvent.click(within(await within(card).findByTestId('connect-note')).getByRole('button', { name: 'Connect LinkedIn' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save edits');
      expect(api.callsTo('GET', '/api/linkedin/auth-url')).toHaveLength(0);
      expect(assign).not.toHaveBeenCalled();
      expect(within(card).getByLabelText('Post text')).toHaveValue('Hook two\n\nThe final text. Edited.');
      expect(within(card).getByRole('button', { name: 'Connect LinkedIn' })).toBeEnabled();
    } finally {
      assign.mockRestore();
    }
  });

  it('when a scheduled post went back to draft because the connection expired, then the card says why once and Reconnect LinkedIn goes to LinkedIn and back to this list', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const reason = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';
    try {
      renderSignedIn('/content-management?status=draft', {
        'GET /api/content': () => ({ body: { content: [{ ...draft(), lastPublishError: reason }] } }),
        'GET /api/linkedin/profile': () => ({ body: connectedProfile({ expiresAt: '2026-03-01T10:00:00.000Z', reconnectSoon: true, expired: true }) }),
        'GET /api/linkedin/auth-url': () => ({ body: { authURL: 'https://sandbox.example/oauth/v2/authorization?state=s3', state: 's3' } }),
      });
      const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
      expect(within(card).getByTestId('publish-problem')).toHaveTextContent(`Publishing failed${reason}`);
      // the problem above already says it: the note keeps just the action
      const note = await within(card).findByTestId('connect-note');
      expect(note).toHaveTextContent(/^Reconnect LinkedIn$/);
      expect(within(card).getAllByText(/connection has expired/)).toHaveLength(1);
      expect(within(card).getByRole('button', { name: 'Publish' })).toBeDisabled();
      expect(await seriousViolations()).toEqual([]);

      await userEvent.click(within(note).getByRole('button', { name: 'Reconnect LinkedIn' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/oauth/v2/authorization?state=s3'));
      expect(window.sessionStorage.getItem('postwright.linkedinReturnTo')).toBe('/content-management?status=draft');
    } finally {
      assign.mockRestore();
    }
  });

  it('when the connection expired after a post failed for another reason, then the card shows that reason and the note still says the connection expired', async () => {
    const reason = "LinkedIn's posting limit was reached, so the post was not published.";
    renderSignedIn('/content-management?status=draft', {
      'GET /api/content': () => ({ body: { content: [{ ...draft(), lastPublishError: reason }] } }),
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({ expiresAt: '2026-03-01T10:00:00.000Z', reconnectSoon: true, expired: true }) }),
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    expect(within(card).getByTestId('publish-problem')).toHaveTextContent(`Publishing failed${reason}`);
    const note = await within(card).findByTestId('connect-note');
    expect(note).toHaveTextContent('Your LinkedIn connection has expired. Reconnect LinkedIn to publish or schedule this post.');
    expect(within(note).getByRole('button', { name: 'Reconnect LinkedIn' })).toBeEnabled();
  });

  it('when a publish is refused because LinkedIn is not connected, then the Connect LinkedIn offer says why, once', async () => {
    renderSignedIn('/content-management', {
      'GET /api/content': () => ({ body: { content: [draft()] } }),
      'GET /api/linkedin/profile': () => ({ status: 502 }), // the check failed: the member may try
      'POST /api/linkedin/post': () => ({ status: 409, body: { error: 'LinkedIn account not connected. Please connect your LinkedIn account first.', code: 'LINKEDIN.CONNECTION_REQUIRED' } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Quarterly planning in one page' });
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    await answerDialog('Publish to LinkedIn?', 'Are you sure you want to publish this content to LinkedIn?', 'Publish');
    expect(await within(card).findByTestId('connect-note')).toHaveTextContent('Connect your LinkedIn account to publish or schedule this post.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Connect LinkedIn' })).toBeEnabled();
  });
});

describe('content management: engagement a LinkedIn app cannot give', () => {
  const SHARE_APP_REASON =
    "Likes, comments, reposts and views are not shown here: LinkedIn shares them only with apps it has approved for its Community Management API, and this Postwright connects through Share on LinkedIn. Your posts publish as usual; LinkedIn shows their figures under each post.";
  const shareApp = (items: ContentItem[]) => ({
    'GET /api/content': () => ({ body: { content: items } }),
    'GET /api/linkedin/profile': () => ({ body: connectedProfile({ engagement: { available: false, reason: SHARE_APP_REASON } }) }),
  });

  it('when the connection cannot give engagement and posts are published, then the list says why where the figures would be', async () => {
    renderSignedIn('/content-management', shareApp([published(), draft()]));
    const note = await screen.findByText(SHARE_APP_REASON);
    expect(note.closest('[role="status"]')).toHaveTextContent('Likes, comments, reposts and views');
  });

  it('when engagement is available, then the figures show and no note', async () => {
    const { api } = renderSignedIn('/content-management', {
      'GET /api/content': () => ({ body: { content: [published()] } }),
      'GET /api/linkedin/profile': () => ({ body: connectedProfile({ engagement: { available: true, reason: null } }) }),
    });
    expect(await screen.findByLabelText('Engagement')).toHaveTextContent('1,450');
    await waitFor(() => expect(api.callsTo('GET', '/api/linkedin/profile')).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByText(/Community Management API/)).not.toBeInTheDocument();
  });
});
