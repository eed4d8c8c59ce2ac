import express, { type Request, type Response, type Router } from 'express';
import type { SandboxConfig } from '../config';
import { consentPage, errorPage } from '../pages';
import type { SandboxState } from '../state';

/** LinkedIn's exact text for a bad, reused, expired or mismatched authorization code. */
const CODE_EXCHANGE_ERROR =
  'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists';
const REFRESH_ERROR = 'Token has been expired or revoked.';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The registered app a request names by client_id, when its secret (if asked for) matches too. */
function appOf(config: Pick<SandboxConfig, 'apps'>, clientId: unknown, clientSecret?: unknown): SandboxConfig['apps'][number] | undefined {
  const app = config.apps.find((a) => a.clientId === clientId);
  return app && (clientSecret === undefined || app.clientSecret === clientSecret) ? app : undefined;
}

export function origin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

/**
 * The origin a browser knows the sandbox by: SANDBOX_PUBLIC_URL when set (in compose or
 * Kubernetes the LinkedIn service calls it by an internal name no browser can reach), else
 * the one this request came to.
 */
export function publicOrigin(req: Request, config: Pick<SandboxConfig, 'publicUrl'>): string {
  return config.publicUrl ?? origin(req);
}

/**
 * The OAuth 2.0 authorization code flow as www.linkedin.com runs it: the consent page
 * (Allow / Cancel), the token endpoint (code exchange and refresh), revocation, and the
 * OpenID Connect discovery document and keys.
 */
export function oauthRoutes(router: Router, state: SandboxState, config: SandboxConfig): void {
  const form = express.urlencoded({ extended: false, limit: '20kb' });

  router.get('/oauth/v2/authorization', (req, res) => {
    const clientId = str(req.query.client_id);
    const redirectUri = str(req.query.redirect_uri);
    const app = appOf(config, clientId);
    if (!clientId || !app) {
      return res.status(400).type('html').send(errorPage('Bummer, something went wrong.', 'The passed in client_id is invalid.'));
    }
    if (!redirectUri || !config.redirectUris.includes(redirectUri)) {
      return res
        .status(400)
        .type('html')
        .send(errorPage('Bummer, something went wrong.', 'The redirect_uri does not match the registered value.'));
    }
    const stateParam = str(req.query.state);
    const back = (params: Record<string, string>) => redirectBack(res, redirectUri, params, stateParam);
    if (req.query.response_type !== 'code') {
      return back({ error: 'invalid_request', error_description: 'A required parameter "response_type" is missing or invalid' });
    }
    const scopes = [...new Set((str(req.query.scope) ?? '').split(/[\s,]+/).filter(Boolean))];
    if (scopes.length === 0) return back({ error: 'invalid_request', error_description: 'A required parameter "scope" is missing' });
    // only what the app's products grant (LinkedIn's Products tab); anything else is refused before consent
    const unknown = scopes.find((s) => !app.scopes.includes(s));
    if (unknown) {
      return back({ error: 'unauthorized_scope_error', error_description: `Scope "${unknown}" is not authorized for your application` });
    }
    const request = state.newAuthorizationRequest({ clientId, redirectUri, state: stateParam, scopes });
    res.type('html').send(consentPage(request, 'Postwright'));
  });

  router.post('/oauth/v2/authorization/decision', form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const request = state.authorizationRequests.get(str(body.request_id) ?? '');
    if (!request || request.expiresAt < state.now()) {
      return res.status(400).type('html').send(errorPage('This sign-in request has expired', 'Go back to the app and connect again.'));
    }
    state.authorizationRequests.delete(request.id);
    if (body.decision === 'cancel') {
      return redirectBack(res, request.redirectUri, { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization' }, request.state);
    }
    if (body.decision !== 'allow') return res.status(400).type('html').send(errorPage('Bummer, something went wrong.', 'Choose Allow or Cancel.'));
    const member = state.upsertMember({
      givenName: str(body.given_name) ?? 'Alex',
      familyName: str(body.family_name) ?? 'Morgan',
      email: str(body.email) || 'alex.morgan@example.com',
      withPicture: body.with_picture === '1',
    });
    const code = state.newCode({ clientId: request.clientId, redirectUri: request.redirectUri, sub: member.sub, scopes: request.scopes });
    redirectBack(res, request.redirectUri, { code }, request.state);
  });

  router.post('/oauth/v2/accessToken', form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.set('cache-control', 'no-store');
    for (const field of ['grant_type', 'client_id']) {
      if (!str(body[field])) return res.status(400).json({ error: 'invalid_request', error_description: `A required parameter "${field}" is missing` });
    }
    if (!appOf(config, body.client_id, body.client_secret ?? null)) {
      return res.status(401).json({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const now = state.now();
    if (body.grant_type === 'authorization_code') {
      for (const field of ['code', 'redirect_uri']) {
        if (!str(body[field])) return res.status(400).json({ error: 'invalid_request', error_description: `A required parameter "${field}" is missing` });
      }
      const code = state.codes.get(str(body.code)!);
      if (!code || code.used || code.expiresAt < now || code.redirectUri !== body.redirect_uri || code.clientId !== body.client_id) {
        if (code) code.used = true;
        return res.status(400).json({ error: 'invalid_request', error_description: CODE_EXCHANGE_ERROR });
      }
      code.used = true;
      const member = state.members.get(code.sub)!;
      const grant = state.newGrant({ sub: code.sub, clientId: code.clientId, scopes: code.scopes });
      const ttl = config.SANDBOX_ACCESS_TOKEN_TTL_SECONDS;
      const accessToken = state.issueAccessToken(grant.id, ttl);
      // the fresh-token fault: LinkedIn answering 401 to a token it has only just issued
      state.armFreshToken(accessToken);
      const answer: Record<string, unknown> = {
        access_token: accessToken,
        expires_in: ttl - 1,
        scope: [...grant.scopes].sort().join(','),
        token_type: 'Bearer',
      };
      if (config.SANDBOX_REFRESH_TOKENS) {
        answer.refresh_token = state.issueRefreshToken(grant.id, config.SANDBOX_REFRESH_TOKEN_TTL_SECONDS);
        answer.refresh_token_expires_in = config.SANDBOX_REFRESH_TOKEN_TTL_SECONDS - 1;
      }
      if (grant.scopes.includes('openid')) answer.id_token = state.idToken(`${publicOrigin(req, config)}/oauth`, code.clientId, member, grant.scopes);
      return res.json(answer);
    }
    if (body.grant_type === 'refresh_token') {
      if (!str(body.refresh_token)) {
        return res.status(400).json({ error: 'invalid_request', error_description: 'A required parameter "refresh_token" is missing' });
      }
      const refresh = state.refreshTokens.get(str(body.refresh_token)!);
      const grant = refresh ? state.grants.get(refresh.grantId) : undefined;
      if (!refresh || !grant || grant.revoked || refresh.expiresAt < now || grant.clientId !== body.client_id) {
        return res.status(400).json({ error: 'invalid_grant', error_description: REFRESH_ERROR });
      }
      const ttl = config.SANDBOX_ACCESS_TOKEN_TTL_SECONDS;
      // the refresh token keeps its own lifetime: using it does not extend it
      return res.json({
        access_token: state.issueAccessToken(grant.id, ttl),
        expires_in: ttl - 1,
        refresh_token: body.refresh_token,
        refresh_token_expires_in: Math.max(0, Math.floor((refresh.expiresAt - now) / 1000)),
        scope: [...grant.scopes].sort().join(','),
        token_type: 'Bearer',
      });
    }
    return res.status(400).json({ error: 'unsupported_grant_type', error_description: `The grant type "${String(body.grant_type)}" is not supported` });
  });

  router.post('/oauth/v2/revoke', form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!appOf(config, body.client_id, body.client_secret ?? null)) {
      return res.status(401).json({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const token = str(body.token);
    if (!token) return res.status(400).json({ error: 'invalid_request', error_description: 'A required parameter "token" is missing' });
    const issued = state.accessTokens.get(token) ?? state.refreshTokens.get(token);
    const grant = issued ? state.grants.get(issued.grantId) : undefined;
    if (grant) grant.revoked = true;
    res.status(200).end();
  });

  router.get('/oauth/.well-known/openid-configuration', (req, res) => {
    const base = origin(req);
    res.json({
      issuer: `${base}/oauth`,
      authorization_endpoint: `${base}/oauth/v2/authorization`,
      token_endpoint: `${base}/oauth/v2/accessToken`,
      userinfo_endpoint: `${base}/v2/userinfo`,
      jwks_uri: `${base}/oauth/openid/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email'],
      claims_supported: ['iss', 'aud', 'iat', 'exp', 'sub', 'name', 'given_name', 'family_name', 'picture', 'email', 'email_verified', 'locale'],
    });
  });

  router.get('/oauth/openid/jwks', (_req, res) => {
    const jwk = state.signingKey.publicKey.export({ format: 'jwk' });
    res.json({ keys: [{ ...jwk, kid: state.signingKey.kid, use: 'sig', alg: 'RS256' }] });
  });
}

function redirectBack(res: Response, redirectUri: string, params: Record<string, string>, stateParam: string | undefined): void {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  if (stateParam !== undefined) target.searchParams.set('state', stateParam);
  res.redirect(302, target.toString());
}
