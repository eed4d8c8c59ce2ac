/**
 * Switching the content type while a generation runs (issue #18): the request is aborted and
 * its answer, should it still come, never lands on the other type.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { resetLinkedInConnection } from '../src/lib/use-linkedin-connection';
import { contentStore } from './support/content-store';
import { chooseType, fillDetails, pressGenerate, topicLabels } from './support/generator-steps';
import { gate, renderSignedIn } from './support/screens';

beforeEach(() => resetLinkedInConnection());

describe('type switch mid-generation', () => {
  it('when the type changes while the Framework post is being written, then it is aborted and its late answer is dropped', async () => {
    const answer = gate();
    const store = contentStore({ beforeGenerate: () => answer.promise });
    const { api, app } = renderSignedIn('/content', store.handlers);
    await chooseType('framework');
    await fillDetails('framework');
    await pressGenerate();
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();

    await chooseType('controversial');
    expect(screen.getByRole('radio', { name: /^Contrarian Take/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Generate Content' })).toBeEnabled();
    // the request was aborted
    const generateCall = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/content/generate'))!;
    expect((generateCall[1] as RequestInit).signal?.aborted).toBe(true);

    // the server answers anyway (the fake ignores the abort): nothing of it shows
    await act(async () => answer.open());
    await waitFor(() => expect(store.generations).toBe(1));
    expect(screen.queryByRole('group', { name: 'Hooks' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No content to post' })).toBeInTheDocument();
    expect(screen.getByLabelText(topicLabels.controversial)).toBeInTheDocument();
    expect(app.location().search).toBe('?type=controversial');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
