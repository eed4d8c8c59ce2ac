/**
 * The generator's hooks: each says its style in a plain word, and the five are offered best first
 * by the member's own results (GET /api/insights' recommendations.hookOrder), with the reason
 * above them. The order is settled when the post arrives and never moves under the member.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ContentItem } from '@postwright/contracts';
import { orderHooks, useHookOrder } from '../src/features/content/hooks/use-hook-order';
import { useInsights } from '../src/lib/insights-query';
import { seriousViolations } from './support/axe';
import { fakeApi } from './support/fake-api';
import { renderComponent } from './support/render-component';
import { contentStore } from './support/content-store';
import { generateDraft } from './support/generator-steps';
import { buildInsights, emptyInsights } from './support/insights';
import { buildItem, gate, payrollPost, renderSignedIn } from './support/screens';

const ORDERED = 'Ordered by your results: your question hooks earn the most comments.';
/** the hooks as the group shows them, top to bottom, with their labels */
const shownHooks = (group: HTMLElement) => within(group).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);
const hookTexts = (group: HTMLElement) => within(group).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
const written = (take = 1) => [1, 2, 3, 4, 5].map((n) => `framework hook ${n} (take ${take})`);

describe('the generator\'s hooks: styles and order', () => {
  it('when a post arrives, then each hook shows its style as a plain word that is part of its name', async () => {
    const store = contentStore();
    renderSignedIn('/content', { ...store.handlers, 'GET /api/insights': () => ({ body: emptyInsights() }) });

    const group = await generateDraft('framework');

    expect(within(group).getAllByTestId('hook-style').map((label) => label.textContent)).toEqual(['Style: Claim', 'Style: Question', 'Style: Number', 'Style: Story', 'Style: Contrast']);
    expect(within(group).getByRole('radio', { name: 'framework hook 2 (take 1) Style: Question' })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('when a hook\'s style is unknown (a post from before styles), then it shows no label', async () => {
    const store = contentStore({ items: [payrollPost({ hookStyles: ['unknown', 'unknown', 'unknown', 'unknown', 'unknown'], selectedHookStyle: 'unknown' })] });
    renderSignedIn('/content?draft=d1', { ...store.handlers, 'GET /api/insights': () => ({ body: buildInsights() }) });

    const group = await screen.findByRole('group', { name: 'Hooks' });

    expect(within(group).queryAllByTestId('hook-style')).toEqual([]);
    expect(hookTexts(group)).toEqual(['Hook one', 'Hook two', 'Hook three', 'Hook four', 'Hook five']);
    expect(screen.queryByText(/Ordered by your results/)).not.toBeInTheDocument();
  });

  it('when the member\'s results give an order, then a new post\'s hooks come best style first, with the reason above them', async () => {
    const store = contentStore();
    const { api } = renderSignedIn('/content', { ...store.handlers, 'GET /api/insights': () => ({ body: buildInsights() }) });

    const group = await generateDraft('framework');

    // question, story, number, contrast, claim
    const [claim, question, number, story, contrast] = written();
    expect(hookTexts(group)).toEqual([question, story, number, contrast, claim]);
    expect(shownHooks(group)[0]).toBe(`1${question}Style: Question`);
    expect(within(group).getByText(ORDERED)).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(ORDERED);
    expect(api.callsTo('GET', '/api/insights')).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it('when the member chooses a hook and edits the post, then nothing moves and the chosen hook stays chosen', async () => {
    const store = contentStore();
    renderSignedIn('/content', { ...store.handlers, 'GET /api/insights': () => ({ body: buildInsights() }) });
    const group = await generateDraft('framework');
    const order = hookTexts(group);

    await userEvent.click(within(group).getByRole('radio', { name: /framework hook 3/ }));
    await userEvent.type(screen.getByLabelText('Post body'), ' More.');
    // the autosave's answer replaces the item on screen
    await waitFor(() => expect(store.get('d1')?.selectedHook).toBe('framework hook 3 (take 1)'));

    expect(hookTexts(screen.getByRole('group', { name: 'Hooks' }))).toEqual(order);
    expect(within(screen.getByRole('group', { name: 'Hooks' })).getByRole('radio', { name: /framework hook 3/ })).toBeChecked();
    expect(store.get('d1')?.selectedHookStyle).toBe('number');
  });

  it('when a saved draft is opened once the results are known, then it is ordered and its chosen hook stays the one chosen', async () => {
    const store = contentStore({ items: [payrollPost({ id: 'd9' })], ids: ['d1'] });
    const { app } = renderSignedIn('/content', { ...store.handlers, 'GET /api/insights': () => ({ body: buildInsights() }) });
    await generateDraft('framework');
    expect(screen.getByText(ORDERED)).toBeInTheDocument();

    await act(() => app.router.navigate('/content?draft=d9'));

    await waitFor(() => expect(hookTexts(screen.getByRole('group', { name: 'Hooks' }))).toEqual(['Hook two', 'Hook four', 'Hook three', 'Hook five', 'Hook one']));
    const group = screen.getByRole('group', { name: 'Hooks' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: /^Hook four/ })).toBeChecked());
    expect(within(group).getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('when the results give no order, then the hooks stay as written, with no reason', async () => {
    const store = contentStore();
    renderSignedIn('/content', { ...store.handlers, 'GET /api/insights': () => ({ body: emptyInsights() }) });

    const group = await generateDraft('framework');

    expect(hookTexts(group)).toEqual(written());
    expect(screen.queryByText(/Ordered by your results/)).not.toBeInTheDocument();
    expect(group).not.toHaveAttribute('aria-describedby');
  });

  it('when the results cannot be read (no insights yet: 404), then the hooks stay as written, with no reason', async () => {
    const store = contentStore();
    renderSignedIn('/content', store.handlers);

    const group = await generateDraft('framework');

    expect(hookTexts(group)).toEqual(written());
    expect(screen.queryByText(/Ordered by your results/)).not.toBeInTheDocument();
  });
});

/** The order alone, beside what the member's insights query holds; "Next" puts the next item on screen. */
function HookOrderProbe({ items }: { items: ContentItem[] }) {
  const [shown, setShown] = useState(0);
  const { options, reason } = useHookOrder(items[shown]);
  const insights = useInsights();
  return (
    <>
      <button type="button" onClick={() => setShown((n) => n + 1)}>
        Next
      </button>
      <p data-testid="insights">{insights.data ? 'known' : insights.isError ? 'failed' : 'asking'}</p>
      <ol aria-label="Hooks">
        {options.map((option) => (
          <li key={option.text}>{option.text}</li>
        ))}
      </ol>
      <p data-testid="reason">{reason}</p>
    </>
  );
}

const listed = () => within(screen.getByRole('list', { name: 'Hooks' })).getAllByRole('listitem').map((li) => li.textContent);

describe('useHookOrder', () => {
  it('when the results arrive after the post, then the hooks already shown do not move; the next post is ordered', async () => {
    const late = gate();
    fakeApi({
      'GET /api/insights': async () => {
        await late.promise;
        return { body: buildInsights() };
      },
    });
    const first = buildItem({ id: 'd1' });
    const saved = { ...first, selectedHook: 'Hook three', updatedAt: '2026-03-05T10:00:00.000Z' };
    const again = { ...first, hooks: ['A', 'B', 'C', 'D', 'E'] };
    renderComponent(<HookOrderProbe items={[first, saved, again]} />);
    expect(listed()).toEqual(first.hooks);

    late.open();
    await waitFor(() => expect(screen.getByTestId('insights')).toHaveTextContent('known'));

    expect(listed()).toEqual(first.hooks);
    expect(screen.getByTestId('reason')).toBeEmptyDOMElement();
    // the same post, saved (a new updatedAt, a chosen hook): still as it was
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(listed()).toEqual(first.hooks);
    // another post (Generate again): ordered by the results now known
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(listed()).toEqual(['B', 'D', 'C', 'E', 'A']);
    expect(screen.getByTestId('reason')).toHaveTextContent(ORDERED);
  });

  it('when a published post is opened, then its hooks stay as written (a draft\'s are ordered)', async () => {
    fakeApi({ 'GET /api/insights': () => ({ body: buildInsights() }) });
    const published = buildItem({ id: 'p1', status: 'published', publishedAt: '2026-03-05T10:00:00.000Z' });
    renderComponent(<HookOrderProbe items={[buildItem({ id: 'd2' }), published, buildItem({ id: 'd3' })]} />);
    await waitFor(() => expect(screen.getByTestId('insights')).toHaveTextContent('known'));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(listed()).toEqual(['Hook one', 'Hook two', 'Hook three', 'Hook four', 'Hook five']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(listed()).toEqual(['Hook two', 'Hook four', 'Hook three', 'Hook five', 'Hook one']);
  });
});

describe('orderHooks', () => {
  const order = { styles: ['question', 'story', 'number', 'contrast', 'claim'] as const, reason: 'Your question hooks earn the most comments.' };

  it('when hooks share a style or have one the order does not name, then they keep their written order, those last', () => {
    const item = { hooks: ['a', 'b', 'c', 'd', 'e'], hookStyles: ['unknown', 'story', 'question', 'story', 'claim'] as const };

    const { options, reason } = orderHooks({ hooks: item.hooks, hookStyles: [...item.hookStyles] }, { styles: [...order.styles], reason: order.reason });

    expect(options).toEqual([
      { text: 'c', style: 'question' },
      { text: 'b', style: 'story' },
      { text: 'd', style: 'story' },
      { text: 'e', style: 'claim' },
      { text: 'a', style: 'unknown' },
    ]);
    expect(reason).toBe(ORDERED);
  });

  it('when there is no order, or no hook has a style it names, then the hooks are as written with no reason', () => {
    const item = { hooks: ['a', 'b'], hookStyles: ['contrast' as const, 'claim' as const] };

    expect(orderHooks(item, null)).toEqual({ options: [{ text: 'a', style: 'contrast' }, { text: 'b', style: 'claim' }], reason: null });
    expect(orderHooks({ hooks: ['a', 'b'], hookStyles: ['unknown', 'unknown'] }, { styles: [...order.styles], reason: order.reason }).reason).toBeNull();
  });

  it('when the reason is not phrased about "your" hooks or has no full stop, then it still reads as one sentence after the lead', () => {
    expect(orderHooks({ hooks: ['a'], hookStyles: ['story'] }, { styles: ['story'], reason: 'Story hooks earned 2x the comments' }).reason).toBe('Ordered by your results: Story hooks earned 2x the comments.');
  });
});
