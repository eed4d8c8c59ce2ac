/**
 * The content service's internal API as the LinkedIn service and the scheduler rely on it
 * (contracts/src/internal.ts): one set of cases, run against the real content service
 * (services/content/test/internal.contract.test.ts) and against the fake their tests use
 * (platform/test/fake-content.contract.test.ts), so that the fake cannot drift.
 */
import { CONTENT_LOOKUP_MAX, contentLookupResponseSchema, internalContentResponseSchema, type ErrorCode, type InternalContentItem } from '@postwright/contracts';
import { http, TEST_INTERNAL_TOKEN } from '../index';

export interface ContentTarget {
  url: string;
  /** a new user id the service accepts */
  newUserId(): Promise<string>;
  /** a draft of the user's with a saved final text */
  newDraft(userId: string): Promise<InternalContentItem>;
  stop(): Promise<void>;
}

const refusal = (code: ErrorCode) => ({ error: expect.any(String), code });
const inAnHour = (minutes = 0) => new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000 + minutes * 60_000).toISOString();
const postUrl = (id: string) => `https://www.linkedin.com/feed/update/${id}`;

export function describeContentContract(name: string, start: () => Promise<ContentTarget>): void {
  describe(`content internal API contract: ${name}`, () => {
    let target: ContentTarget;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(async () => {
      await target?.stop();
    });

    const headers = { 'x-internal-token': TEST_INTERNAL_TOKEN };
    const get = (id: string, userId: string) => http(target.url, 'GET', `/internal/content/${id}?userId=${userId}`, { headers });
    const move = (id: string, body: unknown) => http(target.url, 'POST', `/internal/content/${id}/transition`, { headers, body });
    const report = (id: string, body: unknown) => http(target.url, 'POST', `/internal/content/${id}/publication`, { headers, body });
    const lookup = (body: unknown) => http(target.url, 'POST', '/internal/content/lookup', { headers, body });
    const published = (userId: string, postId: string, requestId: string | null = null) => ({
      outcome: 'published',
      requestId,
      userId,
      linkedinPostId: postId,
      url: postUrl(postId),
      publishedAt: '2030-01-02T03:04:05.000Z',
    });
    const failed = (userId: string, reason: string, flags: { requestId?: string | null; retryable?: boolean; unconfirmed?: boolean } = {}) => ({
      outcome: 'failed',
      requestId: flags.requestId ?? null,
      userId,
      reason,
      retryable: flags.retryable ?? true,
      unconfirmed: flags.unconfirmed ?? false,
    });

    test('when the owner reads an item, then it has the contract shape with its owner; anyone else gets 404', async () => {
      const [owner, other] = [await target.newUserId(), await target.newUserId()];
      const draft = await target.newDraft(owner);
      const res = await get(draft.id, owner);
      expect(res.status).toBe(200);
      expect(internalContentResponseSchema.parse(res.body).content).toMatchObject({ id: draft.id, userId: owner, status: 'draft' });
      const refused = await get(draft.id, other);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject(refusal('CONTENT.NOT_FOUND'));
      expect((await http(target.url, 'GET', `/internal/content/${draft.id}?userId=${owner}`)).status).toBe(403);
    });

    test('when several items are looked up at once, then each answer is the item in the order asked, or null where it is not that user\'s or there is none', async () => {
      const [owner, other] = [await target.newUserId(), await target.newUserId()];
      const [first, second] = [await target.newDraft(owner), await target.newDraft(other)];
      const res = await lookup({
        items: [
          { id: second.id, userId: other },
          { id: first.id, userId: owner },
          { id: first.id, userId: other },
          { id: 'ffffffffffffffffffffffff', userId: owner },
          { id: 'not-an-id', userId: owner },
        ],
      });
      expect(res.status).toBe(200);
      const items = contentLookupResponseSchema.parse(res.body).items;
      expect(items.map((i) => i && [i.id, i.userId])).toEqual([[second.id, other], [first.id, owner], null, null, null]);
      expect(items[1]).toEqual((await get(first.id, owner)).body.content);
      expect((await http(target.url, 'POST', '/internal/content/lookup', { body: { items: [{ id: first.id, userId: owner }] } })).status).toBe(403);
      for (const body of [{ items: [] }, { items: Array.from({ length: CONTENT_LOOKUP_MAX + 1 }, () => ({ id: first.id, userId: owner })) }, { items: [{ id: first.id }] }, {}]) {
        const refused = await lookup(body);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject(refusal('REQUEST.INVALID'));
      }
    });

    test('when an item is scheduled, rescheduled on its expected time and unscheduled, then each move answers the item; a stale move is 409 with the current state', async () => {
      const owner = await target.newUserId();
      const draft = await target.newDraft(owner);
      const at = inAnHour();
      const scheduled = await move(draft.id, { userId: owner, from: ['draft'], to: 'scheduled', scheduledFor: at });
      expect(scheduled.status).toBe(200);
      expect(scheduled.body.content).toMatchObject({ status: 'scheduled', scheduledFor: at });

      const stale = await move(draft.id, { userId: owner, from: ['scheduled'], to: 'scheduled', expectScheduledFor: inAnHour(5), scheduledFor: inAnHour(10) });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ ...refusal('CONTENT.INVALID_TRANSITION'), details: { status: 'scheduled', scheduledFor: at } });
      const wrongFrom = await move(draft.id, { userId: owner, from: ['draft'], to: 'scheduled', scheduledFor: at });
      expect(wrongFrom.status).toBe(409);
      expect(wrongFrom.body).toMatchObject({ code: 'CONTENT.INVALID_TRANSITION', details: { status: 'scheduled' } });

      const later = inAnHour(20);
      expect((await move(draft.id, { userId: owner, from: ['scheduled'], to: 'scheduled', expectScheduledFor: at, scheduledFor: later })).body.content.scheduledFor).toBe(later);
      const back = await move(draft.id, { userId: owner, from: ['scheduled'], to: 'draft', scheduledFor: null });
      expect(back.body.content).toMatchObject({ status: 'draft', scheduledFor: null });
    });

    test('when a publication is reported, then the item is published once: a repeat changes nothing, a later failure neither', async () => {
      const owner = await target.newUserId();
      const draft = await target.newDraft(owner);
      const first = await report(draft.id, published(owner, 'urn:li:share:1'));
      expect(first.status).toBe(200);
      expect(first.body.content).toMatchObject({
        status: 'published',
        linkedinPostId: 'urn:li:share:1',
        linkedinPostUrl: postUrl('urn:li:share:1'),
        publishedAt: '2030-01-02T03:04:05.000Z',
        lastPublishError: null,
        publishUnconfirmed: false,
      });
      const again = await report(draft.id, published(owner, 'urn:li:share:1'));
      expect(again.body.content).toEqual(first.body.content);
      const late = await report(draft.id, failed(owner, 'late failure', { unconfirmed: true }));
      expect(late.status).toBe(200);
      expect(late.body.content).toEqual(first.body.content);
      const other = await report(draft.id, published(await target.newUserId(), 'urn:li:share:2'));
      expect(other.status).toBe(404);
    });

    test('when failures are reported, then a retryable one keeps the schedule with the reason, a final one sends the item back to draft', async () => {
      const owner = await target.newUserId();
      const draft = await target.newDraft(owner);
      const at = inAnHour();
      await move(draft.id, { userId: owner, from: ['draft'], to: 'scheduled', scheduledFor: at });

      const retry = await report(draft.id, failed(owner, 'LinkedIn is busy', { requestId: 'req-1', retryable: true }));
      expect(retry.body.content).toMatchObject({ status: 'scheduled', scheduledFor: at, lastPublishError: 'LinkedIn is busy', publishUnconfirmed: false });
      const final = await report(draft.id, failed(owner, 'Refused', { requestId: 'req-2', retryable: false }));
      expect(final.body.content).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: 'Refused' });

      const unconfirmed = await report(draft.id, failed(owner, 'No answer', { unconfirmed: true }));
      expect(unconfirmed.body.content).toMatchObject({ status: 'draft', lastPublishError: 'No answer', publishUnconfirmed: true });
    });

    test('when a report or a move is not the contract, then 400 and the item is unchanged', async () => {
      const owner = await target.newUserId();
      const draft = await target.newDraft(owner);
      for (const res of [
        await report(draft.id, { outcome: 'maybe', userId: owner }),
        await move(draft.id, { userId: owner, from: ['draft'], to: 'published' }),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(refusal('REQUEST.INVALID'));
      }
      expect((await get(draft.id, owner)).body.content.status).toBe('draft');
    });
  });
}
