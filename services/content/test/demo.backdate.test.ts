import { Types } from 'mongoose';
import type { InsightsResponse } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { backdatePublished } from '../src/cli/backdate-published';
import { fileStack } from './support/file-stack';
import { publishedReport, type Stack, type TestUser } from './support/stack';

const DAY = 86_400_000;

/**
 * The demo's backdating (cli/backdate-published.ts, run by `npm run seed:demo`): a member's just
 * published posts get earlier publication times, on the item and on its insights row.
 */
describe('backdating published posts (CLI)', () => {
  let stack: Stack;
  let user: TestUser;

  fileStack([], (started) => {
    ({ stack, user } = started);
  });

  const published = async (owner: TestUser) => {
    const item = await stack.draft(owner, { topic: `Backdating ${new Types.ObjectId().toHexString()}` });
    const res = await stack.report(item.id, publishedReport(owner.id, `urn:li:share:${Date.now()}${Math.floor(Math.random() * 1000)}`));
    expect(res.status).toBe(200);
    return item;
  };
  const row = (id: string) => stack.content.ctx.mongo.collection('insight_posts').findOne({ _id: id as never });
  const env = () => ({ ...stack.env(), NODE_ENV: 'development' });

  test('when a member’s published posts are given earlier times, then the items and their insights rows carry them', async () => {
    const [a, b] = [await published(user), await published(user)];
    // a read before keeps a copy of the member's rows (insights.rows-cache): the backdate must not be hidden by it
    const read = async (range: string) => (await http<InsightsResponse>(stack.content.url, 'GET', `/api/insights?range=${range}`, { token: user.token })).body.posts;
    const lastMonthBefore = await read('30d');
    const times = [new Date(Date.now() - 40 * DAY), new Date(Date.now() - 3 * DAY)].map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

    const result = await backdatePublished(
      { userId: user.id, posts: [{ contentId: a.id, publishedAt: times[0].toISOString() }, { contentId: b.id, publishedAt: times[1].toISOString() }] },
      env(),
    );

    expect(result.backdated).toBe(2);
    expect(result.rows).toBe(2);
    expect((await stack.stored(a.id))!.publishedAt).toEqual(times[0]);
    expect((await stack.stored(b.id))!.publishedAt).toEqual(times[1]);
    expect((await stack.list(user)).find((i) => i.id === a.id)!.publishedAt).toBe(times[0].toISOString());
    expect((await row(a.id))!.publishedAt).toEqual(times[0]);
    expect((await row(b.id))!.publishedAt).toEqual(times[1]);
    // the insights read the new times: the post of 40 days ago counts in 90 days, no longer in 30
    expect(await read('30d')).toBe(lastMonthBefore - 1);
    expect(await read('90d')).toBe(lastMonthBefore);
  });

  test('when a time is in the future, a post is a draft or another member’s, or NODE_ENV is production, then nothing is dated', async () => {
    const mine = await published(user);
    const before = (await stack.stored(mine.id))!.publishedAt;
    const draft = await stack.draft(user, { topic: 'Still a draft, not published' });
    const other = await published(await stack.user({ tier: 'premium' }));
    const past = new Date(Date.now() - 10 * DAY).toISOString();
    const attempts: Array<[string, Promise<unknown>]> = [
      ['future', backdatePublished({ userId: user.id, posts: [{ contentId: mine.id, publishedAt: new Date(Date.now() + DAY).toISOString() }] }, env())],
      ['draft', backdatePublished({ userId: user.id, posts: [{ contentId: mine.id, publishedAt: past }, { contentId: draft.id, publishedAt: past }] }, env())],
      ['other member', backdatePublished({ userId: user.id, posts: [{ contentId: mine.id, publishedAt: past }, { contentId: other.id, publishedAt: past }] }, env())],
      ['production', backdatePublished({ userId: user.id, posts: [{ contentId: mine.id, publishedAt: past }] }, { ...env(), NODE_ENV: 'production' })],
      ['no posts', backdatePublished({ userId: user.id, posts: [] }, env())],
    ];
    for (const [what, attempt] of attempts) {
      await expect(attempt.then(() => what, (error: Error) => `${what}: ${error.message}`)).resolves.toMatch(new RegExp(`^${what}: \\S`));
    }
    expect((await stack.stored(mine.id))!.publishedAt).toEqual(before);
    expect((await stack.stored(draft.id))!.publishedAt).toBeNull();
  });
});
