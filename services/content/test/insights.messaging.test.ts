import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { postTextOf } from '@postwright/contracts';
import { eventually, http } from '@postwright/platform/src/testing';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { fileStack } from './support/file-stack';
import type { Stack, TestUser } from './support/stack';
import { drained, figures, getInsights, items, publishedPost, rows } from './insights.support';

/** The insights' rows follow the real events: a post published, measured (in any order) and deleted. */
describe('insights kept from linkedin.post.published, linkedin.engagement.updated and content.deleted', () => {
  let stack: Stack;
  let probe: EventProbe;
  let user: TestUser;

  fileStack(['content.deleted'], (started) => {
    ({ stack, probe, user } = started);
  });

  const row = (id: string) => rows(stack).findOne({ _id: id });
  /** a row LinkedIn gave no figures for: none stored */
  const unmeasured = (r: Record<string, unknown> | null) => r !== null && ['likes', 'comments', 'reposts', 'impressions', 'measuredAt'].every((k) => (r[k] ?? null) === null);

  test('when a scheduled post is published, measured twice out of order and deleted, then its row appears, keeps the newer figures and goes', async () => {
    // an author of this test alone: the answers count every post of theirs
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { contentType: 'framework' });
    await items(stack).updateOne({ _id: new Types.ObjectId(draft.id) }, { $set: { selectedHookStyle: 'number' } });
    const publishedAt = new Date(Date.now() - 3_600_000).toISOString();
    await probe.publish('linkedin.post.published', { requestId: randomUUID(), contentId: draft.id, userId: user.id, linkedinPostId: 'urn:li:share:ins1', url: 'https://www.linkedin.com/feed/update/urn:li:share:ins1', publishedAt });

    const created = await eventually(() => row(draft.id), (r) => r !== null);
    expect(created).toMatchObject({ userId: user.id, contentType: 'framework', hookStyle: 'number', publishedAt: new Date(publishedAt) });
    expect(unmeasured(created)).toBe(true);
    expect(created?.length).toBe(postTextOf(draft).length);
    expect(await getInsights(stack, user)).toMatchObject({ posts: 1, measured: 0 });

    // the newer reading is handled first, the older one arrives after it
    const now = Date.now();
    await figures(probe, user, draft.id, { likes: 30, comments: 7, reposts: 2, impressions: 900 }, new Date(now));
    await drained(probe);
    await figures(probe, user, draft.id, { likes: 3, comments: 1, reposts: 0, impressions: 50 }, new Date(now - 60_000));
    await drained(probe);

    expect(await row(draft.id)).toMatchObject({ likes: 30, comments: 7, reposts: 2, impressions: 900, measuredAt: new Date(now) });
    expect((await getInsights(stack, user)).byType.find((g) => g.contentType === 'framework')).toEqual({
      contentType: 'framework',
      posts: 1,
      measured: 1,
      medianReactions: 30,
      medianComments: 7,
      medianImpressions: 900,
      enough: false,
    });

    const res = await http(stack.content.url, 'DELETE', `/api/content/${draft.id}`, { token: user.token });
    expect(res.status).toBe(200);
    const deleted = await probe.waitFor('content.deleted', (p) => p.contentId === draft.id);
    await probe.handled({ service: 'content', name: 'insights-events' }, [deleted]);

    expect(await row(draft.id)).toBeNull();
    expect(await getInsights(stack, user)).toMatchObject({ posts: 0, measured: 0 });
  });

  test('when a post is published now through the internal report, then its row is there when the report is answered', async () => {
    const id = await publishedPost(stack, user, { contentType: 'insight', hookStyle: 'contrast' });
    const stored = await row(id);
    expect(stored).toMatchObject({ contentType: 'insight', hookStyle: 'contrast' });
    expect(unmeasured(stored)).toBe(true);
  });

  test('when an item from before hooks had styles is published, then its row reads unknown', async () => {
    const id = await publishedPost(stack, user);
    expect(await row(id)).toMatchObject({ hookStyle: 'unknown' });
  });

  test('when the same publication is reported again after its row was lost (a crash between the two writes), then the row is made again', async () => {
    const id = await publishedPost(stack, user, { contentType: 'learning' });
    await rows(stack).deleteOne({ _id: id });
    const item = await stack.stored(id);

    await probe.publish('linkedin.post.published', { requestId: null, contentId: id, userId: user.id, linkedinPostId: item!.linkedinPostId, url: item!.linkedinPostUrl, publishedAt: item!.publishedAt.toISOString() });
    await drained(probe);

    expect(await row(id)).toMatchObject({ contentType: 'learning', publishedAt: item!.publishedAt });
  });

  test('when figures arrive for another member\'s post or an unknown one, then no row changes and the consumer carries on', async () => {
    const id = await publishedPost(stack, user);
    const stranger = await stack.user({ tier: 'premium' });
    await figures(probe, stranger, id, { likes: 99, comments: 99 });
    await figures(probe, user, new Types.ObjectId().toHexString(), { likes: 5 });
    await drained(probe);

    expect(unmeasured(await row(id))).toBe(true);
    expect(await rows(stack).countDocuments({ userId: stranger.id })).toBe(0);
  });

  test('when a publication fails, then no row is made', async () => {
    const draft = await stack.draft(user);
    await probe.publish('linkedin.post.failed', { requestId: null, contentId: draft.id, userId: user.id, reason: 'LinkedIn rejected the text.', unconfirmed: false, retryable: false });
    await drained(probe);
    expect(await row(draft.id)).toBeNull();
  });
});
