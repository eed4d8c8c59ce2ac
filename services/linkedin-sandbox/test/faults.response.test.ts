import type { RunningSandbox } from '../src/server';
import { accessToken, activeVersion, api, control, postBody, startSandbox } from './support';

describe('sandbox faults and feed', () => {
  let sandbox: RunningSandbox;
  let grant: { access_token: string };
  let sub: string;
  const postsCount = async () => (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.length;
  const post = (text: string) => api(sandbox.url, 'POST', '/rest/posts', { token: grant.access_token, body: postBody(sub, text) });

  beforeAll(async () => {
    sandbox = await startSandbox();
    grant = await accessToken(sandbox.url);
    sub = (await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token })).body.sub;
  });
  afterEach(() => control(sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => sandbox?.stop());

  test('when an unknown fault kind is asked for, then 400 with error text', async () => {
    const res = await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'meteor' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/kind is one of/);
  });

  test('when a 429 fault is on for 2 calls, then exactly the next 2 matching calls get LinkedIn throttle body and nothing is stored', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: '429', count: 2, path: '/rest/posts' });
    const before = await postsCount();
    const a = await post('one');
    const b = await post('two');
    expect(a.status).toBe(429);
    expect(a.body).toEqual({ serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 });
    expect(a.headers.get('retry-after')).toBeNull();
    expect(b.status).toBe(429);
    expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token })).status).toBe(200);
    expect((await post('three')).status).toBe(201);
    expect(await postsCount()).toBe(before + 1);
  });

  test('when a 500 fault is on, then the call answers 500', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: '500' });
    expect((await post('x')).status).toBe(500);
  });

  test('when a retired-version fault is on, then 426 names the version that was sent', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'retired-version' });
    // an active version: the 426 comes from the fault, as when LinkedIn retires a version early
    const res = await api(sandbox.url, 'POST', '/rest/posts', { token: grant.access_token, version: activeVersion(), body: postBody(sub, 'x') });
    expect(res).toMatchObject({ status: 426, body: { code: 'NONEXISTENT_VERSION', message: `Requested version ${activeVersion()} is not active` } });
  });

  test('when an expired-token fault is on, then the token really dies and a new grant (the member reconnecting) brings a working one', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'expired-token' });
    expect((await post('x')).body.code).toBe('EXPIRED_ACCESS_TOKEN');
    expect((await post('x')).body.code).toBe('EXPIRED_ACCESS_TOKEN');
    // no refresh token by default (a self-serve app): the same member consents again
    grant = await accessToken(sandbox.url);
    expect((await post('after reconnecting')).status).toBe(201);
  });

  test('when a lost-response fault is on, then the post is stored but the connection drops without an answer', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'lost-response' });
    const before = await postsCount();
    await expect(post('lost in transit')).rejects.toThrow();
    expect(await postsCount()).toBe(before + 1);
    const requests = (await control(sandbox.url, 'GET', '/__sandbox/requests?path=/rest/posts&method=POST')).body.requests;
    expect(requests.at(-1)).toMatchObject({ status: 0 });
  });

  test('when a 500-after-create fault is on, then the post is stored yet the answer is 500; sending it again answers 422 DUPLICATE_POST naming it', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: '500-after-create', path: '/rest/posts' });
    const before = await postsCount();
    const res = await post('created behind a 500');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal Server Error', status: 500 });
    expect(res.headers.get('x-restli-id')).toBeNull();
    expect(await postsCount()).toBe(before + 1);
    const stored = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.at(-1);
    const again = await post('created behind a 500');
    expect(again.status).toBe(422);
    expect(again.body.errorDetails.inputErrors[0].code).toBe('DUPLICATE_POST');
    expect(again.body.message).toContain(`Content is a duplicate of ${stored.id}`);
    expect(await postsCount()).toBe(before + 1);
  });

  test('when a slow fault is on, then the answer comes after the delay and the post is stored', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'slow', delayMs: 600 });
    const t0 = Date.now();
    const res = await post('slowly');
    expect(res.status).toBe(201);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
  });

  test('when the feed page opens, then posts show newest first with the fold after 210 characters', async () => {
    const long = `${'Above the fold. '.repeat(13)}+++BELOW+++ the rest`;
    expect(long.indexOf('+++BELOW+++')).toBeGreaterThan(200);
    const created = await post(long);
    const html = await (await fetch(`${sandbox.url}/feed`)).text();
    expect(html).toContain(created.headers.get('x-restli-id')!);
    const article = html.slice(html.indexOf(`id="${created.headers.get('x-restli-id')}"`));
    const textDiv = /<div class="text">([\s\S]*?)<\/div>/.exec(article)![1];
    expect(textDiv).toBe(long.slice(0, 210));
    expect(article).toMatch(/<details><summary>…see more<\/summary>/);
    const single = await fetch(`${sandbox.url}/feed/update/${encodeURIComponent(created.headers.get('x-restli-id')!)}/`);
    expect(single.status).toBe(200);
  });

  test('when fast mode is switched off at runtime, then API calls carry the artificial latency', async () => {
    const slowBox = await startSandbox({ SANDBOX_FAST: 'false', SANDBOX_LATENCY_MS: '600' });
    try {
      const t = await accessToken(slowBox.url);
      const t0 = Date.now();
      await api(slowBox.url, 'GET', '/v2/userinfo', { token: t.access_token });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
      await control(slowBox.url, 'POST', '/__sandbox/settings', { fast: true });
      const t1 = Date.now();
      await api(slowBox.url, 'GET', '/v2/userinfo', { token: t.access_token });
      expect(Date.now() - t1).toBeLessThan(290);
    } finally {
      await slowBox.stop();
    }
  });
});
