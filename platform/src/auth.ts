import { createHash, createPublicKey, timingSafeEqual, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenClaimsSchema, type AccessTokenClaims, type UserRole } from '@postwright/contracts';
import { AppError } from './errors';
import type { Metrics } from './metrics';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User {
      id: string;
      role: UserRole;
      tier: string;
      /** the session (the refresh token family) the access token belongs to */
      sessionId?: string;
    }
    interface Request {
      user?: User;
    }
  }
}

export interface TokenVerifier {
  verify(token: string): Promise<AccessTokenClaims>;
}

export interface TokenVerifierSource {
  /** one or more PEM public keys (a rotation lists the next key beside the current one); `\n` escapes are read as line breaks */
  publicKey?: string;
  /** the auth service's JWKS, read when no key is configured */
  jwksUrl?: string;
  /** an unknown key id makes the JWKS be read again only this long after the last read (10 s) */
  jwksRefetchMs?: number;
  /** where failed JWKS reads are counted (postwright_jwks_fetch_failures_total) */
  metrics?: Metrics;
}

/**
 * Verifies RS256 access tokens issued by the auth service for the API (`iss`, `aud`), with the
 * configured public key(s), or with the auth service's JWKS. Any other algorithm, `none`
 * included, is refused before a key is looked for.
 *
 * The JWKS is never read on a client's say-so alone: a token naming a key id that is not known is
 * refused without a fetch unless the key set was last read more than `jwksRefetchMs` ago, one read
 * at a time, shared. So junk tokens with made-up key ids cost at most one small request every few
 * seconds and can never crowd out the real key, which stays known even when a read fails; a new
 * key (a rotation) is picked up within `jwksRefetchMs` of its first token.
 */
export function createTokenVerifier(source: TokenVerifierSource): TokenVerifier {
  const failures = source.metrics?.counter('postwright_jwks_fetch_failures_total', 'Reads of the auth service\'s JWKS that failed (no answer, an error status, no usable key)');
  const keys: KeySource = source.publicKey ? staticKeys(source.publicKey) : new JwksKeys(source.jwksUrl!, source.jwksRefetchMs ?? 10_000, () => failures?.inc());
  return {
    async verify(token) {
      const header = headerOf(token);
      if (!header || header.alg !== 'RS256') throw AppError.of('AUTH.TOKEN_INVALID');
      const key = await keys.find(header.kid);
      if (!key) throw AppError.of('AUTH.TOKEN_INVALID');
      let decoded: unknown;
      try {
        decoded = jwt.verify(token, key, { algorithms: ['RS256'], issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
      } catch (err) {
        throw AppError.of((err as Error).name === 'TokenExpiredError' ? 'AUTH.TOKEN_EXPIRED' : 'AUTH.TOKEN_INVALID');
      }
      const claims = accessTokenClaimsSchema.safeParse(decoded);
      if (!claims.success) throw AppError.of('AUTH.TOKEN_INVALID');
      return claims.data;
    },
  };
}

/** The RFC 7638 thumbprint of an RSA public key: the `kid` the auth service signs with and its JWKS names. */
export function keyIdOf(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  return createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).digest('base64url');
}

/** Each PEM public key in a setting (one, or several for a rotation), RSA only. Throws naming what is wrong. */
export function parsePublicKeys(text: string): KeyObject[] {
  const unescaped = text.replace(/\\n/g, '\n').trim();
  const blocks = unescaped.match(/-----BEGIN [A-Z ]*PUBLIC KEY-----[\s\S]*?-----END [A-Z ]*PUBLIC KEY-----/g) ?? [unescaped];
  return blocks.map((block, i) => {
    let key: KeyObject;
    try {
      key = createPublicKey(block);
    } catch (error) {
      throw new Error(`JWT_PUBLIC_KEY: key ${i + 1} is not a PEM public key`, { cause: error });
    }
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`JWT_PUBLIC_KEY: key ${i + 1} is not an RSA key (tokens are signed RS256)`);
    return key;
  });
}

interface KeySource {
  find(kid: string | undefined): Promise<KeyObject | undefined> | KeyObject | undefined;
}

function staticKeys(text: string): KeySource {
  const byId = new Map(parsePublicKeys(text).map((key) => [keyIdOf(key), key]));
  // a token without a key id (none are issued so) can only mean the one key there is
  const only = byId.size === 1 ? [...byId.values()][0] : undefined;
  return { find: (kid) => (kid === undefined ? only : byId.get(kid)) };
}

/** The decoded JOSE header, or null when the token is not three base64url parts with a JSON header. */
function headerOf(token: string): { alg?: unknown; kid?: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as unknown;
    if (!header || typeof header !== 'object') return null;
    const { alg, kid } = header as { alg?: unknown; kid?: unknown };
    if (kid !== undefined && typeof kid !== 'string') return null;
    return { alg, kid: kid as string | undefined };
  } catch {
    return null;
  }
}

/** A failed read is tried again after this, whatever the setting: the auth service may be starting. */
const JWKS_RETRY_AFTER_FAILURE_MS = 1_000;
/** Known keys are read again this often (in the background), so a key the auth service dropped stops verifying. */
const JWKS_MAX_AGE_MS = 10 * 60_000;

class JwksKeys implements KeySource {
  private keys = new Map<string, KeyObject>();
  private nextReadAt = 0;
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly refetchMs: number,
    private readonly onFailure: () => void = () => undefined,
  ) {}

  async find(kid: string | undefined): Promise<KeyObject | undefined> {
    if (kid === undefined) return undefined;
    const known = this.keys.get(kid);
    const now = Date.now();
    if (known) {
      if (now - this.readAt > JWKS_MAX_AGE_MS && now >= this.nextReadAt) void this.read();
      return known;
    }
    if (this.reading) await this.reading;
    else if (now >= this.nextReadAt) await this.read();
    return this.keys.get(kid);
  }

  /** One read at a time; a failure keeps the keys already known. */
  private read(): Promise<void> {
    return (this.reading ??= this.fetchKeys()
      .then(
        (keys) => {
          this.keys = keys;
          this.readAt = Date.now();
          this.nextReadAt = this.readAt + this.refetchMs;
        },
        () => {
          this.onFailure();
          this.nextReadAt = Date.now() + Math.min(JWKS_RETRY_AFTER_FAILURE_MS, this.refetchMs);
        },
      )
      .finally(() => {
        this.reading = null;
      }));
  }

  private async fetchKeys(): Promise<Map<string, KeyObject>> {
    const res = await fetch(this.url, { signal: AbortSignal.timeout(3_000), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
    const body = (await res.json()) as { keys?: unknown };
    const keys = new Map<string, KeyObject>();
    for (const jwk of Array.isArray(body.keys) ? (body.keys as JsonWebKey[]) : []) {
      const { kid, kty, use, alg } = jwk as JsonWebKey & { kid?: unknown; use?: unknown; alg?: unknown };
      if (typeof kid !== 'string' || kty !== 'RSA' || (use !== undefined && use !== 'sig') || (alg !== undefined && alg !== 'RS256')) continue;
      try {
        keys.set(kid, createPublicKey({ key: jwk, format: 'jwk' }));
      } catch {
        // a malformed entry is skipped; the others still verify
      }
    }
    if (keys.size === 0) throw new Error('JWKS has no RS256 signing key');
    return keys;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Zero trust inside: every service verifies the token itself and takes the user id only from it. */
export function requireUser(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return next(AppError.of('AUTH.MISSING_TOKEN'));
    try {
      const claims = await verifier.verify(token);
      req.user = { id: claims.sub, role: claims.role, tier: claims.tier, ...(claims.sid ? { sessionId: claims.sid } : {}) };
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The user `requireUser` verified for this request; a route without it mounted gets a 401, never a crash. */
export function userOf(req: Request): Express.User {
  if (!req.user) throw AppError.of('AUTH.UNAUTHENTICATED');
  return req.user;
}

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** Guards /internal/* routes: only callers holding the shared internal token get through. */
export function requireInternal(expected: string): RequestHandler {
  const want = Buffer.from(expected);
  return (req, _res, next) => {
    const got = Buffer.from(String(req.headers[INTERNAL_TOKEN_HEADER] ?? ''));
    if (got.length !== want.length || !timingSafeEqual(got, want)) {
      return next(AppError.of('INTERNAL.FORBIDDEN'));
    }
    next();
  };
}
