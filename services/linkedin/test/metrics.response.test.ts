import { eventually, http } from '@postwright/platform/src/testing';
import { scrape, type Metrics } from '@postwright/platform/src/testing/prometheus';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * The LinkedIn service's Prometheus metrics on its own port, against the LinkedIn sandbox: what
 * each publish came to, and every call to LinkedIn by operation and status.
 */
describe('GET /metrics on the LinkedIn service', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterEach(() => http(stack.sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => stack?.stop());

  const publish = (user: TestUser, body: Record<string, unknown>) => http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body });
  const connected = async () => {
    const user = await stack.user();
    await stack.connect(user);
    await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id);
    return user;
  };
  const publishes = (m: Metrics, outcome: string) => m.value('postwright_publish_total', { outcome });
  const calls = (m: Metrics, operation: string, status: string) => m.value('postwright_linkedin_requests_total', { operation, status });

  test('before anything is published, then every publish outcome is there at 0', async () => {
    const scraped = await scrape(stack.linkedin.url);
    expect(scraped.family('postwright_publish_total').type).toBe('counter');
    expect(scraped.family('postwright_linkedin_requests_total').type).toBe('counter');
    expect(Object.fromEntries(scraped.samples('postwright_publish_total').map((s) => [s.labels.outcome, s.labels.service]))).toEqual({
      published: 'linkedin',
      duplicate_settled: 'linkedin',
      failed: 'linkedin',
      unconfirmed: 'linkedin',
    });
  });

  test('when posts are published, throttled, lost and settled as duplicates, then each outcome and each call to LinkedIn is counted', async () => {
    const before = await scrape(stack.linkedin.url);
    const user = await connected();

    // published
    const first = await stack.draft(user);
    expect((await publish(user, { contentId: first.id, text: 'Counted once' })).status).toBe(200);
    // LinkedIn throttles: failed, and its 429 counted
    const second = await stack.draft(user);
    await stack.fault('429', { path: '/rest/posts' });
    expect((await publish(user, { contentId: second.id, text: 'Throttled' })).status).toBe(429);
    // the answer is lost: unconfirmed, and the call counted without a status; published again, LinkedIn names the post: duplicate settled
    await stack.fault('lost-response', { path: '/rest/posts' });
    expect((await publish(user, { contentId: second.id, text: 'Did it go out?' })).status).toBe(504);
    expect((await publish(user, { contentId: second.id, text: 'Did it go out?' })).status).toBe(200);

    const after = await eventually(
      () => scrape(stack.linkedin.url),
      (m) => publishes(m, 'duplicate_settled') - publishes(before, 'duplicate_settled') === 1,
    );
    const moved = (f: (m: Metrics) => number) => f(after) - f(before);
    expect(moved((m) => publishes(m, 'published'))).toBe(1);
    expect(moved((m) => publishes(m, 'failed'))).toBe(1);
    expect(moved((m) => publishes(m, 'unconfirmed'))).toBe(1);
    expect(moved((m) => calls(m, 'create_post', '201'))).toBe(1);
    expect(moved((m) => calls(m, 'create_post', '429'))).toBe(1);
    expect(moved((m) => calls(m, 'create_post', 'error'))).toBe(1);
    expect(moved((m) => calls(m, 'create_post', '422'))).toBe(1);
    // connecting read the member from LinkedIn
    expect(moved((m) => m.value('postwright_linkedin_requests_total', { operation: 'userinfo' }))).toBeGreaterThanOrEqual(1);
    expect(moved((m) => m.value('http_request_duration_seconds_count', { method: 'POST', route: '/api/linkedin/post' }))).toBe(4);
  });
});
