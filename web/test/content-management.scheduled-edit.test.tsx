import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentItem, EditRequest } from '@postwright/contracts';
import { buildItem, connectedProfile, renderSignedIn } from './support/screens';

/** Content Management: a scheduled post is edited in place and keeps its time (a typo fixed without unscheduling). */
const AT = '2030-03-04T08:30:00.000Z';
const scheduled = (overrides: Partial<ContentItem> = {}) =>
  buildItem({
    id: 's1',
    topic: 'Why culture fit fails',
    contentType: 'controversial',
    status: 'scheduled',
    scheduledFor: AT,
    selectedHook: 'Hook one',
    finalContent: 'Hook one\n\nCulture fit is a proxy for familarity.',
    ...overrides,
  });

function list(items: ContentItem[]) {
  return {
    'GET /api/content': () => ({ body: { content: items } }),
    'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
  };
}

/** the service's answer to an edit of a scheduled post: the text changes, the status and time stay */
const keptScheduled = (call: { body: unknown }) => ({ body: { content: scheduled({ finalContent: (call.body as EditRequest).editedContent }) } });

describe('content management: editing a scheduled post', () => {
  it('a scheduled item offers Edit beside Publish Now, Reschedule, Unschedule and Delete', async () => {
    renderSignedIn('/content-management', list([scheduled()]));
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Publish Now', 'Reschedule', 'Unschedule', 'Delete']);
  });

  it('when a typo is fixed and saved, then the post stays scheduled at the same time with the fixed text', async () => {
    const { api } = renderSignedIn('/content-management', { ...list([scheduled()]), 'PUT /api/content/s1/edit': keptScheduled });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    const when = within(card).getByText(/Scheduled for/).textContent;
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));

    const editor = within(card).getByLabelText('Post text');
    expect(editor).toHaveValue('Hook one\n\nCulture fit is a proxy for familarity.');
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Save Changes', 'Cancel', 'Publish Now', 'Reschedule', 'Unschedule']);
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Hook one{enter}{enter}Culture fit is a proxy for familiarity.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(within(card).queryByLabelText('Post text')).not.toBeInTheDocument());
    expect(within(card).getByTestId('content-text')).toHaveTextContent('Culture fit is a proxy for familiarity.');
    expect(card).toHaveAttribute('data-status', 'scheduled');
    expect(within(card).getByText(/Scheduled for/).textContent).toBe(when);
    expect(api.callsTo('PUT', '/api/content/s1/edit').map((c) => c.body)).toEqual([{ editedContent: 'Hook one\n\nCulture fit is a proxy for familiarity.', saveAsDraft: true }]);
    // nothing else was asked: the schedule is untouched
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/content/s1/edit']);
  });

  it('when the post goes out within a minute, then the refusal says so and the editor keeps the text', async () => {
    const refusal = 'This post goes out in less than a minute, so it can no longer be edited.';
    renderSignedIn('/content-management', {
      ...list([scheduled()]),
      'PUT /api/content/s1/edit': () => ({ status: 409, body: { error: refusal, code: 'CONTENT.PUBLISHING_SOON', details: { status: 'scheduled', scheduledFor: AT } } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(card).getByLabelText('Post text'), ' Too late?');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(card).getByLabelText('Post text')).toHaveValue('Hook one\n\nCulture fit is a proxy for familarity. Too late?');
    expect(card).toHaveAttribute('data-status', 'scheduled');
  });

  it('when Reschedule is confirmed during an edit, then the edit is saved first, then the post is rescheduled', async () => {
    const later = '2030-03-05T08:30:00.000Z';
    const { api } = renderSignedIn('/content-management', {
      ...list([scheduled()]),
      'PUT /api/content/s1/edit': keptScheduled,
      'POST /api/calendar/schedule': (call) => {
        const at = (call.body as { scheduledFor: string }).scheduledFor;
        return { status: 201, body: { schedule: { contentId: 's1', scheduledFor: at }, content: scheduled({ finalContent: 'Hook one\n\nCulture fit is a proxy for familarity. Fixed.', scheduledFor: later }) } };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(card).getByLabelText('Post text'), ' Fixed.');
    await userEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule post' });
    // it opens on the current slot; its confirm button is worded by the dialog's own tests
    await userEvent.click(within(dialog).getByRole('button', { name: /^Confirm/ }));

    await waitFor(() => expect(api.callsTo('POST', '/api/calendar/schedule')).toHaveLength(1));
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/content/s1/edit', 'POST /api/calendar/schedule']);
    expect((api.callsTo('PUT', '/api/content/s1/edit')[0].body as EditRequest).editedContent).toBe('Hook one\n\nCulture fit is a proxy for familarity. Fixed.');
    await waitFor(() => expect(within(card).queryByLabelText('Post text')).not.toBeInTheDocument());
  });

  it('when Unschedule is confirmed during an edit, then the post is a draft and the editor keeps the unsaved text', async () => {
    renderSignedIn('/content-management', {
      ...list([scheduled()]),
      'DELETE /api/calendar/unschedule/s1': () => ({ body: { schedule: { contentId: 's1', scheduledFor: null }, content: scheduled({ status: 'draft', scheduledFor: null }) } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(card).getByLabelText('Post text'), ' Still typing.');
    await userEvent.click(within(card).getByRole('button', { name: 'Unschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unschedule post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unschedule' }));

    await waitFor(() => expect(card).toHaveAttribute('data-status', 'draft'));
    expect(within(card).getByLabelText('Post text')).toHaveValue('Hook one\n\nCulture fit is a proxy for familarity. Still typing.');
  });

  it('a published item offers no Edit', async () => {
    renderSignedIn('/content-management', list([scheduled({ status: 'published', scheduledFor: null, publishedAt: '2026-03-05T10:00:00.000Z', linkedinPostId: 'urn:li:share:7' })]));
    const card = await screen.findByRole('listitem', { name: 'Why culture fit fails' });
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
