/**
 * Switching the content type while a generation runs: the request is aborted and
 * its answer, should it still come, never lands on the other type. The same for a draft still
 * being read when another type is chosen.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { contentStore } from './support/content-store';
import type { FakeCall } from './support/fake-api';
import { chooseType, fillDetails, pressGenerate, topicLabels } from './support/generator-steps';
import { buildItem, gate, renderSignedIn } from './support/screens';


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

  it('when another type is chosen while a draft is still being read, then the draft arriving late does not take the page back', async () => {
    const read = gate();
    const store = contentStore({ items: [buildItem({ id: 'd1', contentType: 'story', topic: 'The week we almost missed payroll' })] });
    const handlers = {
      ...store.handlers,
      'GET /api/content/d1': async (call: FakeCall) => {
        await read.promise;
        return store.handlers['GET /api/content/d1'](call);
      },
    };
    const { api, app } = renderSignedIn('/content?draft=d1', handlers);
    await waitFor(() => expect(api.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/content/d1'))).toBe(true));

    await chooseType('framework');
    expect(screen.getByRole('radio', { name: /^Framework/ })).toBeChecked();
    await waitFor(() => expect(app.location().search).toBe('?type=framework'));

    // the server answers the draft read anyway: the page stays where the user went
    await act(async () => read.open());
    expect(screen.getByRole('radio', { name: /^Framework/ })).toBeChecked();
    expect(screen.getByLabelText(topicLabels.framework)).toHaveValue('');
    expect(app.location().search).toBe('?type=framework');
  });
});
