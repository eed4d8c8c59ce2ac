import type { RunningSandbox } from '../src/server';
import { renderLittleText } from '../src/little-text';
import { activeLinkedinVersions, LINKEDIN_API_VERSIONS } from '@postwright/contracts';
import { METRIC_TYPE_AS_STRING_SINCE } from '../src/routes/api';
import { accessToken, activeVersion, api, communityToken, control, postBody, startSandbox } from './support';

describe('sandbox APIs', () => {
  let sandbox: RunningSandbox;
  let full: { access_token: string };
  let basic: { access_token: string };
  /** the same member through the Community Management app: /v2/me and post analytics */
  let community: { access_token: string };
  let sub: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    full = await accessToken(sandbox.url, {}, { given_name: 'Alex', family_name: 'Morgan', email: 'alex@example.com' });
    basic = await accessToken(sandbox.url, { scope: 'openid profile email w_member_social' }, { email: 'alex@example.com' });
    community = await communityToken(sandbox.url, { given_name: 'Alex', family_name: 'Morgan', email: 'alex@example.com' });
    sub = (await api(sandbox.url, 'GET', '/v2/userinfo', { token: full.access_token })).body.sub;
  });
  afterAll(() => sandbox?.stop());

  test('when userinfo is read, then it carries the OpenID claims, by header or by oauth2_access_token', async () => {
    const res = await api(sandbox.url, 'GET', '/v2/userinfo', { token: full.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sub: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      name: 'Alex Morgan',
      given_name: 'Alex',
      family_name: 'Morgan',
      locale: expect.anything(),
      picture: `${sandbox.url}/media/profile/${res.body.sub}.svg`,
      email: 'alex@example.com',
      email_verified: true,
    });
    const viaQuery = await fetch(`${sandbox.url}/v2/userinfo?oauth2_access_token=${encodeURIComponent(full.access_token)}`);
    expect(viaQuery.status).toBe(200);
    const picture = await fetch(res.body.picture);
    expect(picture.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  test('when no or a made-up token is sent, then the answer is 401 INVALID_ACCESS_TOKEN', async () => {
    const res = await api(sandbox.url, 'GET', '/v2/userinfo', { token: 'AQVnope' });
    expect(res).toMatchObject({ status: 401, body: { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' } });
    expect((await api(sandbox.url, 'GET', '/v2/me')).status).toBe(401);
  });

  test('when /v2/me is read without r_basicprofile, then LinkedIn exact 403 comes back', async () => {
    const res = await api(sandbox.url, 'GET', '/v2/me', { token: basic.access_token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: me.GET.NO_VERSION' });
  });

  test('when /v2/me is read with r_basicprofile, then headline and vanityName are there', async () => {
    const res = await api(sandbox.url, 'GET', '/v2/me', { token: community.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sub, localizedFirstName: 'Alex', localizedLastName: 'Morgan', localizedHeadline: expect.any(String), vanityName: expect.any(String) });
  });

  test('when a post is created, then the answer is 201 with an empty body and the URN in x-restli-id', async () => {
    const res = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, 'Hello from the sandbox') });
    expect(res.status).toBe(201);
    expect(res.body).toBeNull();
    expect(res.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d{19}$/);
    const { body } = await control(sandbox.url, 'GET', '/__sandbox/posts');
    expect(body.posts.find((p: any) => p.id === res.headers.get('x-restli-id'))).toMatchObject({ text: 'Hello from the sandbox', truncated: false, visibility: 'PUBLIC' });
  });

  test('when the same member posts the same commentary again, then 422 DUPLICATE_POST names the first post, with no x-restli-id, and nothing is stored', async () => {
    const text = 'Said once, said twice';
    const first = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, text) });
    expect(first.status).toBe(201);
    const urn = first.headers.get('x-restli-id')!;
    const again = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, text, { visibility: 'CONNECTIONS' }) });
    expect(again.status).toBe(422);
    expect(again.headers.get('x-restli-id')).toBeNull();
    expect(again.body).toEqual({
      errorDetailType: 'com.linkedin.common.error.BadRequest',
      message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${urn}`,
      errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
      status: 422,
    });
    const stored = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.filter((p: any) => p.commentary === text);
    expect(stored.map((p: any) => p.id)).toEqual([urn]);
    // a different text, or the same text from another member, is a new post
    expect((await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, `${text}!`) })).status).toBe(201);
    const other = await accessToken(sandbox.url, {}, { email: 'someone.else@example.com' });
    const otherSub = (await api(sandbox.url, 'GET', '/v2/userinfo', { token: other.access_token })).body.sub;
    expect((await api(sandbox.url, 'POST', '/rest/posts', { token: other.access_token, body: postBody(otherSub, text) })).status).toBe(201);
  });

  test('when duplicate refusal is switched off (settings or SANDBOX_REJECT_DUPLICATES=false), then the same commentary is posted twice', async () => {
    const text = 'Twice on purpose';
    await control(sandbox.url, 'POST', '/__sandbox/settings', { rejectDuplicates: false });
    try {
      expect((await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, text) })).status).toBe(201);
      expect((await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, text) })).status).toBe(201);
    } finally {
      await control(sandbox.url, 'POST', '/__sandbox/settings', { rejectDuplicates: true });
    }
    expect((await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, text) })).status).toBe(422);

    const lenient = await startSandbox({ SANDBOX_REJECT_DUPLICATES: 'false' });
    try {
      const t = await accessToken(lenient.url);
      const s = (await api(lenient.url, 'GET', '/v2/userinfo', { token: t.access_token })).body.sub;
      expect((await api(lenient.url, 'POST', '/rest/posts', { token: t.access_token, body: postBody(s, text) })).status).toBe(201);
      expect((await api(lenient.url, 'POST', '/rest/posts', { token: t.access_token, body: postBody(s, text) })).status).toBe(201);
    } finally {
      await lenient.stop();
    }
  });

  test('when the LinkedIn-Version header is missing, retired, never released, in the future or malformed, then 400 VERSION_MISSING / 426 NONEXISTENT_VERSION', async () => {
    const post = (version: string | null) => api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, version, body: postBody(sub, `refused at ${version}`) });
    const missing = await post(null);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' });
    const retired = await post('202511');
    expect(retired).toMatchObject({ status: 426, body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 202511 is not active' } });
    // newest listed + 1 month: not released (yet)
    const newest = LINKEDIN_API_VERSIONS[0].version;
    const after = new Date(Date.UTC(Number(newest.slice(0, 4)), Number(newest.slice(4, 6)), 1));
    const future = `${after.getUTCFullYear()}${String(after.getUTCMonth() + 1).padStart(2, '0')}`;
    // 202512: a month LinkedIn skipped, inside the supported year
    for (const version of ['20241101', '202301', '202512', '20251201', future, '203001', '202603.01', '2026-03', 'v2', '202613']) {
      const res = await post(version);
      expect([version, res.status, res.body]).toEqual([version, 426, { status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${version} is not active` }]);
    }
    const stored = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.filter((p: any) => p.commentary.startsWith('refused at'));
    expect(stored).toEqual([]);
  });

  test('when the LinkedIn-Version header names a listed, active version, as YYYYMM or YYYYMMDD, then the call goes through', async () => {
    const active = activeLinkedinVersions(Date.now());
    const oldest = active[active.length - 1];
    for (const version of [active[0], `${active[0]}01`, `${active[0]}15`, oldest, `${oldest}01`]) {
      const res = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, version, body: postBody(sub, `accepted at ${version}`) });
      expect([version, res.status]).toEqual([version, 201]);
    }
  });

  test('when the sandbox clock passes a published sunset, then that version is refused; past an estimated one, the version still answers', async () => {
    const later = await startSandbox();
    try {
      const published = LINKEDIN_API_VERSIONS.find((e) => e.sunsetPublished)!;
      const estimated = LINKEDIN_API_VERSIONS.filter((e) => !e.sunsetPublished).at(-1)!;
      const advancePast = async (day: string) => {
        const now = Date.parse((await control(later.url, 'POST', '/__sandbox/clock', {})).body.now);
        await control(later.url, 'POST', '/__sandbox/clock', { advanceSeconds: Math.max(0, Math.ceil((Date.parse(`${day}T00:00:00Z`) - now) / 1000) + 60) });
      };
      await advancePast(published.sunset);
      const t = await accessToken(later.url);
      const s = (await api(later.url, 'GET', '/v2/userinfo', { token: t.access_token })).body.sub;
      const refused = await api(later.url, 'POST', '/rest/posts', { token: t.access_token, version: published.version, body: postBody(s, 'after the sunset') });
      expect(refused).toMatchObject({ status: 426, body: { code: 'NONEXISTENT_VERSION', message: `Requested version ${published.version} is not active` } });
      expect((await api(later.url, 'POST', '/rest/posts', { token: t.access_token, version: estimated.version, body: postBody(s, 'after the sunset') })).status).toBe(201);
      // LinkedIn promises at least a year: an estimated date passing does not retire a version
      await advancePast(estimated.sunset);
      const fresh = await accessToken(later.url);
      expect((await api(later.url, 'POST', '/rest/posts', { token: fresh.access_token, version: estimated.version, body: postBody(s, 'past the estimate') })).status).toBe(201);
    } finally {
      await later.stop();
    }
  });

  test('when X-Restli-Protocol-Version is missing, the author is someone else, or the body is incomplete, then the post is refused', async () => {
    const noProtocol = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, headers: { 'x-restli-protocol-version': '' }, body: postBody(sub, 'x') });
    expect(noProtocol.status).toBe(400);
    const otherAuthor = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody('someoneElse', 'x') });
    expect(otherAuthor.status).toBe(403);
    const incomplete = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: { author: `urn:li:person:${sub}`, commentary: 'x' } });
    expect(incomplete.status).toBe(422);
  });

  test('when the grant lacks w_member_social, then posting answers 403', async () => {
    const readOnly = await accessToken(sandbox.url, { scope: 'openid profile' }, { email: 'alex@example.com' });
    const res = await api(sandbox.url, 'POST', '/rest/posts', { token: readOnly.access_token, body: postBody(sub, 'x') });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(`Not enough permissions to access: partnerApiPostsExternal.CREATE.${activeVersion()}`);
  });

  test('when commentary has an unescaped reserved character, then the stored post is cut there, as on real LinkedIn', async () => {
    const res = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, 'Results (so far) are great') });
    expect(res.status).toBe(201);
    const post = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.find((p: any) => p.id === res.headers.get('x-restli-id'));
    expect(post).toMatchObject({ text: 'Results ', truncated: true });
  });

  test('when every reserved character is escaped, then the text shows intact; mentions and hashtag templates render', () => {
    expect(renderLittleText('a \\\\ \\| \\{ \\} \\@ \\[ \\] \\( \\) \\< \\> \\# \\* \\_ \\~ z')).toEqual({
      text: 'a \\ | { } @ [ ] ( ) < > # * _ ~ z',
      truncated: false,
      mentions: [],
    });
    expect(renderLittleText('Thanks @[Dana Reyes](urn:li:person:abc123) {hashtag|\\#|leadership}')).toEqual({
      text: 'Thanks Dana Reyes #leadership',
      truncated: false,
      mentions: ['urn:li:person:abc123'],
    });
    expect(renderLittleText('C:\\path')).toEqual({ text: 'C:', truncated: true, mentions: [] });
  });

  test("when commentary is longer than 3,000 characters as sent (escapes counted), then LinkedIn's 400 ShareCommentary body; exactly 3,000 passes", async () => {
    const tooLong = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, 'a'.repeat(3001)) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      errorDetailType: 'com.linkedin.common.error.BadRequest',
      message: 'com.linkedin.content.common.exception.BadRequestResponseException: ShareCommentary text length (3001 characters) exceeded the maximum allowed (3000 characters)',
      errorDetails: {
        inputErrors: [
          { description: 'Size of array cannot be higher than the maxLength', input: { value: { stringValue: 'a'.repeat(3001) } }, code: 'FIELD_ARRAY_SIZE_TOO_HIGH', maxLength: 3000 },
        ],
      },
      status: 400,
    });
    // 2,990 visible characters, 3,000 as sent: LinkedIn does not say whether escapes count; the sandbox says they do
    const escaped = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, `${'a'.repeat(2990)}${'\\('.repeat(10)}x`) });
    expect(escaped.status).toBe(400);
    expect(escaped.body.message).toContain('ShareCommentary text length (3011 characters)');
    const exact = await api(sandbox.url, 'POST', '/rest/posts', { token: full.access_token, body: postBody(sub, `${'a'.repeat(2980)}${'\\('.repeat(10)}`) });
    expect(exact.status).toBe(201);
  });

  test('when analytics are read without r_member_postAnalytics, then 403 ACCESS_DENIED', async () => {
    const created = await api(sandbox.url, 'POST', '/rest/posts', { token: basic.access_token, body: postBody(sub, 'analytics please') });
    const urn = created.headers.get('x-restli-id')!;
    const res = await api(sandbox.url, 'GET', `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=IMPRESSION&aggregation=TOTAL`, {
      token: basic.access_token,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED' });
  });

  test('when analytics are read with the scope, then counts are deterministic per post and grow with its age', async () => {
    const created = await api(sandbox.url, 'POST', '/rest/posts', { token: community.access_token, body: postBody(sub, 'count me') });
    const urn = created.headers.get('x-restli-id')!;
    const read = async (queryType: string, version?: string) =>
      api(sandbox.url, 'GET', `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=${queryType}&aggregation=TOTAL`, {
        token: community.access_token,
        version,
      });
    // the counts grow with the post's age to the millisecond: two reads compare only on a stopped clock
    await control(sandbox.url, 'POST', '/__sandbox/clock', { freeze: true });
    const first = await read('IMPRESSION');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      paging: { start: 0, count: 10, links: [] },
      elements: [{ count: expect.any(Number), metricType: 'IMPRESSION', targetEntity: { share: urn } }],
    });
    expect((await read('IMPRESSION')).body.elements[0].count).toBe(first.body.elements[0].count);
    await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: 6 * 3600 });
    const later = await read('IMPRESSION');
    expect(later.body.elements[0].count).toBeGreaterThan(first.body.elements[0].count);
    const reactions = (await read('REACTION')).body.elements[0].count;
    expect(reactions).toBeGreaterThan(0);
    expect(reactions).toBeLessThan(later.body.elements[0].count);
    // the form switches at version 202605, whatever the version's age: 202604 and older give the union object
    const union = { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': 'COMMENT' };
    for (const version of activeLinkedinVersions(Date.now())) {
      const res = await read('COMMENT', version);
      expect([version, res.status, res.body.elements[0].metricType]).toEqual([version, 200, version >= METRIC_TYPE_AS_STRING_SINCE ? 'COMMENT' : union]);
    }
    expect((await read('COMMENT', `${activeVersion()}01`)).body.elements[0].metricType).toBe('COMMENT');
    const bad = await read('LIKES');
    expect(bad.status).toBe(400);
    await control(sandbox.url, 'POST', '/__sandbox/clock', { freeze: false });
  });
});
