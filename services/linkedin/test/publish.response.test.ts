import { eventually, http } from '@postwright/platform/src/testing';
import { postModel } from '../src/modules/publish/post.model';
import { startStack, type Stack, type TestUser } from './support/stack';

const EVERY_RESERVED = 'Lessons (hard-won) from 10 years: \\ | { } @ [ ] ( ) < > # * _ ~ -- and a fake mention @[Dana](urn:li:person:abc) plus {hashtag|\\#|growth} #leadership *bold* _it_ ~x~ <tag> C:\\path';

describe('publish now: responses', () => {
  let stack: Stack;
  beforeAll(async () => {
    // an approved partner app, which gets refresh tokens ('refreshed once' needs one); the self-serve default is in expiry.response.test.ts
    stack = await startStack({ sandboxEnv: { SANDBOX_REFRESH_TOKENS: 'true' } });
  });
  afterEach(() => http(stack.sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => stack?.stop());

  const publish = (user: TestUser, body: Record<string, unknown>) => http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body });
  const postsBy = async (memberUrn: string) => (await stack.sandboxPosts()).filter((p) => p.author === memberUrn);
  const connected = async () => {
    const user = await stack.user();
    await stack.connect(user);
    const memberUrn = (await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id)).payload.memberUrn;
    return { user, memberUrn };
  };

  test('when a draft with every reserved character is published, then LinkedIn shows the text intact and the item is published at once', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const res = await publish(user, { contentId: item.id, text: EVERY_RESERVED });
    expect(res.status).toBe(200);
    expect(res.body.linkedinPost).toEqual({ id: expect.stringMatching(/^urn:li:share:\d+$/), url: `${stack.sandbox.url}/feed/update/${res.body.linkedinPost.id}/` });
    expect(res.body.content).toMatchObject({ id: item.id, status: 'published', linkedinPostId: res.body.linkedinPost.id, linkedinPostUrl: res.body.linkedinPost.url });
    expect(res.body.content.userId).toBeUndefined();

    const [post] = await postsBy(memberUrn);
    expect(post.text).toBe(EVERY_RESERVED);
    expect(post.truncated).toBe(false);

    // read-your-writes: the very next list shows it published
    const listed = await stack.item(user, item.id);
    expect(listed).toMatchObject({ status: 'published', linkedinPostId: res.body.linkedinPost.id, publishedAt: expect.any(String), publishUnconfirmed: false });
  });

  test('when no text is sent, then the item own text (hook, blank line, body) is posted', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user, 'My saved final text (edited).');
    const res = await publish(user, { contentId: item.id });
    expect(res.status).toBe(200);
    expect((await postsBy(memberUrn))[0].text).toBe('My saved final text (edited).');
  });

  test('when the text is over 3,000 characters, then 400 and nothing reaches LinkedIn; exactly 3,000 is published', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const tooLong = await publish(user, { contentId: item.id, text: `${'a '.repeat(1500)}!` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'LINKEDIN.TOO_LONG', error: 'The post is 3,001 characters long; LinkedIn allows at most 3,000.' });
    expect(await postsBy(memberUrn)).toHaveLength(0);
    const exact = await publish(user, { contentId: item.id, text: 'a '.repeat(1500) });
    expect(exact.status).toBe(200);
    const [post] = await postsBy(memberUrn);
    expect(post.text).toBe('a '.repeat(1500));
  });

  test('when the text fits as written but not as LinkedIn receives it (reserved characters, hashtags), then 400 saying how long it is as sent, and nothing reaches LinkedIn', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    // 2,800 characters as written; every ( and ) is sent escaped: 4,200
    const brackets = await publish(user, { contentId: item.id, text: '(a) '.repeat(700) });
    expect(brackets.status).toBe(400);
    expect(brackets.body).toMatchObject({
      code: 'LINKEDIN.TOO_LONG',
      error: 'The post is 4,200 characters long as LinkedIn receives it (hashtags and the characters \\ | { } @ [ ] ( ) < > # * _ ~ take extra room); LinkedIn allows at most 3,000.',
      details: { text: expect.stringMatching(/^The post is 4,200 characters long as LinkedIn receives it/) },
    });
    // 2,880 as written; each "#tag" is sent as {hashtag|#|tag}: 11 more characters each
    const hashtags = await publish(user, { contentId: item.id, text: `${'a'.repeat(2800)}${' #tag'.repeat(16)}` });
    expect(hashtags.status).toBe(400);
    expect(hashtags.body.error).toMatch(/^The post is 3,056 characters long as LinkedIn receives it/);
    expect(await postsBy(memberUrn)).toHaveLength(0);
    expect((await stack.item(user, item.id)).status).toBe('draft');
  });

  test("when LinkedIn counts the text as longer than we do, then its 400 is read as too long: 400 in the member's words, the item stays a draft", async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    await stack.fault('commentary-too-long', { path: '/rest/posts' });
    const res = await publish(user, { contentId: item.id, text: 'Within our count 🚀' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.TOO_LONG', error: 'LinkedIn refused the post as longer than 3,000 characters. Shorten it and try again.' });
    expect(await postsBy(memberUrn)).toHaveLength(0);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft' });
  });

  test('when the account is not connected, then 409 with error text', async () => {
    const user = await stack.user();
    const item = await stack.draft(user);
    const res = await publish(user, { contentId: item.id, text: 'hello' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.CONNECTION_REQUIRED', error: 'LinkedIn account not connected. Please connect your LinkedIn account first.' });
  });

  test("when the item is someone else's or does not exist, then 404; when already published, then 409", async () => {
    const { user } = await connected();
    const other = await stack.user();
    const theirs = await stack.draft(other);
    expect((await publish(user, { contentId: theirs.id, text: 'x' })).status).toBe(404);
    expect((await publish(user, { contentId: 'f'.repeat(24), text: 'x' })).status).toBe(404);
    expect((await publish(user, { contentId: 'not-an-id', text: 'x' })).status).toBe(404);
    const mine = await stack.draft(user);
    expect((await publish(user, { contentId: mine.id, text: 'first' })).status).toBe(200);
    const again = await publish(user, { contentId: mine.id, text: 'second' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This content has already been published to LinkedIn.');
  });

  test('when the body is wrong, then 400 with error text', async () => {
    const { user } = await connected();
    const item = await stack.draft(user);
    for (const body of [{}, { contentId: 5 }, { contentId: item.id, visibility: 'EVERYONE' }, { contentId: item.id, text: 42 }]) {
      const res = await publish(user, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const malformed = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, raw: '{"contentId":' });
    expect(malformed.status).toBe(400);
  });

  test('when visibility is CONNECTIONS, then the LinkedIn post is for connections only', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    expect((await publish(user, { contentId: item.id, text: 'Only for my network', visibility: 'CONNECTIONS' })).status).toBe(200);
    const [post] = (await stack.sandboxPosts()).filter((p) => p.author === memberUrn) as Array<{ visibility?: string }>;
    expect(post.visibility).toBe('CONNECTIONS');
  });

  test('when LinkedIn says the token expired, then it is refreshed once and the post goes out once', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const refreshes = async () =>
      (await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/oauth/v2/accessToken')).body.requests.length;
    const before = await refreshes();
    await stack.fault('expired-token', { path: '/rest/posts' });
    const res = await publish(user, { contentId: item.id, text: 'After a refresh' });
    expect(res.status).toBe(200);
    expect(await refreshes()).toBe(before + 1);
    expect(await postsBy(memberUrn)).toHaveLength(1);
    // the new token is kept: the next publish needs no refresh
    const next = await stack.draft(user);
    expect((await publish(user, { contentId: next.id, text: 'No refresh needed' })).status).toBe(200);
    expect(await refreshes()).toBe(before + 1);
  });

  test('when the token is dead and the refresh token too, then 409 asking to reconnect, the connection is marked expired, the item stays a draft', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const sub = memberUrn.replace('urn:li:person:', '');
    await http(stack.sandbox.url, 'POST', '/__sandbox/tokens/expire', { body: { sub, includeRefresh: true } });
    const res = await publish(user, { contentId: item.id, text: 'Will not go out' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.RECONNECT_REQUIRED', error: 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.' });
    expect((await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token })).body.expired).toBe(true);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', publishUnconfirmed: false });
    expect(await postsBy(memberUrn)).toHaveLength(0);
    // later attempts do not even call LinkedIn until the member reconnects
    expect((await publish(user, { contentId: item.id, text: 'Still not' })).status).toBe(409);
  });

  test('when LinkedIn throttles (429), then 429 with error text, no post, the item unchanged', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    await stack.fault('429', { path: '/rest/posts' });
    const res = await publish(user, { contentId: item.id, text: 'Throttled' });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("LinkedIn's posting limit has been reached. Please try again later.");
    expect(await postsBy(memberUrn)).toHaveLength(0);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', publishUnconfirmed: false });
    // and it works once LinkedIn lets us
    expect((await publish(user, { contentId: item.id, text: 'Throttled' })).status).toBe(200);
    expect(await postsBy(memberUrn)).toHaveLength(1);
  });

  test('when LinkedIn fails with 500, then 502, no post, the item unchanged', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    await stack.fault('500', { path: '/rest/posts' });
    const res = await publish(user, { contentId: item.id, text: 'Server error' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('LinkedIn is unavailable right now. Please try again in a few minutes.');
    expect(await postsBy(memberUrn)).toHaveLength(0);
    expect((await stack.item(user, item.id)).status).toBe('draft');
  });

  test('when the configured API version is retired, then 502 with a clear error and no post', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    await stack.fault('retired-version', { path: '/rest/posts' });
    const res = await publish(user, { contentId: item.id, text: 'Old version' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.API_VERSION_RETIRED', error: expect.stringContaining('configuration problem') });
    expect(await postsBy(memberUrn)).toHaveLength(0);
  });

  test.each([
    ['the response is lost', 'lost-response', {}],
    ['LinkedIn answers after our timeout', 'slow', { delayMs: 3000 }],
  ])('when %s, then 504 "unconfirmed", the item is marked unconfirmed, and it is never posted twice automatically', async (_name, kind, options) => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    await stack.fault(kind, { path: '/rest/posts', ...options });
    const res = await publish(user, { contentId: item.id, text: 'Did it go out?' });
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.UNCONFIRMED', error: expect.stringContaining('Check your LinkedIn feed') });
    expect(await postsBy(memberUrn)).toHaveLength(1);
    expect(await stack.item(user, item.id)).toMatchObject({
      status: 'draft',
      publishUnconfirmed: true,
      lastPublishError: expect.stringContaining('LinkedIn did not confirm the post'),
    });
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.contentId === item.id);
    expect(failed.payload).toMatchObject({ requestId: null, unconfirmed: true, retryable: false });
    // the attempt is stored as unconfirmed: the pipeline is over and nothing sends it again
    const attempts = await postModel(stack.linkedin.ctx.mongo).find({ contentId: item.id }).lean();
    expect(attempts.map((a) => a.state)).toEqual(['unconfirmed']);
    expect(await postsBy(memberUrn)).toHaveLength(1);
  });

  test('when a scheduled item is published now, then it is published and linkedin.post.published tells the scheduler (requestId null)', async () => {
    const { user } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const res = await publish(user, { contentId: item.id, text: 'Earlier than planned' });
    expect(res.status).toBe(200);
    expect(res.body.content.status).toBe('published');
    const event = await stack.events.waitFor('linkedin.post.published', (p) => p.contentId === item.id);
    expect(event.payload).toEqual({
      requestId: null,
      contentId: item.id,
      userId: user.id,
      linkedinPostId: res.body.linkedinPost.id,
      url: res.body.linkedinPost.url,
      publishedAt: res.body.content.publishedAt,
    });
  });

  test('when publish is pressed twice at once, then exactly one LinkedIn post is made', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const results = await Promise.all([0, 1, 2].map(() => publish(user, { contentId: item.id, text: 'Double click' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await postsBy(memberUrn)).toHaveLength(1);
  });

  test("when another member keeps publishing my item's id, then they get 404 every time, take no lock, post nothing, and my publish goes ahead", async () => {
    const { user, memberUrn } = await connected();
    const { user: intruder, memberUrn: intruderUrn } = await connected();
    const item = await stack.draft(user);
    const { redis, keyPrefix } = stack.linkedin.ctx;
    const locksOnItem = () => redis.keys(`${keyPrefix}lock:publish:*${item.id}`);

    // 30 of the intruder's requests in flight all the time, from before mine until after it
    const theirs: Array<{ status: number; code?: string }> = [];
    let storming = true;
    const intruders = Array.from({ length: 30 }, async () => {
      while (storming) {
        const res = await publish(intruder, { contentId: item.id, text: 'Not mine to post' });
        theirs.push({ status: res.status, code: res.body?.code });
      }
    });
    const lockSeen: string[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) lockSeen.push(...(await locksOnItem()));
    })();
    await eventually(async () => theirs.length, (n) => n >= 30);
    sampling = false;
    await sampler;

    const mine = await publish(user, { contentId: item.id, text: 'Mine, published once' });
    const answeredBefore = theirs.length;
    await eventually(async () => theirs.length, (n) => n >= answeredBefore + 30);
    storming = false;
    await Promise.all(intruders);

    expect(mine.status).toBe(200);
    expect(mine.body.content).toMatchObject({ id: item.id, status: 'published', linkedinPostId: mine.body.linkedinPost.id });
    expect(theirs.filter((r) => r.status !== 404 || r.code !== 'CONTENT.NOT_FOUND')).toEqual([]);
    // none of their requests held the item's lock, stored an attempt or reached LinkedIn
    expect(lockSeen).toEqual([]);
    expect(await locksOnItem()).toEqual([]);
    expect(await postModel(stack.linkedin.ctx.mongo).countDocuments({ userId: intruder.id })).toBe(0);
    expect(await postModel(stack.linkedin.ctx.mongo).countDocuments({ contentId: item.id })).toBe(1);
    expect(await postsBy(intruderUrn)).toHaveLength(0);
    expect((await postsBy(memberUrn)).map((p) => p.text)).toEqual(['Mine, published once']);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'published', linkedinPostId: mine.body.linkedinPost.id, publishUnconfirmed: false });
  });

  test('when an earlier publish of the item died mid-call (crash), then the next one says LinkedIn may have it instead of posting again; the one after goes ahead', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    // what a process killed between calling LinkedIn and hearing back leaves behind
    await postModel(stack.linkedin.ctx.mongo).create({ _id: 'now:crashed', key: 'now:crashed', userId: user.id, contentId: item.id, memberUrn, state: 'sending', sentAt: new Date() });

    const first = await publish(user, { contentId: item.id, text: 'After the crash' });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'LINKEDIN.UNCONFIRMED_EARLIER', error: 'LinkedIn did not confirm the post. Check your LinkedIn feed before publishing it again: it may already be there.' });
    expect(await postsBy(memberUrn)).toHaveLength(0);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', publishUnconfirmed: true });

    // the member checked the feed: publishing again posts once
    const second = await publish(user, { contentId: item.id, text: 'After the crash' });
    expect(second.status).toBe(200);
    expect(await postsBy(memberUrn)).toHaveLength(1);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'published', publishUnconfirmed: false });
  });
});

