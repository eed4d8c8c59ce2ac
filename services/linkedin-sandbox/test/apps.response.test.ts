import { randomBytes } from 'node:crypto';
import type { ConfigError } from '@postwright/platform';
import { readConfig } from '../src/config';
import type { RunningSandbox } from '../src/server';
import {
  accessToken,
  api,
  authorizationCode,
  authorizeUrl,
  CLIENT_SECRET,
  COMMUNITY_CLIENT_ID,
  communityToken,
  control,
  exchange,
  postBody,
  startSandbox,
  tokenRequest,
} from './support';

/** Where the authorization endpoint sends the browser, without following it. */
async function authorizeAnswer(base: string, params: Record<string, string | undefined>): Promise<{ status: number; location: URL | null }> {
  const res = await fetch(authorizeUrl(base, params), { redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : null };
}

const refused = (scope: string) => ({
  error: 'unauthorized_scope_error',
  error_description: `Scope "${scope}" is not authorized for your application`,
  state: 'st-123',
});
const paramsOf = (url: URL | null) => Object.fromEntries(url?.searchParams ?? []);

describe('sandbox apps: products grant scopes, as on LinkedIn', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  test.each(['r_member_postAnalytics', 'r_basicprofile'])(
    'when the share app (OpenID Connect and Share on LinkedIn) asks for %s, then the browser comes back with unauthorized_scope_error before any consent',
    async (scope) => {
      const { status, location } = await authorizeAnswer(sandbox.url, { scope: `openid profile email w_member_social ${scope}` });
      expect(status).toBe(302);
      expect(location!.origin + location!.pathname).toBe('http://localhost:8080/linkedin/callback');
      expect(paramsOf(location)).toEqual(refused(scope));
    },
  );

  test('when the Community Management app asks for openid, profile or email, then it is refused the same way: that app has no other product', async () => {
    for (const scope of ['openid', 'profile', 'email']) {
      const { location } = await authorizeAnswer(sandbox.url, { client_id: COMMUNITY_CLIENT_ID, scope: `r_basicprofile w_member_social ${scope}` });
      expect(paramsOf(location)).toEqual(refused(scope));
    }
  });

  test('when the Community Management app is granted its scopes, then the token has no id token, userinfo is refused, and /v2/me, posts and analytics answer', async () => {
    const grant = await communityToken(sandbox.url, { given_name: 'Rae', family_name: 'Okafor', email: 'rae@example.com' });
    expect(grant).toEqual({ access_token: expect.stringMatching(/^AQV/), expires_in: 5183999, scope: 'r_basicprofile,r_member_postAnalytics,w_member_social', token_type: 'Bearer' });
    expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token })).status).toBe(403);
    const me = await api(sandbox.url, 'GET', '/v2/me', { token: grant.access_token });
    expect(me.body).toMatchObject({ localizedFirstName: 'Rae', localizedLastName: 'Okafor', localizedHeadline: expect.any(String), vanityName: expect.any(String) });
    const created = await api(sandbox.url, 'POST', '/rest/posts', { token: grant.access_token, body: postBody(me.body.id, 'From the community app') });
    expect(created.status).toBe(201);
    const urn = created.headers.get('x-restli-id')!;
    const analytics = await api(sandbox.url, 'GET', `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=REACTION&aggregation=TOTAL`, { token: grant.access_token });
    expect(analytics.status).toBe(200);
  });

  test('when the same person signs in through either app, then both know them by the same member id', async () => {
    const share = await accessToken(sandbox.url, {}, { email: 'both@example.com' });
    const community = await communityToken(sandbox.url, { email: 'both@example.com' });
    const sub = (await api(sandbox.url, 'GET', '/v2/userinfo', { token: share.access_token })).body.sub;
    expect((await api(sandbox.url, 'GET', '/v2/me', { token: community.access_token })).body.id).toBe(sub);
  });

  test("when /v2/me is read with a projection, then only the named fields come back, the picture decorated with its sizes and each one's URL", async () => {
    const grant = await communityToken(sandbox.url, { given_name: 'Pia', family_name: 'Lund', email: 'pia@example.com', with_picture: '1' });
    const projection = '(id,localizedFirstName,localizedLastName,profilePicture(displayImage~:playableStreams))';
    const res = await api(sandbox.url, 'GET', `/v2/me?projection=${encodeURIComponent(projection)}`, { token: grant.access_token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'localizedFirstName', 'localizedLastName', 'profilePicture']);
    const decorated = res.body.profilePicture['displayImage~'];
    expect(res.body.profilePicture.displayImage).toMatch(/^urn:li:digitalmediaAsset:/);
    expect(decorated.elements.map((e: any) => e.data['com.linkedin.digitalmedia.mediaartifact.StillImage'].storageSize.width)).toEqual([100, 200, 400, 800]);
    const largest = decorated.elements.at(-1).identifiers[0].identifier as string;
    expect(largest).toContain(`/media/profile/${res.body.id}.svg`);
    expect((await fetch(largest)).headers.get('content-type')).toMatch(/image\/svg\+xml/);

    // LinkedIn's own example spells the decoration with the asset type; without a picture there is no field
    const bare = await communityToken(sandbox.url, { email: 'no.photo@example.com', with_picture: null });
    const spelled = await api(sandbox.url, 'GET', `/v2/me?projection=${encodeURIComponent('(id,profilePicture(displayImage~digitalmediaAsset:playableStreams))')}`, { token: bare.access_token });
    expect(spelled.body).toEqual({ id: expect.any(String) });
  });

  test("when one app's code is exchanged by the other app, then LinkedIn's code error; with the wrong secret, invalid_client", async () => {
    const code = await authorizationCode(sandbox.url, {}, { email: 'swap@example.com' });
    const swapped = await exchange(sandbox.url, code, COMMUNITY_CLIENT_ID);
    expect(swapped.status).toBe(400);
    expect(swapped.body.error).toBe('invalid_request');
    const wrongSecret = await tokenRequest(sandbox.url, { grant_type: 'authorization_code', code: 'x', redirect_uri: 'x', client_id: COMMUNITY_CLIENT_ID, client_secret: 'nope' });
    expect(wrongSecret).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } });
  });

  test('when the Community Management app has a secret of its own, then it takes that one and not the share app’s', async () => {
    const own = randomBytes(32).toString('base64url');
    const separate = await startSandbox({ SANDBOX_COMMUNITY_CLIENT_SECRET: own });
    try {
      const code = await authorizationCode(separate.url, { client_id: COMMUNITY_CLIENT_ID }, { email: 'own@example.com' });
      const fields = { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:8080/linkedin/callback', client_id: COMMUNITY_CLIENT_ID };
      expect((await tokenRequest(separate.url, { ...fields, client_secret: CLIENT_SECRET })).status).toBe(401);
      expect((await tokenRequest(separate.url, { ...fields, client_secret: own })).status).toBe(200);
    } finally {
      await separate.stop();
    }
  });

  test('when the share app is registered with OpenID Connect alone, then w_member_social is refused at the authorization endpoint', async () => {
    const signInOnly = await startSandbox({ SANDBOX_PRODUCTS: 'openid-connect' });
    try {
      const { location } = await authorizeAnswer(signInOnly.url, {});
      expect(paramsOf(location)).toEqual(refused('w_member_social'));
    } finally {
      await signInOnly.stop();
    }
  });
});

describe('sandbox apps: configuration', () => {
  const refusals = (env: Record<string, string | undefined>) => {
    try {
      readConfig(env);
    } catch (error) {
      return (error as ConfigError).problems;
    }
    return [];
  };

  test('when nothing is set, then two apps: the share app and a Community Management app, one secret serving both', () => {
    const config = readConfig({});
    expect(config.apps).toEqual([
      { clientId: 'postwright-sandbox', clientSecret: 'postwright-sandbox-secret', products: ['openid-connect', 'share'], scopes: ['openid', 'profile', 'email', 'w_member_social'] },
      {
        clientId: 'postwright-sandbox-community',
        clientSecret: 'postwright-sandbox-secret',
        products: ['community-management'],
        scopes: expect.arrayContaining(['r_basicprofile', 'w_member_social', 'r_member_postAnalytics']),
      },
    ]);
    expect(config.apps[1].scopes).not.toEqual(expect.arrayContaining(['openid']));
  });

  test('when the share app is given the Community Management API beside other products, or an unknown product, then start-up refuses, naming both problems', () => {
    expect(refusals({ SANDBOX_PRODUCTS: 'openid-connect,share,community-management', SANDBOX_COMMUNITY_CLIENT_ID: 'postwright-sandbox' })).toEqual([
      'SANDBOX_PRODUCTS: the Community Management API cannot share an app with other products (LinkedIn grants it only to an app of its own)',
      'SANDBOX_COMMUNITY_CLIENT_ID: must differ from SANDBOX_CLIENT_ID: the Community Management app is a separate app',
    ]);
    expect(refusals({ SANDBOX_PRODUCTS: 'share,marketing' })).toEqual(['SANDBOX_PRODUCTS: unknown product "marketing": use openid-connect, share, community-management']);
  });

  test('when NODE_ENV is production with a short Community Management secret of its own, then start-up refuses it; without one, the shared generated secret serves', () => {
    const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://postwright.example', SANDBOX_CLIENT_SECRET: randomBytes(32).toString('base64url') };
    expect(readConfig(deployed).apps.map((a) => a.clientSecret)).toEqual([deployed.SANDBOX_CLIENT_SECRET, deployed.SANDBOX_CLIENT_SECRET]);
    expect(refusals({ ...deployed, SANDBOX_COMMUNITY_CLIENT_SECRET: 'short' })).toEqual([expect.stringMatching(/^SANDBOX_COMMUNITY_CLIENT_SECRET: /)]);
  });
});

describe('sandbox fault: a just-issued token refused for a moment', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterEach(() => control(sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => sandbox?.stop());

  test('when the fresh-token fault is on for 2 calls, then the next token issued answers its first 2 calls 401 REVOKED_ACCESS_TOKEN (65601), then works; earlier tokens are untouched', async () => {
    const earlier = await accessToken(sandbox.url, {}, { email: 'fresh@example.com' });
    expect((await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'fresh-token', count: 2 })).status).toBe(201);
    // armed until a token is issued: other calls do not spend it
    expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: earlier.access_token })).status).toBe(200);
    const fresh = await accessToken(sandbox.url, {}, { email: 'fresh@example.com' });
    expect((await control(sandbox.url, 'GET', '/__sandbox/faults')).body.faults).toEqual([]);
    const revoked = { status: 401, serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user' };
    expect(await api(sandbox.url, 'GET', '/v2/userinfo', { token: fresh.access_token })).toMatchObject({ status: 401, body: revoked });
    expect(await api(sandbox.url, 'GET', '/v2/userinfo', { token: fresh.access_token })).toMatchObject({ status: 401, body: revoked });
    expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: fresh.access_token })).status).toBe(200);
    expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: earlier.access_token })).status).toBe(200);
  });
});
