/**
 * One rule for publishing on both screens: Publish asks first in the app's dialog, showing the
 * post's first lines and its length against LinkedIn's limit and the 1,300-1,600 guidance;
 * Cancel sends nothing. A post over LinkedIn's 3,000 characters (as written or as sent) is
 * neither published nor scheduled, and the note says why in the LinkedIn service's words.
 */
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { postTextOf, type ContentItem } from '@postwright/contracts';
import { PublishFlow, type PublishFlowProps, type PublishNotice } from '../src/components/publishing/publish-flow';
import { noticeOutlived } from '../src/components/publishing/publish-messages';
import { foldPost } from '../src/components/content/post-fold';
import { lengthSummary, overLimitMessage } from '../src/components/content/post-length';
import { seriousViolations } from './support/axe';
import { fakeApi } from './support/fake-api';
import { renderComponent } from './support/render-component';
import { buildItem, connectedProfile } from './support/screens';

const HOOK = 'Three questions cut our roadmap from 40 initiatives to 12.';

const draftWith = (body: string) => buildItem({ id: 'd1', topic: 'Saying no', selectedHook: HOOK, finalContent: `${HOOK}\n\n${body}`, generatedContent: body });

/** A screen using the flow: the notice and the item's status shown as the screens show them. */
function Screen({ initial, ...props }: { initial: ContentItem } & Partial<PublishFlowProps>) {
  const [item, setItem] = useState(initial);
  const [notice, setNotice] = useState<PublishNotice | null>(null);
  const text = postTextOf(item);
  return (
    <main>
      {notice ? <div data-testid="notice">{notice.text}</div> : null}
      <p data-testid="item-status">{item.status}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap' }}>
        <PublishFlow
          item={item}
          hook={item.selectedHook}
          text={text}
          dirty={false}
          save={async () => item}
          onItemChange={setItem}
          onNotice={setNotice}
          returnTo="/content?draft=d1"
          publishLabel="Publish to LinkedIn"
          {...props}
        />
      </div>
    </main>
  );
}

function serve() {
  return fakeApi({
    'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
    'GET /api/calendar/settings': () => ({ body: { minimumLeadSeconds: 3600 } }),
    'GET /api/calendar/suggestions': () => ({ body: { contentType: 'framework', day: 'Wednesday', slots: [] } }),
    'POST /api/linkedin/post': (call) => ({
      body: { linkedinPost: { id: 'urn:li:share:9', url: 'https://sandbox.example/p/9' }, content: { ...draftWith('x'), status: 'published', finalContent: (call.body as { text: string }).text } },
    }),
    'POST /api/calendar/schedule': (call) => {
      const at = (call.body as { scheduledFor: string }).scheduledFor;
      return { status: 201, body: { schedule: { contentId: 'd1', scheduledFor: at }, content: { ...draftWith('x'), status: 'scheduled', scheduledFor: at } } };
    },
  });
}

const screens = [
  ['the generator', {}, 'Publish to LinkedIn'],
  ['content management', { managementWords: true, publishLabel: 'Publish' }, 'Publish'],
] as const;

describe('publishing: one rule on both screens', () => {
  it.each(screens)('in %s, Publish asks first with the first lines and the length; Cancel sends nothing', async (_screen, props, label) => {
    const body = `${'Saying no is a skill. '.repeat(65).trim()}`;
    const api = serve();
    const item = draftWith(body);
    renderComponent(<Screen initial={item} {...props} />);
    await userEvent.click(await screen.findByRole('button', { name: label }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish to LinkedIn?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to publish this content to LinkedIn?');
    const text = postTextOf(item);
    expect(within(dialog).getByTestId('publish-opening').textContent).toBe(`${foldPost(text).visible}...`);
    expect(within(dialog).getByTestId('publish-opening')).toHaveTextContent(HOOK);
    expect(within(dialog).getByTestId('publish-length')).toHaveTextContent(
      `${text.length.toLocaleString('en-US')} characters: within LinkedIn's limit of 3,000, within the optimal 1,300-1,600.`,
    );
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/linkedin/post')).toHaveLength(0);
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
  });

  it.each(screens)('in %s, a post over LinkedIn’s 3,000 characters can be neither published nor scheduled, and the note says by how much', async (_screen, props, label) => {
    const api = serve();
    const item = draftWith('b'.repeat(3500 - HOOK.length - 2));
    renderComponent(<Screen initial={item} {...props} />);
    const publish = await screen.findByRole('button', { name: label });
    expect(publish).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByTestId('publish-note')).toHaveTextContent('The post is 3,500 characters long; LinkedIn allows at most 3,000.');
    expect(publish).toHaveAccessibleDescription('The post is 3,500 characters long; LinkedIn allows at most 3,000.');
    await userEvent.click(publish);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('when the text fits as written but not as LinkedIn receives it, then the note says so in the service’s words', async () => {
    serve();
    renderComponent(<Screen initial={draftWith('(a) '.repeat(700))} />);
    expect(await screen.findByTestId('publish-note')).toHaveTextContent(/^The post is 4,\d{3} characters long as LinkedIn receives it/);
    expect(screen.getByRole('button', { name: 'Publish to LinkedIn' })).toBeDisabled();
  });
});

describe('publishing: the words of the length', () => {
  it.each([
    [1000, "1,000 characters: within LinkedIn's limit of 3,000, shorter than the optimal 1,300-1,600."],
    [1300, "1,300 characters: within LinkedIn's limit of 3,000, within the optimal 1,300-1,600."],
    [2200, "2,200 characters: within LinkedIn's limit of 3,000, longer than the optimal 1,300-1,600."],
  ])('a post of %i characters reads "%s"', (length, words) => {
    expect(lengthSummary('a'.repeat(length))).toBe(words);
  });

  it('the editor says what is over and by how much, and nothing when it fits', () => {
    expect(overLimitMessage('a'.repeat(3000))).toBeNull();
    expect(overLimitMessage('a'.repeat(3500))).toBe(
      "This post is 3,500 characters, 500 over LinkedIn's limit of 3,000. It is kept as a draft; shorten it by 500 characters to publish or schedule it.",
    );
  });

  it('the first lines stop at the third line or about 210 characters, on a word', () => {
    expect(foldPost('One\ntwo\nthree\nfour')).toEqual({ visible: 'One\ntwo\nthree', folded: true });
    expect(foldPost('Short post.')).toEqual({ visible: 'Short post.', folded: false });
    const long = foldPost(`${'word '.repeat(60)}`);
    expect(long.folded).toBe(true);
    expect(long.visible.length).toBeLessThanOrEqual(210);
    expect(long.visible.endsWith('word')).toBe(true);
  });
});

describe('rescheduling says so', () => {
  it('when a scheduled post is given a new time, then the button reads "Confirm new time" and the notice "Content rescheduled successfully!"', async () => {
    const api = serve();
    renderComponent(<Screen initial={{ ...draftWith('A body.'), status: 'scheduled', scheduledFor: '2030-03-04T08:30:00.000Z' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm new time' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Content rescheduled successfully!');
    expect(api.callsTo('POST', '/api/calendar/schedule')).toHaveLength(1);
  });
});

describe('a success notice does not outlive what it announced', () => {
  const notice: PublishNotice = { tone: 'success', text: 'Content scheduled successfully!', about: { id: 'd1', status: 'scheduled' } };

  it('stands while the item is as announced, goes when it is not (failed back to draft, or deleted)', () => {
    expect(noticeOutlived(notice, [{ id: 'd1', status: 'scheduled' }])).toBe(false);
    expect(noticeOutlived(notice, [{ id: 'd1', status: 'draft' }])).toBe(true);
    expect(noticeOutlived(notice, [{ id: 'other', status: 'scheduled' }])).toBe(true);
    // not known yet, or a notice about nothing in particular (a failure): it stands
    expect(noticeOutlived(notice, null)).toBe(false);
    expect(noticeOutlived({ tone: 'danger', text: 'Failed to publish to LinkedIn' }, [])).toBe(false);
  });
});
