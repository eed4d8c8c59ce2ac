/**
 * The generator's smaller defects from the second hands-on review (the writer's day): each type
 * keeps its own form, a refusal for want of LinkedIn is said once, Cancel agrees with what the
 * server kept, a type card takes the first click, and the preview's author line.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECONNECT_REQUIRED_MESSAGE } from '@postwright/contracts';
import { readWorkspace } from '../src/lib/workspace-storage';
import { resetLinkedInConnection } from '../src/lib/use-linkedin-connection';
import { contentStore } from './support/content-store';
import { chooseType, details, experienceLabels, fillDetails, generateDraft, topicLabels } from './support/generator-steps';
import { buildItem, connectedProfile, renderSignedIn } from './support/screens';

beforeEach(() => resetLinkedInConnection());

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
    const first = renderSignedIn('/content', store.handlers);
    await generateDraft('story', { topic: 'The week we almost missed payroll' });

    await chooseType('insight');
    await waitFor(() => expect(first.app.location().search).toBe('?type=insight'));
    expect(screen.getByLabelText(topicLabels.insight)).toHaveValue('');
    expect(screen.getByLabelText('Industry/Role')).toHaveValue('');
    expect(readWorkspace(first.user.id).types.insight?.form?.topic ?? '').toBe('');

    cleanup();
    renderSignedIn('/content?type=insight', store.handlers);
    expect(await screen.findByLabelText(topicLabels.insight)).toHaveValue('');
    expect(screen.getByLabelText(experienceLabels.insight)).toHaveValue('');
  });

  it('when the address names a new type while a draft of another is open, then that type starts empty', async () => {
    const store = contentStore();
    const { app } = renderSignedIn('/content', store.handlers);
    await generateDraft('story', { topic: 'The week we almost missed payroll' });
    // an address followed to another type (a link, the browser's history)
    await act(() => app.router.navigate('/content?type=learning'));
    expect(await screen.findByLabelText(topicLabels.learning)).toHaveValue('');
    expect(screen.getByLabelText(experienceLabels.learning)).toHaveValue('');
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
