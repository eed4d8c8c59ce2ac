import { readConfig } from '../src/config';
import type { RunningSandbox } from '../src/server';
import { accessToken, api, control, PUBLIC_URL, postBody, startSandbox } from './support';

/** Creating a post takes LinkedIn a few hundred ms; the sandbox can be told to take as long (SANDBOX_CREATE_POST_LATENCY_MS). */
describe('sandbox: the create-post latency', () => {
  async function member(sandbox: RunningSandbox, email: string) {
    const grant = await accessToken(sandbox.url, {}, { email });
    const me = await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token });
    return { token: grant.access_token as string, sub: me.body.sub as string };
  }

  describe('with 300 ms ± 100 ms, in fast mode', () => {
    let sandbox: RunningSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ SANDBOX_CREATE_POST_LATENCY_MS: '300', SANDBOX_CREATE_POST_JITTER_MS: '100' });
    });
    afterAll(() => sandbox?.stop());

    test('when posts are created together, then each is stored and answered 200 to 400 ms after it was sent, all at once rather than one after another', async () => {
      const { token, sub } = await member(sandbox, 'latency@example.com');
      const CALLS = 12;
      const started = Date.now();
      const calls = await Promise.all(
        Array.from({ length: CALLS }, async (_, i) => {
          const sentAt = Date.now();
          const res = await api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, `Post ${i} with latency`) });
          return { status: res.status, urn: res.headers.get('x-restli-id'), sentAt, tookMs: Date.now() - sentAt };
        }),
      );
      const wallMs = Date.now() - started;

      expect(calls.map((c) => c.status)).toEqual(Array(CALLS).fill(201));
      // lower bounds hold on any machine; a busy one only adds time
      for (const call of calls) expect(call.tookMs).toBeGreaterThanOrEqual(200);
      const { body } = await control(sandbox.url, 'GET', `/__sandbox/posts?author=${encodeURIComponent(`urn:li:person:${sub}`)}`);
      expect(body.posts).toHaveLength(CALLS);
      for (const call of calls) {
        const stored = body.posts.find((p: { id: string }) => p.id === call.urn);
        // the post exists on LinkedIn once the wait is over, not when the call arrives
        expect(Date.parse(stored.createdAt) - call.sentAt).toBeGreaterThanOrEqual(200);
      }
      // LinkedIn creates posts side by side: twelve calls take about one call's time, far from twelve times 200 ms
      expect(wallMs).toBeLessThan(CALLS * 200);
    });
  });

  describe('with 1,500 ms and no jitter', () => {
    let sandbox: RunningSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ SANDBOX_CREATE_POST_LATENCY_MS: '1500' });
    });
    afterAll(() => sandbox?.stop());

    test('when a post is created and userinfo is read, then only the post waits', async () => {
      const { token, sub } = await member(sandbox, 'latency-only-posts@example.com');
      const time = async (call: () => Promise<{ status: number }>) => {
        const at = Date.now();
        const { status } = await call();
        return { status, tookMs: Date.now() - at };
      };
      const [created, userinfo] = await Promise.all([
        time(() => api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, 'Only posts wait') })),
        time(() => api(sandbox.url, 'GET', '/v2/userinfo', { token })),
      ]);
      expect(created).toMatchObject({ status: 201 });
      expect(created.tookMs).toBeGreaterThanOrEqual(1_500);
      expect(userinfo).toMatchObject({ status: 200 });
      expect(userinfo.tookMs).toBeLessThan(created.tookMs);
    });
  });

  test('when the jitter is larger than the latency, then the configuration is refused naming the setting', () => {
    expect(() => readConfig({ PUBLIC_URL, SANDBOX_CREATE_POST_LATENCY_MS: '100', SANDBOX_CREATE_POST_JITTER_MS: '150' })).toThrow(/SANDBOX_CREATE_POST_JITTER_MS/);
  });
});
