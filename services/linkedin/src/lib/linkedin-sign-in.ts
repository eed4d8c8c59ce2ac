/**
 * Signing a member in with LinkedIn through passport: `passport.authenticate` with a
 * passport-oauth2 strategy (LinkedinStrategy), on a view of the request and the real response,
 * with passport's custom callback so that the spec's JSON calls stay as they are (GET
 * /api/linkedin/auth-url answers { authURL, state }, POST /api/linkedin/callback takes
 * { code, state } from its JSON body and from nowhere else: passport sees that body alone, never
 * the query). The state lives in Redis through the strategy's `store` option: 32 random bytes,
 * bound to the signed-in user, ten minutes, single use (modules/connection/oauth-state.repository.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import OAuth2Strategy from 'passport-oauth2';
import { userOf } from '@postwright/platform';
import type { MemberProfile, MemberReader } from './linkedin-member';
import { OAuthError, parseTokenResults, toOAuthError, withTimeout, type OAuthSettings, type OAuthStateStore, type TokenSet } from './linkedin-oauth';

export interface SignedIn {
  tokens: TokenSet;
  profile: MemberProfile;
}

/** What the strategy hands the route when the member is only starting (auth-url). */
interface Started {
  authorizationUrl: string;
}

interface SignInOptions extends passport.AuthenticateOptions {
  /** an API client asks for the authorization URL: it is handed to the route, not answered with a 302 */
  authorizationUrlOnly?: boolean;
}

/**
 * The state store passport-oauth2 calls (`store` option): it binds each state to the user the
 * request is signed in as, and accepts a state only from that user, once.
 */
function stateStore(states: OAuthStateStore): OAuth2Strategy.StateStore {
  return {
    store(req: Request, meta: OAuth2Strategy.Metadata | OAuth2Strategy.StateStoreStoreCallback, callback?: OAuth2Strategy.StateStoreStoreCallback) {
      const done = typeof meta === 'function' ? meta : callback;
      if (!done) return;
      states.issue(userOf(req).id).then((state) => done(null, state), (err: Error) => done(err, undefined));
    },
    verify(req: Request, state: string, meta: OAuth2Strategy.Metadata | OAuth2Strategy.StateStoreVerifyCallback, callback?: OAuth2Strategy.StateStoreVerifyCallback) {
      const done = typeof meta === 'function' ? meta : callback;
      if (!done) return;
      states.consume(state, userOf(req).id).then(
        (result) => (result === 'ok' ? done(null, true, state) : done(null, false, { reason: result })),
        (err: Error) => done(err, false, undefined),
      );
    },
  };
}

/**
 * passport-oauth2's strategy for LinkedIn. The member is read in the verify step, not in
 * passport's userProfile (which sees the access token alone): the verify step has the token
 * endpoint's whole answer, and with it the id token that names the member (lib/linkedin-member.ts).
 */
export class LinkedinStrategy extends OAuth2Strategy {
  constructor(settings: OAuthSettings, states: OAuthStateStore, members: Pick<MemberReader, 'atConnect'>) {
    super(
      {
        authorizationURL: settings.authUrl,
        tokenURL: settings.tokenUrl,
        clientID: settings.clientId,
        clientSecret: settings.clientSecret,
        callbackURL: settings.redirectUri,
        scope: settings.scopes,
        scopeSeparator: ' ',
        store: stateStore(states),
        passReqToCallback: true,
        skipUserProfile: true,
      },
      // the user is the one signed in to Postwright; what LinkedIn granted, and who the member is, come as the info
      (req: Request, accessToken: string, refreshToken: string, results: Record<string, unknown>, _profile: unknown, done: OAuth2Strategy.VerifyCallback) => {
        const tokens = parseTokenResults(accessToken, refreshToken, results);
        // LinkedIn states the granted scopes; were it silent, the ones asked for say which kind of app this is
        members.atConnect(accessToken, results, tokens.scopes.length ? tokens.scopes : settings.scopes).then(
          (profile) => done(null, userOf(req), { tokens, profile } satisfies SignedIn),
          (err: Error) => done(err),
        );
      },
    );
    this.name = 'linkedin';
  }

  override authenticate(this: passport.StrategyCreated<this>, req: Request, options?: SignInOptions): void {
    if (options?.authorizationUrlOnly) {
      this.redirect = (url: string) => this.success(userOf(req), { authorizationUrl: url } satisfies Started);
    }
    super.authenticate(req, options);
  }

  /**
   * grant_type=refresh_token at LinkedIn's token endpoint, through the strategy's OAuth 2 client
   * (passport-oauth2 leaves `_oauth2` to subclasses for exactly such calls).
   */
  refresh(refreshToken: string, timeoutMs: number): Promise<TokenSet> {
    const attempt = new Promise<TokenSet>((resolve, reject) => {
      this._oauth2.getOAuthAccessToken(refreshToken, { grant_type: 'refresh_token' }, (err, accessToken, newRefreshToken, results) => {
        if (err) return reject(toOAuthError(this.tokenEndpointError(err)));
        if (!accessToken) return reject(new OAuthError('token', 'LinkedIn gave no access token'));
        resolve(parseTokenResults(accessToken, newRefreshToken || refreshToken, results ?? {}));
      });
    });
    return withTimeout(attempt, timeoutMs);
  }

  /** The strategy's own reading of a token endpoint error: a TokenError when LinkedIn said why. */
  private tokenEndpointError(err: unknown): unknown {
    const answer = err as { statusCode?: unknown; data?: unknown };
    if (typeof answer?.statusCode !== 'number') return err;
    try {
      return this.parseErrorResponse(answer.data, answer.statusCode) ?? err;
    } catch {
      return err;
    }
  }
}

/** passport.authenticate with LinkedinStrategy, as promises the routes await. */
export class LinkedinSignIn {
  private readonly passport = new passport.Authenticator();

  constructor(
    readonly strategy: LinkedinStrategy,
    private readonly settings: Pick<OAuthSettings, 'requestTimeoutMs'>,
  ) {
    this.passport.use(strategy.name, strategy);
  }

  /** The LinkedIn authorization URL for the signed-in user, with a fresh state. */
  async authorizationUrl(req: Request, res: Response): Promise<{ url: string; state: string }> {
    const started = await this.run(onlyParams(req, {}), res, { authorizationUrlOnly: true });
    if (!isStarted(started)) throw new Error('Could not build the LinkedIn authorization URL');
    return { url: started.authorizationUrl, state: new URL(started.authorizationUrl).searchParams.get('state') ?? '' };
  }

  /** The callback's code and state, as the route checked them: the state checked, the code exchanged, the member read. */
  async exchange(req: Request, res: Response, params: { code: string; state: string }): Promise<SignedIn> {
    const signedIn = await withTimeout(this.run(onlyParams(req, params), res, {}), this.settings.requestTimeoutMs * 2);
    if (!isSignedIn(signedIn)) throw new OAuthError('state', 'state rejected');
    return signedIn;
  }

  /** passport.authenticate with a custom callback: resolves with the strategy's info, null when it refused the state. */
  private run(req: Request, res: Response, options: SignInOptions): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const next: NextFunction = (err?: unknown) => reject(err ?? new Error('LinkedIn sign-in passed the request on'));
      const settle: passport.AuthenticateCallback = (err, user, info) => {
        if (err) return reject(toOAuthError(err));
        if (user) return resolve(info);
        // the state store refused the state (stateStore above says why)
        const reason = info && typeof info === 'object' && 'reason' in info ? info.reason : null;
        return reason === 'other-user' ? reject(new OAuthError('state-other-user', 'state of another user')) : resolve(null);
      };
      this.passport.authenticate(this.strategy.name, { ...options, session: false }, settle)(req, res, next);
    });
  }
}

/**
 * The request as passport sees it: the signed-in user and headers of the real one, no query, and
 * a body of the given parameters alone. passport-oauth2 reads `code`, `state` and `error` from the
 * query before the body, so on the real request a query could swap in another code or state than
 * the route checked, or end the sign-in with an error.
 */
function onlyParams(req: Request, params: Record<string, string>): Request {
  return Object.create(req, {
    query: { value: {}, enumerable: true },
    body: { value: { ...params }, enumerable: true },
  }) as Request;
}

function isStarted(info: unknown): info is Started {
  return typeof info === 'object' && info !== null && typeof (info as Partial<Started>).authorizationUrl === 'string';
}

function isSignedIn(info: unknown): info is SignedIn {
  return typeof info === 'object' && info !== null && 'tokens' in info && 'profile' in info;
}
