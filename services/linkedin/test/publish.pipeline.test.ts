import { linkedinPostUrn } from '@postwright/contracts';
import { publishNow } from '../src/modules/publish/publish-now.use-case';
import { publishScheduled, RetryLater } from '../src/modules/publish/publish-scheduled.use-case';
import { item, USER, world } from './support/in-memory-publish';

/** Publish now and the scheduled publish through the one pipeline, in memory. */
describe('publication pipeline (in memory)', () => {
  const UNCONFIRMED = 'LinkedIn did not confirm the post. Check your LinkedIn feed before publishing it again: it may already be there.';
  const NOT_OURS = 'LinkedIn says this text was already posted, but not by this post. Edit it or delete the earlier post on LinkedIn, then publish again.';

  const now = (w: ReturnType<typeof world>) => publishNow(w);
  const scheduled = (w: ReturnType<typeof world>) => publishScheduled({ ...w, lockWaitMs: 0 });
  /** the scheduler's request: no text (the item's is read when it falls due); one queued before carries a copy */
  const request = (fields: Partial<{ requestId: string; text: string; scheduledFor: string }> = {}) => ({
    requestId: 'r1',
    contentId: 'c1',
    userId: USER,
    scheduledFor: '2030-01-01T09:00:00.000Z',
    ...fields,
  });
  const scheduledItem = (fields: Parameters<typeof item>[0] = {}) => item({ status: 'scheduled', scheduledFor: '2030-01-01T09:00:00.000Z', ...fields });

  describe('publish now', () => {
    test('when LinkedIn takes the post, then the answer has the post and the settled item; the item is reported and announced once', async () => {
      const w = world();
      const result = await now(w)(USER, { contentId: 'c1', text: 'Hello', visibility: 'PUBLIC' });
      expect(result).toMatchObject({ kind: 'published', linkedinPost: { id: 'urn:li:share:1', url: 'https://www.linkedin.com/feed/update/urn:li:share:1' }, content: { status: 'published' } });
      expect(result.kind === 'published' && 'userId' in result.content).toBe(false);
      expect(w.reports.map((r) => r.report.outcome)).toEqual(['published']);
      expect(w.eventsOf('linkedin.post.published')).toHaveLength(1);
      expect([...w.attempts.values()].map((a) => a.state)).toEqual(['published']);
      expect(w.writes).toEqual(['insert pending', 'update sending', 'update published']);
      expect(w.held.size).toBe(0);
    });

    test('when the answer is lost, then unconfirmed: the attempt says so, the item is reported unconfirmed, nothing is sent again', async () => {
      const w = world({ answers: [{ fail: 'unknown-outcome' }] });
      expect(await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' })).toEqual({ kind: 'refused', refusal: { kind: 'unconfirmed' } });
      expect([...w.attempts.values()].map((a) => a.state)).toEqual(['unconfirmed']);
      expect(w.reports).toEqual([{ contentId: 'c1', report: { outcome: 'failed', requestId: null, userId: USER, reason: UNCONFIRMED, unconfirmed: true, retryable: false } }]);
      expect(w.sent).toHaveLength(1);
    });

    test('when LinkedIn refuses (throttled), then the refusal carries LinkedIn\'s failure; the item is left as it was', async () => {
      const w = world({ answers: [{ fail: 'throttled' }] });
      const result = await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' });
      expect(result).toMatchObject({ kind: 'refused', refusal: { kind: 'failed', failure: { kind: 'linkedin', error: { kind: 'throttled' } } } });
      expect(w.reports).toEqual([]);
      expect(w.events).toEqual([]);
      expect([...w.attempts.values()].map((a) => a.state)).toEqual(['failed']);
    });

    describe('when LinkedIn calls the text a duplicate (DUPLICATE_POST naming a post)', () => {
      const lostThenDuplicate = (named: (firstSentAt: number) => string) => {
        let urn = '';
        const w = world({ answers: [{ fail: 'unknown-outcome' }] });
        const publish = now(w);
        return {
          w,
          first: () => publish(USER, { contentId: 'c1', visibility: 'PUBLIC' }),
          again: () => {
            const firstSentAt = [...w.attempts.values()][0].sentAt!.getTime();
            urn = named(firstSentAt);
            w.answer({ urn, existing: true });
            return publish(USER, { contentId: 'c1', visibility: 'PUBLIC' });
          },
          urn: () => urn,
        };
      };

      test('naming a post made after the first (lost) attempt was sent, then it is ours: published with it', async () => {
        const run = lostThenDuplicate((sent) => linkedinPostUrn(sent + 200, 7));
        expect((await run.first()).kind).toBe('refused');
        expect(await run.again()).toMatchObject({ kind: 'published', linkedinPost: { id: run.urn() } });
        expect([...run.w.attempts.values()].map((a) => a.state)).toEqual(['unconfirmed', 'published']);
      });

      test('naming a post made a little before the first send, within the clock margin, then it is still taken as ours', async () => {
        const run = lostThenDuplicate((sent) => linkedinPostUrn(sent - 60_000, 7));
        await run.first();
        expect((await run.again()).kind).toBe('published');
      });

      test('naming a post made well before the first send (written by hand, or a deleted ghost), then refused for the member: the reason is on the item, announced, nothing published', async () => {
        const run = lostThenDuplicate((sent) => linkedinPostUrn(sent - 3 * 24 * 3_600_000, 7));
        await run.first();
        expect(await run.again()).toEqual({ kind: 'refused', refusal: { kind: 'failed', failure: { kind: 'duplicate-not-ours', urn: run.urn() } } });
        expect([...run.w.attempts.values()].map((a) => [a.state, a.failureReason])).toEqual([
          ['unconfirmed', UNCONFIRMED],
          ['failed', NOT_OURS],
        ]);
        expect(run.w.reports.at(-1)).toEqual({ contentId: 'c1', report: { outcome: 'failed', requestId: null, userId: USER, reason: NOT_OURS, unconfirmed: false, retryable: false } });
        expect(run.w.eventsOf('linkedin.post.failed').at(-1)?.payload).toEqual({ requestId: null, contentId: 'c1', userId: USER, reason: NOT_OURS, unconfirmed: false, retryable: false });
        expect(run.w.eventsOf('linkedin.post.published')).toEqual([]);
      });

      test('naming a post whose id carries no time, then it cannot be placed and is not taken', async () => {
        const run = lostThenDuplicate(() => 'urn:li:share:1');
        await run.first();
        expect(await run.again()).toMatchObject({ kind: 'refused', refusal: { kind: 'failed', failure: { kind: 'duplicate-not-ours' } } });
      });

      test("naming the post we recorded for this item, then it is ours whatever its id says", async () => {
        const w = world({ answers: [{ urn: 'urn:li:share:1', existing: true }] });
        // an earlier attempt of this item was answered with that post (the item did not hear of it)
        await w.posts.insertAttempt({ key: 'now:earlier', userId: USER, contentId: 'c1', contentType: null, requestId: null, memberUrn: 'urn:li:person:m1', visibility: 'PUBLIC' });
        await w.posts.transition('now:earlier', ['pending'], { state: 'published', linkedInPostId: 'urn:li:share:1', url: 'https://www.linkedin.com/feed/update/urn:li:share:1', publishedAt: new Date() });
        expect(await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' })).toMatchObject({ kind: 'published', linkedinPost: { id: 'urn:li:share:1' } });
      });
    });

    test('when an earlier attempt died mid-call, then earlier-unconfirmed without calling LinkedIn; the next publish goes ahead', async () => {
      const w = world();
      await w.posts.insertAttempt({ key: 'now:crashed', userId: USER, contentId: 'c1', contentType: null, requestId: null, memberUrn: 'urn:li:person:m1', visibility: 'PUBLIC' });
      await w.posts.transition('now:crashed', ['pending'], { state: 'sending' });

      expect(await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' })).toEqual({ kind: 'refused', refusal: { kind: 'earlier-unconfirmed' } });
      expect(w.sent).toEqual([]);
      expect((await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' })).kind).toBe('published');
    });

    test.each([
      ['someone else\'s item', { items: [item({ userId: 'other' })] }, { kind: 'content-not-found' }],
      ['an item already published', { items: [item({ status: 'published' })] }, { kind: 'already-published' }],
      ['an item with no text', { items: [item({ generatedContent: ' ' })] }, { kind: 'no-content' }],
    ])('when it is %s, then refused before LinkedIn is called', async (_name, options, refusal) => {
      const w = world(options);
      expect(await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' })).toEqual({ kind: 'refused', refusal });
      expect(w.sent).toEqual([]);
    });

    test('when the item is being published already, then in-progress', async () => {
      const w = world();
      await w.locks.tryAcquire('publish:c1');
      expect(await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' })).toEqual({ kind: 'refused', refusal: { kind: 'in-progress' } });
    });

    test('when the content service cannot be reached after LinkedIn took the post, then the member still hears published and the event settles the item', async () => {
      const w = world({ contentDown: true });
      const result = await now(w)(USER, { contentId: 'c1', visibility: 'PUBLIC' });
      expect(result).toMatchObject({ kind: 'published', content: { status: 'published', linkedinPostId: 'urn:li:share:1' } });
      expect(w.eventsOf('linkedin.post.published')).toHaveLength(1);
    });
  });

  describe('scheduled', () => {
    test('when the request is delivered twice, then LinkedIn is called once and the outcome is announced twice with the same post', async () => {
      const w = world({ items: [scheduledItem()] });
      await scheduled(w)(request());
      await scheduled(w)(request());
      expect(w.sent).toHaveLength(1);
      expect(w.eventsOf('linkedin.post.published').map((e) => (e.payload as { linkedinPostId: string }).linkedinPostId)).toEqual(['urn:li:share:1', 'urn:li:share:1']);
    });

    test('when the earlier delivery failed for sure (LinkedIn down), then the redelivery sends it again and it is published once', async () => {
      const w = world({ items: [scheduledItem()], answers: [{ fail: 'unavailable' }, { urn: 'urn:li:share:2' }] });
      await scheduled(w)(request());
      expect(w.eventsOf('linkedin.post.failed').map((e) => e.payload)).toEqual([expect.objectContaining({ retryable: true, unconfirmed: false })]);
      await scheduled(w)(request());
      expect(w.sent).toHaveLength(2);
      expect(w.eventsOf('linkedin.post.published')).toHaveLength(1);
    });

    test('when the item was edited after scheduling, then its text as it is now goes out, not a copy a request queued before carries', async () => {
      const w = world({ items: [scheduledItem({ finalContent: 'A typo fixed after scheduling.' })] });
      await scheduled(w)(request({ text: 'A typo fxed, as scheduled.' }));
      expect(w.sent).toEqual(['A typo fixed after scheduling.']);
    });

    test('when the item was rescheduled meanwhile, then the stale request publishes nothing', async () => {
      const w = world({ items: [scheduledItem()] });
      await scheduled(w)(request({ scheduledFor: '2030-01-01T08:00:00.000Z' }));
      expect(w.sent).toEqual([]);
      expect(w.events).toEqual([]);
    });

    test('when LinkedIn says duplicate without naming the post, then unconfirmed: the post is live but nobody can say which', async () => {
      const w = world({ items: [scheduledItem()], answers: [{ fail: 'duplicate' }] });
      await scheduled(w)(request());
      expect([...w.attempts.values()].map((a) => a.state)).toEqual(['unconfirmed']);
      expect(w.eventsOf('linkedin.post.failed').map((e) => e.payload)).toEqual([expect.objectContaining({ unconfirmed: true, retryable: false })]);
    });

    test('when LinkedIn already has the text as another item\'s post, then a final failure naming that post', async () => {
      const w = world({ items: [scheduledItem(), item({ id: 'c0' })], answers: [{ urn: 'urn:li:share:other' }, { urn: 'urn:li:share:other', existing: true }] });
      expect((await now(w)(USER, { contentId: 'c0', visibility: 'PUBLIC' })).kind).toBe('published');
      await scheduled(w)(request());
      expect(w.eventsOf('linkedin.post.failed').map((e) => e.payload)).toEqual([
        expect.objectContaining({ contentId: 'c1', retryable: false, unconfirmed: false, reason: expect.stringContaining('https://www.linkedin.com/feed/update/urn:li:share:other') }),
      ]);
    });

    /** a scheduled attempt its process left "sending" (killed while LinkedIn had the call) */
    async function orphan(w: ReturnType<typeof world>) {
      await w.posts.insertAttempt({ key: 'request:r1', userId: USER, contentId: 'c1', contentType: null, requestId: 'r1', memberUrn: 'urn:li:person:m1', visibility: 'PUBLIC' });
      await w.posts.transition('request:r1', ['pending'], { state: 'sending', sentAt: new Date() });
    }

    test('when the process sending a scheduled post died after LinkedIn made it, then the redelivery sends it again, LinkedIn names the post (DUPLICATE_POST) and the item is published once with it', async () => {
      // the post the first call made: its id carries a time after that call was sent
      const madeBefore = linkedinPostUrn(Date.now() + 1_000, 1);
      const w = world({ items: [scheduledItem()], answers: [{ urn: madeBefore, existing: true }] });
      await orphan(w);
      await scheduled(w)(request());
      expect(w.sent).toHaveLength(1);
      expect([...w.attempts.values()].map((a) => [a.state, a.linkedInPostId])).toEqual([['published', madeBefore]]);
      expect(w.eventsOf('linkedin.post.published').map((e) => e.payload)).toEqual([expect.objectContaining({ requestId: 'r1', linkedinPostId: madeBefore })]);
      expect(w.eventsOf('linkedin.post.failed')).toEqual([]);
    });

    test('when the resent post meets DUPLICATE_POST naming a post made an hour before the first send, then it is not taken: a final failure for the member, nothing published', async () => {
      const handWritten = linkedinPostUrn(Date.now() - 3_600_000, 1);
      const w = world({ items: [scheduledItem()], answers: [{ urn: handWritten, existing: true }] });
      await orphan(w);
      await scheduled(w)(request());
      expect([...w.attempts.values()].map((a) => [a.state, a.linkedInPostId, a.failureReason])).toEqual([['failed', null, NOT_OURS]]);
      expect(w.eventsOf('linkedin.post.published')).toEqual([]);
      expect(w.eventsOf('linkedin.post.failed').map((e) => e.payload)).toEqual([expect.objectContaining({ requestId: 'r1', reason: NOT_OURS, retryable: false, unconfirmed: false })]);
    });

    test('when the process sending a scheduled post died before LinkedIn got it, then the redelivery makes the post with the item\'s text', async () => {
      const w = world({ items: [scheduledItem({ finalContent: 'Sent once more, the same words.' })], answers: [{ urn: 'urn:li:share:2' }] });
      await orphan(w);
      await scheduled(w)(request({ text: 'A copy made at scheduling.' }));
      expect(w.sent).toEqual(['Sent once more, the same words.']);
      expect([...w.attempts.values()].map((a) => [a.state, a.linkedInPostId])).toEqual([['published', 'urn:li:share:2']]);
      expect(w.eventsOf('linkedin.post.published')).toHaveLength(1);
    });

    test('when a scheduled post was left sending and the item was unscheduled meanwhile, then it is not sent again: unconfirmed, as only the member can tell', async () => {
      const w = world({ items: [item({ status: 'draft' })] });
      await orphan(w);
      await scheduled(w)(request());
      expect(w.sent).toEqual([]);
      expect([...w.attempts.values()].map((a) => a.state)).toEqual(['unconfirmed']);
      expect(w.eventsOf('linkedin.post.failed').map((e) => e.payload)).toEqual([expect.objectContaining({ requestId: 'r1', unconfirmed: true, retryable: false })]);
    });

    test('when a scheduled post goes out, then its attempt is stored as sending at once and changed once more, to published', async () => {
      const w = world({ items: [scheduledItem()] });
      await scheduled(w)(request());
      expect(w.writes).toEqual(['insert sending', 'update published']);
      expect([...w.attempts.values()].map((a) => [a.state, a.sentAt instanceof Date])).toEqual([['published', true]]);
    });

    test('when a scheduled post cannot go out (LinkedIn down), then the attempt stored as sending fails, and the redelivery makes it pending before sending it', async () => {
      const w = world({ items: [scheduledItem()], answers: [{ fail: 'unavailable' }, { urn: 'urn:li:share:2' }] });
      await scheduled(w)(request());
      expect(w.writes).toEqual(['insert sending', 'update failed']);
      await scheduled(w)(request());
      expect(w.writes.slice(2)).toEqual(['update pending', 'update sending', 'update published']);
    });

    test('when a scheduled post is published, then its event alone settles the item: no report call (nobody waits for the answer)', async () => {
      const w = world({ items: [scheduledItem()] });
      await scheduled(w)(request());
      expect(w.reports).toEqual([]);
      expect(w.eventsOf('linkedin.post.published')).toHaveLength(1);
    });

    test('when the item is being published by its member right now, then RetryLater (the message comes back)', async () => {
      const w = world({ items: [scheduledItem()] });
      await w.locks.tryAcquire('publish:c1');
      await expect(scheduled(w)(request())).rejects.toBeInstanceOf(RetryLater);
    });
  });
});
