import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { topicLabels } from './support/generator-steps';
import { buildInsights } from './support/insights';
import { buildItem, renderSignedIn } from './support/screens';

const mix = { 'GET /api/content': () => ({ body: { content: [buildItem({ contentType: 'controversial' }), buildItem({ contentType: 'controversial' }), buildItem({ contentType: 'learning' })] } }) };

describe('dashboard: what to write next, from the member’s insights', () => {
  it('when the insights suggest a type, then its reason shows with a button that opens the generator on that type', async () => {
    const { app } = renderSignedIn('/dashboard', { ...mix, 'GET /api/insights': () => ({ body: buildInsights() }) });
    const card = await screen.findByRole('region', { name: 'What to write next' });
    expect(within(card).getByText('Relationship Builder')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Your insights' })).toHaveAttribute('href', '/insights');
    expect(within(card).getByTestId('next-type-reason')).toHaveTextContent('You have written no Relationship Builder lately: one in five posts should start conversations.');
    // one suggestion on the page: the mix card no longer names its own
    const funnel = screen.getByRole('region', { name: 'Your content mix' });
    expect(within(funnel).getByText(/Based on your 3 posts\./)).toBeInTheDocument();
    expect(funnel).not.toHaveTextContent('Next, write');
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(card).getByRole('link', { name: 'Write a Relationship Builder' }));
    expect(app.location().pathname).toBe('/content');
    expect(app.location().search).toBe('?type=learning');
    expect(await screen.findByLabelText(topicLabels.learning)).toBeInTheDocument();
  });

  it('when the insights cannot be read, then no card shows and the mix card suggests from the mix', async () => {
    const { api } = renderSignedIn('/dashboard', { ...mix, 'GET /api/insights': () => ({ status: 503, body: { error: 'Content service unavailable' } }) });
    const funnel = await screen.findByRole('region', { name: 'Your content mix' });
    expect(await within(funnel).findByRole('link', { name: 'Behind the Scenes' })).toHaveAttribute('href', '/content?type=story');
    expect(api.callsTo('GET', '/api/insights')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'What to write next' })).not.toBeInTheDocument();
  });
});
