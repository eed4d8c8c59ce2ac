import { randomUUID } from 'node:crypto';
import { escapeLittleText, linkedinPostCreatedAt } from '@postwright/contracts';
import { eventually, http } from '@postwright/platform/src/testing';
import { duplicatePostOf } from '../src/lib/linkedin-api';
import { postModel } from '../src/modules/publish/post.model';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * LinkedIn refuses identical commentary from the same member with 422 DUPLICATE_POST naming the
 * post that has it. After a lost answer or a 5xx that did create the post, that post is ours:
 * the item ends published with it, once, never "failed". A post made before the item was first
 * sent (written by hand on LinkedIn, or deleted and still named: a ghost) is not: the item is
 * left to the member with the reason.
 */
describe('publish: LinkedIn says the post is a duplicate', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterEach(() => http(stack.sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => stack?.stop());

  const publish = (user: TestUser, body: Record<string, unknown>) => http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body });
  const postsBy = async (memberUrn: string) => (await stack.sandboxPosts()).filter((p) => p.author === memberUrn);
  const records = (contentId: string) => postModel(stack.linkedin.ctx.mongo).find({ contentId }).sort({ createdAt: 1 }).lean();
  const connected = async () => {
    const user = await stack.user();
    await stack.connect(user);
    const memberUrn = (await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id)).payload.memberUrn;
    return { user, memberUrn };
  };
  /** the link the product gives the posts it made itself (posts.response.test.ts) */
  const link = (urn: string) => `${stack.sandbox.url}/feed/update/${urn}/`;
  const NOT_OURS = 'LinkedIn says this text was already posted, but not by this post. Edit it or delete the earlier post on LinkedIn, then publish again.';
  /** the member writes the text on linkedin.com itself, `ageSeconds` ago */
  const writtenByHand = async (memberUrn: string, text: string, ageSeconds: number): Promise<string> => {
    const res = await http(stack.sandbox.url, 'POST', '/__sandbox/posts', { body: { author: memberUrn, commentary: escapeLittleText(text), ageSeconds } });
    expect(res.status).toBe(201);
    return res.body.post.id;
  };

  test('when the member publishes again after an unconfirmed answer, then the item is published with the post LinkedIn named, there is one post and no failure', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const text = 'Did it go out? (It did.)';
    await stack.fault('lost-response', { path: '/rest/posts' });
    const lost = await publish(user, { contentId: item.id, text });
    expect(lost.status).toBe(504);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', publishUnconfirmed: true });
    const [live] = (await postsBy(memberUrn)).filter((p) => p.text === text);
    await stack.events.waitFor('linkedin.post.failed', (p) => p.contentId === item.id);
    const failuresBefore = stack.events.ofType('linkedin.post.failed').filter((e) => e.payload.contentId === item.id).length;

    // the member did not find it (or did not look) and publishes again: LinkedIn answers 422 DUPLICATE_POST
    const again = await publish(user, { contentId: item.id, text });
    expect(again.status).toBe(200);
    expect(again.body.linkedinPost).toEqual({ id: live.id, url: link(live.id) });
    expect(again.body.content).toMatchObject({ status: 'published', linkedinPostId: live.id, linkedinPostUrl: link(live.id), publishUnconfirmed: false, lastPublishError: null });
    expect((await postsBy(memberUrn)).filter((p) => p.text === text)).toHaveLength(1);
    const requests = (await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/rest/posts&method=POST')).body.requests;
    expect(requests.filter((r: { status: number }) => r.status === 422)).toHaveLength(1);

    const published = await stack.events.waitFor('linkedin.post.published', (p) => p.contentId === item.id);
    expect(published.payload).toMatchObject({ requestId: null, linkedinPostId: live.id, url: link(live.id) });
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'published', linkedinPostId: live.id, publishUnconfirmed: false });
    // the lost attempt stays unconfirmed; the one that learnt the post's id is the published record
    expect((await records(item.id)).map((r) => [r.state, r.linkedInPostId])).toEqual([
      ['unconfirmed', null],
      ['published', live.id],
    ]);
    const listed = await http(stack.linkedin.url, 'GET', '/api/linkedin/posts', { token: user.token });
    expect(listed.body.posts.filter((p: { linkedInPostId: string }) => p.linkedInPostId === live.id)).toEqual([expect.objectContaining({ contentId: item.id, url: link(live.id) })]);
    // one publisher's events reach the probe in order, and the published one ends this publish
    expect(stack.events.ofType('linkedin.post.failed').filter((e) => e.payload.contentId === item.id)).toHaveLength(failuresBefore);
  });

  test('when a scheduled publish is retried after a 5xx that did create the post, then it ends published once, with that post, and no second failure', async () => {
    const { user, memberUrn } = await connected();
    const text = 'Scheduled, and LinkedIn answered 500 after posting it';
    const item = await stack.schedule(user, await stack.draft(user, text));
    const first = { requestId: randomUUID(), contentId: item.id, userId: user.id, scheduledFor: item.scheduledFor! };
    await stack.fault('500-after-create', { path: '/rest/posts' });
    await stack.events.publish('content.publish.requested', first);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === first.requestId);
    expect(failed.payload).toMatchObject({ retryable: true, unconfirmed: false });
    const [live] = await postsBy(memberUrn).then((ps) => ps.filter((p) => p.text === text));
    expect(live).toBeDefined();

    // the scheduler's retry is a new plan (a new request id) for the same time
    const retry = { ...first, requestId: randomUUID() };
    await stack.events.publish('content.publish.requested', retry);
    const published = await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === retry.requestId);
    expect(published.payload).toMatchObject({ contentId: item.id, linkedinPostId: live.id, url: link(live.id) });
    // settled from the event (a scheduled publish makes no report call)
    expect(await eventually(() => stack.item(user, item.id), (i) => i.status === 'published')).toMatchObject({ status: 'published', linkedinPostId: live.id, linkedinPostUrl: link(live.id) });
    expect((await postsBy(memberUrn)).filter((p) => p.text === text)).toHaveLength(1);

    // redeliveries of either plan post nothing and fail nothing; the retry's repeats its outcome
    const sent = [await stack.events.publish('content.publish.requested', first), await stack.events.publish('content.publish.requested', retry)];
    await eventually(
      async () => stack.events.ofType('linkedin.post.published').filter((e) => e.payload.requestId === retry.requestId).length,
      (n) => n >= 2,
    );
    await stack.events.handled({ service: 'linkedin', name: 'publish-requests' }, sent);
    expect(stack.events.ofType('linkedin.post.failed').filter((e) => e.payload.contentId === item.id)).toHaveLength(1);
    expect(new Set(stack.events.ofType('linkedin.post.published').filter((e) => e.payload.contentId === item.id).map((e) => e.payload.linkedinPostId))).toEqual(new Set([live.id]));
    expect((await postsBy(memberUrn)).filter((p) => p.text === text)).toHaveLength(1);
    const stored = await records(item.id);
    expect(stored.filter((r) => r.state === 'published').map((r) => [r.key, r.linkedInPostId])).toEqual([[`request:${retry.requestId}`, live.id]]);
  });

  test("when the text is identical to another item's published post, then 409 says so with that post's link, and the item stays a draft", async () => {
    const { user, memberUrn } = await connected();
    const text = 'Worth saying once';
    const original = await stack.draft(user);
    const made = await publish(user, { contentId: original.id, text });
    expect(made.status).toBe(200);
    const copy = await stack.draft(user);
    const res = await publish(user, { contentId: copy.id, text });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.DUPLICATE_POST', error: expect.stringContaining(made.body.linkedinPost.url) });
    expect(await stack.item(user, copy.id)).toMatchObject({ status: 'draft', linkedinPostId: null });
    expect((await postsBy(memberUrn)).filter((p) => p.text === text)).toHaveLength(1);
    expect((await records(copy.id)).map((r) => r.state)).toEqual(['failed']);
  });

  test('when the member wrote the same text by hand on LinkedIn before, then 409 says so plainly, the item stays a draft carrying the reason, and nothing is published', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const text = 'Typed on linkedin.com an hour ago (#same words)';
    const handWritten = await writtenByHand(memberUrn, text, 3600);
    expect(Date.now() - linkedinPostCreatedAt(handWritten)!).toBeGreaterThanOrEqual(3600_000);

    const res = await publish(user, { contentId: item.id, text });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.DUPLICATE_POST', error: NOT_OURS });
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', linkedinPostId: null, lastPublishError: NOT_OURS });
    expect((await records(item.id)).map((r) => [r.state, r.linkedInPostId, r.failureReason])).toEqual([['failed', null, NOT_OURS]]);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.contentId === item.id);
    expect(failed.payload).toEqual({ requestId: null, contentId: item.id, userId: user.id, reason: NOT_OURS, unconfirmed: false, retryable: false });
    expect(stack.events.ofType('linkedin.post.published').filter((e) => e.payload.contentId === item.id)).toEqual([]);
    const listed = await http(stack.linkedin.url, 'GET', '/api/linkedin/posts', { token: user.token });
    expect(listed.body.posts.map((p: { linkedInPostId: string }) => p.linkedInPostId)).not.toContain(handWritten);
  });

  test('when a scheduled post meets a ghost (the member posted the text by hand, deleted it, and LinkedIn still names it), then the item goes back to draft with the reason, not published', async () => {
    const { user, memberUrn } = await connected();
    const text = 'Posted, deleted, and still a duplicate';
    const item = await stack.schedule(user, await stack.draft(user, text));
    const ghost = await writtenByHand(memberUrn, text, 2 * 24 * 3600);
    expect((await http(stack.sandbox.url, 'DELETE', `/__sandbox/posts/${encodeURIComponent(ghost)}`)).status).toBe(200);
    expect((await fetch(`${stack.sandbox.url}/feed/update/${encodeURIComponent(ghost)}/`)).status).toBe(404);

    const request = { requestId: randomUUID(), contentId: item.id, userId: user.id, scheduledFor: item.scheduledFor! };
    await stack.events.publish('content.publish.requested', request);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === request.requestId);
    expect(failed.payload).toMatchObject({ reason: NOT_OURS, retryable: false, unconfirmed: false });
    expect(await eventually(() => stack.item(user, item.id), (i) => i.status === 'draft')).toMatchObject({ status: 'draft', scheduledFor: null, linkedinPostId: null, lastPublishError: NOT_OURS });
    const requests = (await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/rest/posts&method=POST')).body.requests;
    expect(requests.filter((r: { status: number }) => r.status === 422).length).toBeGreaterThanOrEqual(1);
    expect(stack.events.ofType('linkedin.post.published').filter((e) => e.payload.contentId === item.id)).toEqual([]);
    expect((await records(item.id)).map((r) => r.state)).toEqual(['failed']);
  });
});

describe('reading a duplicate refusal', () => {
  const urn = 'urn:li:share:7295588489876647936';
  const fieldBody = {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${urn}`,
    errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
    status: 422,
  };

  test('when the code DUPLICATE_POST is there, then the URN comes from the message (share or ugcPost)', () => {
    expect(duplicatePostOf(422, fieldBody)).toBe(urn);
    expect(duplicatePostOf(422, { ...fieldBody, message: 'ERROR :: /commentary :: Content is a duplicate of urn:li:ugcPost:7227000000000000001' })).toBe('urn:li:ugcPost:7227000000000000001');
    expect(duplicatePostOf(422, { ...fieldBody, message: 'Duplicate post is detected' })).toBeNull();
  });

  test('when no input error carries a code, then the message text decides; an input error with another code is not a duplicate', () => {
    expect(duplicatePostOf(422, { message: `Content is a duplicate of ${urn}`, status: 422 })).toBe(urn);
    expect(duplicatePostOf(422, { message: 'ERROR :: /commentary :: field is required but not found', status: 422 })).toBeUndefined();
    expect(duplicatePostOf(422, { ...fieldBody, errorDetails: { inputErrors: [{ code: 'INVALID_VALUE' }] } })).toBeUndefined();
    expect(duplicatePostOf(400, fieldBody)).toBeUndefined();
  });
});
