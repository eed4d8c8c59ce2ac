import type { Request } from 'express';
import OAuth2Strategy from 'passport-oauth2';
import type { LinkedinApi, UserInfo } from './linkedin-api';

/** Binds OAuth `state` values to users: 32 random bytes, short-lived, single use. */
export interface OAuthStateStore {
  issue(userId: string): Promise<string>;
  /** consumes the state when it belongs to userId; 'unknown' covers forged, expired and reused values */
  consume(state: string, userId: string): Promise<'ok' | 'unknown' | 'other-user'>;
}

export interface TokenSet {
  accessToken: string;
  /** seconds */
  expiresIn: number;
  refreshToken: string | null;
  refreshTokenExpiresIn: number | null;
  scopes: string[];
}

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  redirectUri: string;
  scopes: string[];
  requestTimeoutMs: number;
}

/** Why a code exchange did not give us a connection. */
export class OAuthError extends Error {
  constructor(
    readonly kind: 'state' | 'state-other-user' | 'token' | 'unavailable',
    message: string,
    /** LinkedIn's own error and description, when it gave them */
    readonly linkedin: { error?: string; description?: string } = {},
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

type Outcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'success'; user: unknown }
  | { kind: 'fail'; challenge: unknown; status?: number }
  | { kind: 'error'; error: unknown };

interface FakeRequest {
  query: Record<string, string>;
  body: Record<string, string>;
  userId: string;
}

function parseTokenResults(accessToken: string, refreshToken: string | undefined, results: Record<string, unknown>): TokenSet {
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
  return {
    accessToken,
    expiresIn: num(results.expires_in) ?? 60 * 24 * 3600,
    refreshToken: refreshToken || null,
    refreshTokenExpiresIn: refreshToken ? num(results.refresh_token_expires_in) : null,
    // LinkedIn answers a comma-separated scope; be lenient about spaces too
    scopes: String(results.scope ?? '')
      .split(/[\s,]+/)
      .filter(Boolean),
  };
}

/**
 * LinkedIn's authorization code flow through passport-oauth2's OAuth2Strategy, pointed at
 * the configured authorization and token URLs (linkedin.com or the sandbox). The strategy
 * is driven the way passport drives it (redirect / success / fail / error), without
 * sessions: the state lives in Redis, bound to the user.
 */
export class LinkedinOAuth {
  private readonly strategy: OAuth2Strategy;

  constructor(
    private readonly settings: OAuthSettings,
    stateStore: OAuthStateStore,
    api: LinkedinApi,
  ) {
    const store = {
      store: (req: FakeRequest, _meta: unknown, done: (err: Error | null, state?: string) => void) => {
        stateStore.issue(req.userId).then((state) => done(null, state), done);
      },
      verify: (req: FakeRequest, state: string, _meta: unknown, done: (err: Error | null, ok: boolean, info?: unknown) => void) => {
        stateStore.consume(state, req.userId).then(
          (result) => (result === 'ok' ? done(null, true) : done(null, false, { reason: result })),
          (err: Error) => done(err, false),
        );
      },
    };
    this.strategy = new OAuth2Strategy(
      {
        authorizationURL: settings.authUrl,
        tokenURL: settings.tokenUrl,
        clientID: settings.clientId,
        clientSecret: settings.clientSecret,
        callbackURL: settings.redirectUri,
        scope: settings.scopes,
        scopeSeparator: ' ',
        store: store as unknown as OAuth2Strategy.StateStore,
        passReqToCallback: true,
      },
      (_req: Request, accessToken: string, refreshToken: string, results: Record<string, unknown>, profile: UserInfo, done: OAuth2Strategy.VerifyCallback) => {
        done(null, { tokens: parseTokenResults(accessToken, refreshToken, results), profile } as unknown as Express.User);
      },
    );
    // the member's identity comes from OpenID Connect userinfo
    this.strategy.userProfile = (accessToken, done) => {
      api.userinfo(accessToken).then((info) => done(null, info), done);
    };
  }

  private run(req: FakeRequest, options: Record<string, unknown> = {}): Promise<Outcome> {
    return new Promise((resolve) => {
      const action = Object.create(this.strategy) as OAuth2Strategy & Record<string, unknown>;
      action.redirect = (url: string) => resolve({ kind: 'redirect', url });
      action.success = (user: unknown) => resolve({ kind: 'success', user });
      action.fail = (challenge: unknown, status?: number) => resolve({ kind: 'fail', challenge, status });
      action.error = (error: unknown) => resolve({ kind: 'error', error });
      action.pass = () => resolve({ kind: 'error', error: new Error('OAuth strategy passed') });
      action.authenticate(req as unknown as Request, options);
    });
  }

  /** The LinkedIn authorization URL for this user, with a fresh state. */
  async authorizationUrl(userId: string): Promise<{ url: string; state: string }> {
    const outcome = await this.run({ query: {}, body: {}, userId });
    if (outcome.kind !== 'redirect') throw outcome.kind === 'error' ? outcome.error : new Error('Could not build the LinkedIn authorization URL');
    const state = new URL(outcome.url).searchParams.get('state') ?? '';
    return { url: outcome.url, state };
  }

  /** Checks the state, exchanges the code and reads the member's userinfo. */
  async exchange(userId: string, code: string, state: string): Promise<{ tokens: TokenSet; profile: UserInfo }> {
    const outcome = await withTimeout(this.run({ query: {}, body: { code, state }, userId }), this.settings.requestTimeoutMs * 2);
    if (outcome.kind === 'success') return outcome.user as { tokens: TokenSet; profile: UserInfo };
    if (outcome.kind === 'fail') {
      const reason = (outcome.challenge as { reason?: string } | undefined)?.reason;
      throw new OAuthError(reason === 'other-user' ? 'state-other-user' : 'state', 'state rejected');
    }
    if (outcome.kind === 'error') throw toOAuthError(outcome.error);
    throw new Error('Unexpected OAuth outcome');
  }

  /** grant_type=refresh_token; rejects with an OAuthError of kind 'token' when LinkedIn refuses. */
  refresh(refreshToken: string): Promise<TokenSet> {
    const oauth2 = (this.strategy as unknown as { _oauth2: import('oauth').OAuth2 })._oauth2;
    const attempt = new Promise<TokenSet>((resolve, reject) => {
      oauth2.getOAuthAccessToken(refreshToken, { grant_type: 'refresh_token' }, (err, accessToken, newRefreshToken, results) => {
        if (err) return reject(toOAuthError(parseTokenEndpointError(this.strategy, err)));
        if (!accessToken) return reject(new OAuthError('token', 'LinkedIn gave no access token'));
        resolve(parseTokenResults(accessToken, newRefreshToken || refreshToken, results ?? {}));
      });
    });
    return withTimeout(attempt, this.settings.requestTimeoutMs);
  }

  /** Revokes a token at LinkedIn (best effort; callers ignore failures). */
  async revoke(token: string): Promise<boolean> {
    const res = await fetch(this.settings.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.settings.clientId, client_secret: this.settings.clientSecret, token }).toString(),
      signal: AbortSignal.timeout(this.settings.requestTimeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok;
  }
}

/** The strategy's own parsing of a token endpoint error: a TokenError when LinkedIn said why. */
function parseTokenEndpointError(strategy: OAuth2Strategy, err: unknown): unknown {
  const e = err as { statusCode?: number; data?: string };
  if (e && typeof e.statusCode === 'number') {
    try {
      return strategy.parseErrorResponse(e.data, e.statusCode) ?? e;
    } catch {
      return e;
    }
  }
  return err;
}

function toOAuthError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error;
  const e = error as { name?: string; code?: string; message?: string; oauthError?: { statusCode?: number; data?: string }; statusCode?: number; data?: string };
  if (e?.name === 'TokenError') {
    return new OAuthError('token', e.message || e.code || 'LinkedIn refused the code', { error: e.code, description: e.message });
  }
  const inner = e?.oauthError ?? e;
  if (inner && typeof inner.statusCode === 'number') {
    return inner.statusCode >= 500
      ? new OAuthError('unavailable', `LinkedIn answered ${inner.statusCode}`)
      : new OAuthError('token', String(inner.data ?? `LinkedIn answered ${inner.statusCode}`).slice(0, 300));
  }
  // userinfo failures (LinkedinApiError) and network errors end up here
  const kind = (error as { kind?: string })?.kind;
  if (kind === 'unauthorized' || kind === 'forbidden') return new OAuthError('token', (error as Error).message);
  return new OAuthError('unavailable', (error as Error)?.message ?? 'LinkedIn could not be reached');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OAuthError('unavailable', 'LinkedIn did not answer in time')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
