import { Types } from 'mongoose';
import { http } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start } from '../src/server';
import { rowsCache } from '../src/modules/insights/insights.rows-cache';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { fileStack } from './support/file-stack';
import type { Stack } from './support/stack';
import { drained, figures, getInsights, items, publishedPost, rows } from './insights.support';

/** Posts published before the insights kept rows: a member's rows are made from their items once, on their first read. */
describe('insights rows rebuilt from a member\'s published items', () => {
  let stack: Stack;
  let probe: EventProbe;

  fileStack([], (started) => {
    ({ stack, probe } = started);
  });

  /** rows deleted behind the service's back: the copies its reads keep are dropped as a change would */
  const copiesDropped = (userId: string) => rowsCache(stack.content.ctx.redis, stack.content.ctx.keyPrefix).changed([userId]);

  test('when a member with posts but no rows reads their insights, then the rows are made from the live published items, figures included, once', async () => {
    const member = await stack.user({ tier: 'premium' });
    const measured = await publishedPost(stack, member, { contentType: 'framework', hookStyle: 'story' });
    const unmeasured = await publishedPost(stack, member, { contentType: 'insight' });
    const deleting = await publishedPost(stack, member, { contentType: 'learning' });
    await stack.draft(member);
    await figures(probe, member, measured, { likes: 12, comments: 4, impressions: 300 });
    await drained(probe);
    // as before rows were kept: none for this member, and one item hidden while its delete is announced
    await rows(stack).deleteMany({ userId: member.id });
    await items(stack).updateOne({ _id: new Types.ObjectId(deleting) }, { $set: { deletedAt: new Date() } });

    const [first, same] = await Promise.all([getInsights(stack, member), getInsights(stack, member)]);

    expect({ ...first, from: null, to: null }).toEqual({ ...same, from: null, to: null });
    expect(first).toMatchObject({ posts: 2, measured: 1 });
    expect(first.byType.find((g) => g.contentType === 'framework')).toMatchObject({ posts: 1, measured: 1, medianReactions: 12, medianComments: 4, medianImpressions: 300 });
    expect(first.byHookStyle.find((g) => g.hookStyle === 'story')).toMatchObject({ posts: 1 });
    expect((await rows(stack).find({ userId: member.id }).toArray()).map((r) => r._id).sort()).toEqual([measured, unmeasured].sort());
    expect(await stack.content.ctx.mongo.collection('insight_members').countDocuments({ _id: member.id as never })).toBe(1);

    // once: a row lost afterwards (with the copies reads keep of it) is not made again by a read
    await rows(stack).deleteOne({ _id: unmeasured });
    await copiesDropped(member.id);
    expect(await getInsights(stack, member)).toMatchObject({ posts: 1 });
  });

  test('when another service process reads a member rebuilt before, then it does not rebuild (the mark is stored, not only remembered)', async () => {
    const member = await stack.user({ tier: 'premium' });
    const id = await publishedPost(stack, member);
    expect(await getInsights(stack, member)).toMatchObject({ posts: 1 });
    await rows(stack).deleteOne({ _id: id });
    await copiesDropped(member.id);

    const another = await start(readConfig(stack.env({ OPENAI_API_KEY: '' })));
    try {
      const res = await http(another.url, 'GET', '/api/insights', { token: member.token });
      expect(res.body).toMatchObject({ posts: 0 });
    } finally {
      await another.stop();
    }
  });
});
