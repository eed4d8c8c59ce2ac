import { linkedinPostCreatedAt } from '@postwright/contracts';
import type { RunningSandbox } from '../src/server';
import { accessToken, api, control, postBody, startSandbox } from './support';

/**
 * LinkedIn refuses the same text from the same author for a while after a post, even once the post
 * is deleted (the refusal then names a "ghost" that answers 404), and its post ids carry the time
 * they were made. The sandbox does the same, under settings tests can change.
 */
describe('sandbox duplicates: dated ids, the window, ghosts and hand-written posts', () => {
  let sandbox: RunningSandbox;
  let token: string;
  let sub: string;
  beforeAll(async () => {
    sandbox = await startSandbox();
    token = (await accessToken(sandbox.url, {}, { email: 'twice@example.com' })).access_token;
    sub = (await api(sandbox.url, 'GET', '/v2/userinfo', { token })).body.sub;
  });
  afterEach(() => control(sandbox.url, 'POST', '/__sandbox/settings', { duplicateWindowSeconds: null, ghostDuplicates: true }));
  afterAll(() => sandbox?.stop());

  const post = (commentary: string) => api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, commentary) });
  const created = async (commentary: string) => {
    const res = await post(commentary);
    expect(res.status).toBe(201);
    return res.headers.get('x-restli-id')!;
  };
  const duplicateOf = async (commentary: string) => {
    const res = await post(commentary);
    expect(res.status).toBe(422);
    expect(res.body.errorDetails.inputErrors[0].code).toBe('DUPLICATE_POST');
    return /Content is a duplicate of (\S+)$/.exec(res.body.message)?.[1];
  };
  /** the sandbox's clock (tests move it forward) */
  const sandboxNow = async () => Date.parse((await control(sandbox.url, 'POST', '/__sandbox/clock', {})).body.now);
  const listed = async () => (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts as Array<{ id: string; commentary: string; createdAt: string }>;

  test('when a post is made, then its id carries the time it was made in its first 41 bits, as LinkedIn ids do', async () => {
    const before = await sandboxNow();
    const urn = await created('Dated by its own id');
    const after = await sandboxNow();
    expect(urn).toMatch(/^urn:li:share:\d{19}$/);
    const stored = (await listed()).find((p) => p.id === urn)!;
    expect(linkedinPostCreatedAt(urn)).toBe(Date.parse(stored.createdAt));
    expect(linkedinPostCreatedAt(urn)).toBeGreaterThanOrEqual(before);
    expect(linkedinPostCreatedAt(urn)).toBeLessThanOrEqual(after);
  });

  test('when the same text comes again within the window, then DUPLICATE_POST names the post; once the window has passed, it is a new post', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/settings', { duplicateWindowSeconds: 3600 });
    const text = 'Said again after an hour';
    const first = await created(text);
    expect(await duplicateOf(text)).toBe(first);

    await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: 3600 });
    const second = await created(text);
    expect(second).not.toBe(first);
    expect(linkedinPostCreatedAt(second)! - linkedinPostCreatedAt(first)!).toBeGreaterThanOrEqual(3600_000);
    // the refusal names the latest post with the text
    expect(await duplicateOf(text)).toBe(second);
  });

  test('when the member deleted the post, then it answers 404 yet DUPLICATE_POST still names it (a ghost); with ghosts off, the text is free again', async () => {
    const text = 'Posted, regretted, deleted';
    const urn = await created(text);
    const deleted = await control(sandbox.url, 'DELETE', `/__sandbox/posts/${encodeURIComponent(urn)}`);
    expect(deleted).toEqual({ status: 200, body: { deleted: urn } });
    expect((await fetch(`${sandbox.url}/feed/update/${encodeURIComponent(urn)}/`)).status).toBe(404);
    expect((await listed()).map((p) => p.id)).not.toContain(urn);
    expect((await control(sandbox.url, 'DELETE', `/__sandbox/posts/${encodeURIComponent(urn)}`)).status).toBe(404);

    expect(await duplicateOf(text)).toBe(urn);
    expect(await duplicateOf(text)).toBe(urn);

    await control(sandbox.url, 'POST', '/__sandbox/settings', { ghostDuplicates: false });
    const fresh = await created(text);
    expect(fresh).not.toBe(urn);
  });

  test('when the member wrote the text by hand on LinkedIn an hour ago, then that post is dated by its id and named as the duplicate', async () => {
    const text = 'Typed into linkedin.com myself';
    const res = await control(sandbox.url, 'POST', '/__sandbox/posts', { sub, commentary: text, ageSeconds: 3600 });
    expect(res.status).toBe(201);
    const handWritten = res.body.post;
    expect(handWritten).toMatchObject({ author: `urn:li:person:${sub}`, commentary: text, text, truncated: false });
    expect(linkedinPostCreatedAt(handWritten.id)).toBe(Date.parse(handWritten.createdAt));
    expect((await sandboxNow()) - linkedinPostCreatedAt(handWritten.id)!).toBeGreaterThanOrEqual(3600_000);
    expect(await duplicateOf(text)).toBe(handWritten.id);
  });

  test('when the settings are given wrong, then 400 and nothing changes', async () => {
    for (const duplicateWindowSeconds of [0, -5, 1.5, 'an hour']) {
      expect((await control(sandbox.url, 'POST', '/__sandbox/settings', { duplicateWindowSeconds })).status).toBe(400);
    }
    expect((await control(sandbox.url, 'POST', '/__sandbox/posts', { commentary: 'whose?' })).status).toBe(400);
    expect((await control(sandbox.url, 'POST', '/__sandbox/settings', {})).body.settings).toMatchObject({ duplicateWindowSeconds: null, ghostDuplicates: true });
  });

  test('when SANDBOX_DUPLICATE_WINDOW_SECONDS and SANDBOX_GHOST_DUPLICATES are set, then the sandbox starts with them', async () => {
    const configured = await startSandbox({ SANDBOX_DUPLICATE_WINDOW_SECONDS: '60', SANDBOX_GHOST_DUPLICATES: 'false' });
    try {
      expect((await control(configured.url, 'POST', '/__sandbox/settings', {})).body.settings).toMatchObject({ duplicateWindowSeconds: 60, ghostDuplicates: false });
      const t = (await accessToken(configured.url, {}, { email: 'configured@example.com' })).access_token;
      const s = (await api(configured.url, 'GET', '/v2/userinfo', { token: t })).body.sub;
      const send = () => api(configured.url, 'POST', '/rest/posts', { token: t, body: postBody(s, 'Once a minute') });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(422);
      await control(configured.url, 'POST', '/__sandbox/clock', { advanceSeconds: 60 });
      expect((await send()).status).toBe(201);
    } finally {
      await configured.stop();
    }
  });
});
