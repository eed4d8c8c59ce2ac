import { createPublicKey, verify } from 'node:crypto';
import type { RunningSandbox } from '../src/server';
import {
  accessToken,
  api,
  authorizationCode,
  authorizeUrl,
  CLIENT_ID,
  COMMUNITY_CLIENT_ID,
  control,
  exchange,
  REDIRECT_URI,
  startSandbox,
  submitConsent,
  tokenRequest,
} from './support';

const CODE_ERROR = {
  error: 'invalid_request',
  error_description:
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
};

describe('sandbox OAuth', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  test('when the consent page opens, then it is an HTML form with Allow and Cancel buttons and the requested permissions', async () => {
    const res = await fetch(authorizeUrl(sandbox.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<form method="post" action="\/oauth\/v2\/authorization\/decision">/);
    expect(html).toMatch(/>Allow<\/button>/);
    expect(html).toMatch(/>Cancel<\/button>/);
    expect(html).toContain('Create, modify, and delete posts');
    // the Community Management app asks for what its product grants
    const community = await (await fetch(authorizeUrl(sandbox.url, { client_id: COMMUNITY_CLIENT_ID }))).text();
    expect(community).toContain('Retrieve analytics for your posts');
  });

  test('when the consent page opens, then it carries security headers: no framing, forms only to itself and the redirect URI', async () => {
    const res = await fetch(authorizeUrl(sandbox.url));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${new URL(REDIRECT_URI).origin}`);
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('when the member presses Allow, then the browser is sent to redirect_uri with a code and the same state', async () => {
    const { status, location } = await submitConsent(authorizeUrl(sandbox.url, { state: 'abc DEF/+=' }), 'Allow');
    expect(status).toBe(302);
    const url = new URL(location!);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code')).toMatch(/^AQ/);
    expect(url.searchParams.get('state')).toBe('abc DEF/+=');
  });

  test('when the member presses Cancel, then the browser returns with error=user_cancelled_authorize, a description and the state', async () => {
    const { status, location } = await submitConsent(authorizeUrl(sandbox.url), 'Cancel');
    expect(status).toBe(302);
    const url = new URL(location!);
    expect(url.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(url.searchParams.get('error_description')).toBe('The user cancelled the authorization');
    expect(url.searchParams.get('state')).toBe('st-123');
    expect(url.searchParams.get('code')).toBeNull();
  });

  test('when the redirect_uri is not the registered one, then an error page shows and nothing redirects', async () => {
    const res = await fetch(authorizeUrl(sandbox.url, { redirect_uri: 'https://evil.example/cb' }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('The redirect_uri does not match the registered value.');
  });

  test('when an unknown scope is asked for, then the browser returns with unauthorized_scope_error', async () => {
    const res = await fetch(authorizeUrl(sandbox.url, { scope: 'openid r_everything' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.searchParams.get('error')).toBe('unauthorized_scope_error');
    expect(url.searchParams.get('error_description')).toBe('Scope "r_everything" is not authorized for your application');
  });

  test('when scopes are comma-separated, then they are accepted like space-separated ones', async () => {
    const body = await accessToken(sandbox.url, { scope: 'openid,profile,w_member_social' });
    expect(body.scope).toBe('openid,profile,w_member_social');
  });

  test('when a code is exchanged, then the answer has LinkedIn shape with a comma-separated scope, a verifiable id token and, as for a self-serve app, no refresh token', async () => {
    const code = await authorizationCode(sandbox.url, {}, { given_name: 'Dana', family_name: 'Reyes', email: 'dana@example.com' });
    const { status, body } = await exchange(sandbox.url, code);
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^AQV/),
      expires_in: 5183999,
      scope: 'email,openid,profile,w_member_social',
      token_type: 'Bearer',
      id_token: expect.any(String),
    });
    const [h, p, s] = body.id_token.split('.');
    const jwks = (await (await fetch(`${sandbox.url}/oauth/openid/jwks`)).json()) as { keys: import("node:crypto").JsonWebKey[] };
    const key = createPublicKey({ key: jwks.keys[0], format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(claims).toMatchObject({ iss: `${sandbox.url}/oauth`, aud: CLIENT_ID, given_name: 'Dana', family_name: 'Reyes', email: 'dana@example.com' });
    const discovery = (await (await fetch(`${sandbox.url}/oauth/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(`${sandbox.url}/oauth`);
    // tests find a member by the email they signed in with (the control API, not part of LinkedIn)
    const found = await control(sandbox.url, 'GET', `/__sandbox/members?email=${encodeURIComponent('DANA@example.com')}`);
    expect(found.body.members).toEqual([expect.objectContaining({ sub: claims.sub, email: 'dana@example.com' })]);
  });

  test('when a code is used twice, then the second exchange fails with LinkedIn exact error body', async () => {
    const code = await authorizationCode(sandbox.url);
    expect((await exchange(sandbox.url, code)).status).toBe(200);
    const again = await exchange(sandbox.url, code);
    expect(again).toEqual({ status: 400, body: CODE_ERROR });
  });

  test('when a code is older than 30 minutes, then it is refused', async () => {
    const code = await authorizationCode(sandbox.url);
    await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: 30 * 60 + 1 });
    expect(await exchange(sandbox.url, code)).toEqual({ status: 400, body: CODE_ERROR });
  });

  test('when the redirect_uri of the exchange differs, or the code is made up, then it is refused', async () => {
    const code = await authorizationCode(sandbox.url);
    const other = await tokenRequest(sandbox.url, { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:8080/other' });
    expect(other).toEqual({ status: 400, body: CODE_ERROR });
    expect(await exchange(sandbox.url, 'AQmadeup')).toEqual({ status: 400, body: CODE_ERROR });
  });

  test('when the client secret is wrong, then the token endpoint answers 401 invalid_client', async () => {
    const code = await authorizationCode(sandbox.url);
    const res = await tokenRequest(sandbox.url, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_secret: 'nope' });
    expect(res).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } });
  });

  test('when an access token outlives its 60 days, then calls answer 401 EXPIRED_ACCESS_TOKEN', async () => {
    const grant = await accessToken(sandbox.url);
    await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: 5_184_000 });
    const res = await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token });
    expect(res).toMatchObject({ status: 401, body: { status: 401, serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' } });
  });

  test('when a refresh token is presented to the self-serve sandbox, then it is refused like any unknown one', async () => {
    const grant = await accessToken(sandbox.url);
    expect(grant.refresh_token).toBeUndefined();
    const res = await tokenRequest(sandbox.url, { grant_type: 'refresh_token', refresh_token: 'AQXmadeup' });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });
  });
});

describe('sandbox OAuth for an approved partner app (SANDBOX_REFRESH_TOKENS=true)', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ SANDBOX_REFRESH_TOKENS: 'true' });
  });
  afterAll(() => sandbox?.stop());

  test('when a code is exchanged, then a 365-day refresh token comes with the access token', async () => {
    const body = await accessToken(sandbox.url);
    expect(body).toMatchObject({ expires_in: 5183999, refresh_token: expect.any(String), refresh_token_expires_in: 31535999 });
  });

  test('when a refresh token is used, then a new access token comes back and the refresh token keeps its lifetime', async () => {
    const first = await accessToken(sandbox.url);
    await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: 100 });
    const { status, body } = await tokenRequest(sandbox.url, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(status).toBe(200);
    expect(body.access_token).not.toBe(first.access_token);
    expect(body.refresh_token).toBe(first.refresh_token);
    expect(body.refresh_token_expires_in).toBeLessThanOrEqual(31536000 - 100);
    expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: body.access_token })).status).toBe(200);
  });

  test('when a refresh token is expired or revoked, then the answer is invalid_grant with LinkedIn text', async () => {
    const grant = await accessToken(sandbox.url);
    await control(sandbox.url, 'POST', '/__sandbox/tokens/expire', { includeRefresh: true });
    const res = await tokenRequest(sandbox.url, { grant_type: 'refresh_token', refresh_token: grant.refresh_token });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });
  });

  test('when a token is revoked, then API calls with it answer 401 REVOKED_ACCESS_TOKEN and its refresh token is dead', async () => {
    const grant = await accessToken(sandbox.url);
    const revoke = await fetch(`${sandbox.url}/oauth/v2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: 'postwright-sandbox-secret', token: grant.access_token }).toString(),
    });
    expect(revoke.status).toBe(200);
    const me = await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ code: 'REVOKED_ACCESS_TOKEN', serviceErrorCode: 65601 });
    const refresh = await tokenRequest(sandbox.url, { grant_type: 'refresh_token', refresh_token: grant.refresh_token });
    expect(refresh.body.error).toBe('invalid_grant');
  });
});
