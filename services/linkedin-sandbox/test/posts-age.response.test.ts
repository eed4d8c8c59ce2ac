import type { RunningSandbox } from '../src/server';
import { api, communityToken, control, postBody, startSandbox } from './support';

describe('sandbox control: ageing posts', () => {
  let sandbox: RunningSandbox;
  let token: string;
  let sub: string;

  const publish = async (commentary: string): Promise<string> => {
    const res = await api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, commentary) });
    expect(res.status).toBe(201);
    return res.headers.get('x-restli-id')!;
  };
  const metric = async (urn: string, queryType: string): Promise<number> => {
    const res = await api(sandbox.url, 'GET', `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=${queryType}&aggregation=TOTAL`, { token });
    expect(res.status).toBe(200);
    return res.body.elements[0].count;
  };
  const stored = async (urn: string) => (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.find((p: any) => p.id === urn);

  beforeAll(async () => {
    sandbox = await startSandbox();
    token = (await communityToken(sandbox.url, { given_name: 'Ada', family_name: 'Ager', email: 'ada.ager@example.com' })).access_token;
    sub = (await control(sandbox.url, 'GET', '/__sandbox/members?email=ada.ager@example.com')).body.members[0].sub;
    // analytics grow with age to the millisecond: compare on a stopped clock
    await control(sandbox.url, 'POST', '/__sandbox/clock', { freeze: true });
  });
  afterAll(() => sandbox?.stop());

  test('when posts are given creation times, then they are dated there, keep their ids, and their figures follow the new age', async () => {
    const text = 'What would you change first?\n\nA short post about priorities.';
    const urn = await publish(text);
    const fresh = await metric(urn, 'IMPRESSION');
    const createdAt = new Date(Date.parse((await stored(urn)).createdAt) - 10 * 24 * 3600_000).toISOString();

    const res = await control(sandbox.url, 'POST', '/__sandbox/posts/age', { sub, posts: [{ id: urn, createdAt }] });
    expect(res.status).toBe(200);
    expect(res.body.posts).toEqual([
      expect.objectContaining({ id: urn, createdAt, reading: { hookStyle: 'question', kind: null, length: text.length, weekday: new Date(createdAt).getUTCDay(), hour: new Date(createdAt).getUTCHours() } }),
    ]);
    expect((await stored(urn)).createdAt).toBe(createdAt);
    const aged = await metric(urn, 'IMPRESSION');
    expect(aged).toBeGreaterThan(fresh * 10);
    // the same post at the same time: the same figures
    expect(await metric(urn, 'IMPRESSION')).toBe(aged);
    expect(await metric(urn, 'COMMENT')).toBe(await metric(urn, 'COMMENT'));
  });

  test("when a member's posts are aged by ageSeconds, then every one of theirs moves back that far, and no one else's", async () => {
    const mine = [await publish('Mine, first.'), await publish('Mine, second.')];
    const other = await communityToken(sandbox.url, { email: 'someone.else@example.com' });
    const otherSub = (await api(sandbox.url, 'GET', '/v2/me', { token: other.access_token })).body.id;
    const theirs = await api(sandbox.url, 'POST', '/rest/posts', { token: other.access_token, body: postBody(otherSub, 'Theirs.') });
    const before = await Promise.all([...mine, theirs.headers.get('x-restli-id')!].map(stored));

    const res = await control(sandbox.url, 'POST', '/__sandbox/posts/age', { sub, ageSeconds: 3 * 24 * 3600 });
    expect(res.status).toBe(200);
    expect(res.body.posts.map((p: any) => p.id)).toEqual(expect.arrayContaining(mine));
    const after = await Promise.all([...mine, theirs.headers.get('x-restli-id')!].map(stored));
    expect(after.map((p, i) => Date.parse(before[i].createdAt) - Date.parse(p.createdAt))).toEqual([3 * 24 * 3600_000, 3 * 24 * 3600_000, 0]);
    // the feed stays in creation order
    const times = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.map((p: any) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('when the audience time zone is set, then the weekday and hour are read there; an unknown zone is refused', async () => {
    const urn = await publish('Read in Tokyo.');
    const createdAt = '2026-03-04T23:30:00.000Z';
    await control(sandbox.url, 'POST', '/__sandbox/posts/age', { posts: [{ id: urn, createdAt }] });
    expect((await control(sandbox.url, 'POST', '/__sandbox/settings', { audienceTimeZone: 'Asia/Tokyo' })).body.settings.audienceTimeZone).toBe('Asia/Tokyo');
    try {
      expect((await stored(urn)).reading).toMatchObject({ weekday: 4, hour: 8 });
    } finally {
      await control(sandbox.url, 'POST', '/__sandbox/settings', { audienceTimeZone: 'UTC' });
    }
    expect((await stored(urn)).reading).toMatchObject({ weekday: 3, hour: 23 });
    const refused = await control(sandbox.url, 'POST', '/__sandbox/settings', { audienceTimeZone: 'Mars/Olympus' });
    expect(refused).toEqual({ status: 400, body: { error: 'audienceTimeZone must be an IANA time zone, e.g. Europe/Paris' } });
  });

  test('when the ageing names an unknown post, another member\'s, a future time or nothing to move, then 4xx with an error and nothing moves', async () => {
    const urn = await publish('Stay where you are.');
    const { createdAt } = await stored(urn);
    const now = Date.parse((await control(sandbox.url, 'POST', '/__sandbox/clock', {})).body.now);
    const cases: Array<[unknown, number]> = [
      [{ posts: [{ id: urn, createdAt: '2026-01-01T00:00:00Z' }, { id: 'urn:li:share:1', createdAt: '2026-01-01T00:00:00Z' }] }, 404],
      [{ sub: 'someoneElse', posts: [{ id: urn, createdAt: '2026-01-01T00:00:00Z' }] }, 404],
      [{ posts: [{ id: urn, createdAt: new Date(now + 60_000).toISOString() }] }, 400],
      [{ posts: [{ id: urn, createdAt: 'yesterday' }] }, 400],
      [{ ageSeconds: 60 }, 400],
      [{ sub, ageSeconds: -5 }, 400],
      [{ sub, ageSeconds: 60, posts: [{ id: urn, createdAt: '2026-01-01T00:00:00Z' }] }, 400],
      [{ sub }, 400],
      [{ sub, author: `urn:li:person:${sub}`, ageSeconds: 60 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await control(sandbox.url, 'POST', '/__sandbox/posts/age', body);
      expect([body, res.status, res.body]).toEqual([body, status, { error: expect.any(String) }]);
    }
    expect((await stored(urn)).createdAt).toBe(createdAt);
  });
});
