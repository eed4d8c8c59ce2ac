/**
 * The generator on a scheduled post: its hook and body are edited and autosaved as a draft's are,
 * and it stays scheduled at its time; its form is for a new post, so it is not saved onto it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentItem, EditRequest } from '@postwright/contracts';
import { contentStore } from './support/content-store';
import { payrollPost, renderSignedIn } from './support/screens';


const AT = '2030-03-04T08:30:00.000Z';
function scheduledPost(overrides: Partial<ContentItem> = {}) {
  return payrollPost({
    finalContent: 'Hook four\n\nTwo days before payrol.',
    status: 'scheduled',
    scheduledFor: AT,
    ...overrides,
  });
}

const hookRadio = (name: string) => screen.getByRole('radio', { name: new RegExp(name) });

describe('the generator on a scheduled post', () => {
  it('when its hook and body are changed, then they autosave and the post stays scheduled at its time; the form is not saved onto it', async () => {
    const store = contentStore({ items: [scheduledPost()] });
    const { api } = renderSignedIn('/content?draft=d1', store.handlers);
    await waitFor(() => expect(hookRadio('Hook four')).toBeChecked());
    const body = screen.getByLabelText('Post body');
    expect(body).not.toHaveAttribute('readonly');
    expect(hookRadio('Hook two')).toBeEnabled();
    // no Undo on a scheduled post, and no Save as Draft: it is saved as it is typed
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument();

    await userEvent.click(hookRadio('Hook two'));
    await userEvent.clear(body);
    await userEvent.type(body, 'Two days before payroll.');

    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'saved'), { timeout: 5_000 });
    const sent = api.callsTo('PUT', '/api/content/d1/edit').map((c) => c.body as EditRequest);
    expect(sent.at(-1)).toEqual({ editedContent: 'Hook two\n\nTwo days before payroll.', saveAsDraft: true, selectedHook: 'Hook two' });
    expect(store.get('d1')).toMatchObject({ status: 'scheduled', scheduledFor: AT, selectedHook: 'Hook two', finalContent: 'Hook two\n\nTwo days before payroll.', topic: 'The week we almost missed payroll' });
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it('when the post goes out within a minute, then the autosave says why it was not saved and does not retry', async () => {
    const refusal = 'This post goes out in less than a minute, so it can no longer be edited.';
    const store = contentStore({ items: [scheduledPost()] });
    const { api } = renderSignedIn('/content?draft=d1', {
      ...store.handlers,
      'PUT /api/content/d1/edit': () => ({ status: 409, body: { error: refusal, code: 'CONTENT.PUBLISHING_SOON', details: { status: 'scheduled', scheduledFor: AT } } }),
    });
    await waitFor(() => expect(hookRadio('Hook four')).toBeChecked());
    await userEvent.type(screen.getByLabelText('Post body'), ' Late fix.');

    expect(await screen.findByText(`Not saved: ${refusal}`, undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'error');
    expect(api.callsTo('PUT', '/api/content/d1/edit')).toHaveLength(1);
  });

  it('when the post is published, then its hook and body stay read-only', async () => {
    const store = contentStore({ items: [scheduledPost({ status: 'published', scheduledFor: null, publishedAt: '2026-03-05T10:00:00.000Z', linkedinPostId: 'urn:li:share:9' })] });
    renderSignedIn('/content?draft=d1', store.handlers);
    await waitFor(() => expect(hookRadio('Hook four')).toBeChecked());
    expect(hookRadio('Hook two')).toBeDisabled();
    expect(screen.getByLabelText('Post body')).toHaveAttribute('readonly');
    expect(screen.queryByTestId('save-status')).not.toBeInTheDocument();
  });
});
