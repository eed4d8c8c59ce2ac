import { createPublicKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import jwt, { type JwtHeader } from 'jsonwebtoken';
import { JwksClient } from 'jwks-rsa';
import { accessTokenClaimsSchema, type AccessTokenClaims, type UserRole } from '@postwright/contracts';
import { AppError } from './errors';

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

/**
 * Verifies RS256 access tokens: with a configured PEM public key, or with the auth
 * service's JWKS (cached, refetched for an unknown key id). Any other algorithm,
 * `none` included, is refused.
 */
export function createTokenVerifier(source: { publicKey?: string; jwksUrl?: string }): TokenVerifier {
  const jwks = source.publicKey
    ? null
    : new JwksClient({ jwksUri: source.jwksUrl!, cache: true, cacheMaxAge: 10 * 60_000, rateLimit: true, jwksRequestsPerMinute: 30, timeout: 3_000 });
  // parsed once: a PEM string would be parsed again on every verification
  const staticKey = source.publicKey ? createPublicKey(source.publicKey) : null;
  const keyFor = (header: JwtHeader, callback: (err: Error | null, key?: string | KeyObject) => void) => {
    if (staticKey) return callback(null, staticKey);
    jwks!.getSigningKey(header.kid).then((k) => callback(null, k.getPublicKey()), (err: Error) => callback(err));
  };
  return {
    verify: (token) =>
      new Promise((resolve, reject) => {
        jwt.verify(token, keyFor, { algorithms: ['RS256'] }, (err, decoded) => {
          if (err || !decoded || typeof decoded === 'string') {
            const expired = err?.name === 'TokenExpiredError';
            return reject(
              AppError.of(expired ? 'AUTH.TOKEN_EXPIRED' : 'AUTH.TOKEN_INVALID'),
            );
          }
          const claims = accessTokenClaimsSchema.safeParse(decoded);
          if (!claims.success) return reject(AppError.of('AUTH.TOKEN_INVALID'));
          resolve(claims.data);
        });
      }),
  };
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
