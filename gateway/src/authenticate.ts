import { createPublicKey } from 'node:crypto';
import type { RequestHandler } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { passportJwtSecret } from 'jwks-rsa';
import { accessTokenClaimsSchema } from '@postwright/contracts';
import { AppError } from '@postwright/platform';
import type { GatewayConfig } from './config';
import { isPublic } from './routes';

/**
 * Passport JWT strategy over the auth service's public key (RS256 only, so `alg: none`
 * and HMAC tokens are refused). The gateway rejects early; each service verifies again.
 */
export function authenticate(config: GatewayConfig): RequestHandler {
  const authenticator = new passport.Passport();
  authenticator.use(
    'jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        algorithms: ['RS256'],
        ...(config.JWT_PUBLIC_KEY
          ? // parsed once: a PEM string would be parsed again on every request
            { secretOrKeyProvider: staticKey(config.JWT_PUBLIC_KEY) }
          : {
              secretOrKeyProvider: passportJwtSecret({
                jwksUri: new URL('/.well-known/jwks.json', config.AUTH_URL).toString(),
                cache: true,
                rateLimit: true,
                jwksRequestsPerMinute: 30,
              }),
            }),
      },
      (payload: unknown, done: (err: unknown, user?: Express.User | false) => void) => {
        const claims = accessTokenClaimsSchema.safeParse(payload);
        if (!claims.success) return done(null, false);
        done(null, { id: claims.data.sub, role: claims.data.role, tier: claims.data.tier });
      },
    ),
  );
  return (req, res, next) => {
    if (!req.path.startsWith('/api/') || isPublic(req.method, req.path) || req.method === 'OPTIONS') return next();
    (authenticator.authenticate('jwt', { session: false }, (err: unknown, user: Express.User | false, info: unknown) => {
      if (err || !user) {
        const expired = info instanceof Error && info.name === 'TokenExpiredError';
        const missing = info instanceof Error && /No auth token/i.test(info.message);
        return next(
          AppError.unauthorized(
            missing ? 'Authentication required' : expired ? 'Access token expired' : 'Invalid access token',
            missing ? 'AUTH.MISSING_TOKEN' : expired ? 'AUTH.TOKEN_EXPIRED' : 'AUTH.TOKEN_INVALID',
          ),
        );
      }
      req.user = user;
      next();
    }) as RequestHandler)(req, res, next);
  };
}

function staticKey(pem: string) {
  // passport-jwt's types say string | Buffer; it hands the key to jsonwebtoken, which takes a KeyObject
  const key = createPublicKey(pem) as unknown as string;
  return (_req: unknown, _token: unknown, done: (err: unknown, key?: string) => void) => done(null, key);
}
