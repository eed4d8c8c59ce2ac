import type { Request, RequestHandler, Response } from 'express';
import { AppError, createTokenVerifier, type Metrics, type RevokedSessions } from '@postwright/platform';
import type { GatewayConfig } from './config';
import { isPublic } from './routes';

export type AccessCheck = (method: string, path: string, authorization: string | undefined) => Express.User | undefined | Promise<Express.User>;

/**
 * Checks the access token (RS256 only, so `alg: none` and HMAC tokens are refused; issued by
 * auth for the API) against the configured public key(s), or the auth service's JWKS, which a
 * made-up key id cannot make it read more than once every JWKS_REFETCH_SECONDS (platform/auth.ts).
 * The gateway rejects early; each service verifies again.
 *
 * A token that verified is remembered by its exact text until it expires (at most
 * VERIFIED_TTL_MS): the RSA check costs about 30 µs and a client sends the same token with every
 * request, so checking it once per token instead of once per request is most of the gateway's
 * own CPU under load. A remembered token is the same bytes that verified, so nothing can be
 * swapped in; expiry is checked on every request exactly as jsonwebtoken checks it.
 *
 * A token whose session has ended (logout, a replayed refresh token) is refused at once, remembered
 * or not: `revoked` is a local copy kept current through Redis pub/sub, one Map lookup here.
 */
export function accessCheck(config: GatewayConfig, revoked: Pick<RevokedSessions, 'isRevoked'>, metrics?: Metrics): AccessCheck {
  const verifier = createTokenVerifier({
    ...(config.JWT_PUBLIC_KEY
      ? { publicKey: config.JWT_PUBLIC_KEY }
      : { jwksUrl: new URL('/.well-known/jwks.json', config.AUTH_URL).toString(), jwksRefetchMs: config.JWKS_REFETCH_SECONDS * 1000 }),
    metrics,
  });
  const verified = new VerifiedTokens();
  /**
   * The user the request's token names; undefined when the route needs no token. Throws (or
   * rejects with) AUTH.MISSING_TOKEN, AUTH.TOKEN_EXPIRED, AUTH.TOKEN_INVALID (the same messages as
   * every service) or AUTH.SESSION_REVOKED.
   */
  return (method, path, authorization) => {
    if (!path.startsWith('/api/') || method === 'OPTIONS' || isPublic(method, path)) return undefined;
    const token = bearerToken(authorization);
    if (!token) throw AppError.of('AUTH.MISSING_TOKEN');
    const known = verified.get(token);
    if (known) {
      if (known.sid !== undefined && revoked.isRevoked(known.sid)) throw sessionEnded();
      return known.user;
    }
    return verifier.verify(token).then((claims) => {
      const user = { id: claims.sub, role: claims.role, tier: claims.tier };
      verified.set(token, user, claims.sid, expiryOf(token));
      if (claims.sid !== undefined && revoked.isRevoked(claims.sid)) throw sessionEnded();
      return user;
    });
  };
}

/**
 * The same check as Express middleware, for the routes Express answers (the API's health and
 * documentation, unknown API routes); `refused` turns a refusal into the answer to send (the
 * address's rate limit counts it).
 */
export function authenticate(check: AccessCheck, refused: (req: Request, res: Response, error: unknown) => unknown = (_req, _res, error) => error): RequestHandler {
  return (req, res, next) => {
    const refuse = (error: unknown) => {
      const answer = refused(req, res, error);
      if (answer instanceof Promise) answer.then(next, next);
      else next(answer);
    };
    let user: ReturnType<AccessCheck>;
    try {
      user = check(req.method, req.path, req.headers.authorization);
    } catch (error) {
      return refuse(error);
    }
    if (!(user instanceof Promise)) {
      if (user) req.user = user;
      return next();
    }
    user.then((u) => {
      req.user = u;
      next();
    }, refuse);
  };
}

/** Its own code, so logs tell it from a bad token; the web app answers every 401 alike (refresh, else log out). */
const sessionEnded = () => AppError.of('AUTH.SESSION_REVOKED');

/** The Authorization header read as passport-jwt's bearer extractor read it, so the same headers pass. */
const AUTH_HEADER = /(\S+)\s+(\S+)/;
function bearerToken(header: string | undefined): string | null {
  if (typeof header !== 'string' || !header) return null;
  const match = AUTH_HEADER.exec(header);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : null;
}

/** `exp` of a token that verified (the claims schema leaves it out). */
function expiryOf(token: string): number | undefined {
  const exp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp?: unknown }).exp;
  return typeof exp === 'number' ? exp : undefined;
}

/** Bounds both memory and how long a remembered token outlives a change of signing key. */
const VERIFIED_TTL_MS = 5 * 60_000;
const VERIFIED_MAX = 10_000;

class VerifiedTokens {
  private readonly entries = new Map<string, { user: Express.User; sid: string | undefined; validUntilMs: number; exp: number | undefined }>();

  get(token: string): { user: Express.User; sid: string | undefined } | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = Date.now();
    // jsonwebtoken's rule: expired when the current whole second reaches exp
    if (now >= entry.validUntilMs || (entry.exp !== undefined && Math.floor(now / 1000) >= entry.exp)) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, user: Express.User, sid: string | undefined, exp: number | undefined): void {
    // oldest first: a Map iterates in insertion order
    if (this.entries.size >= VERIFIED_MAX) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { user, sid, validUntilMs: Date.now() + VERIFIED_TTL_MS, exp });
  }
}
