import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@postwright/contracts';
import type { SigningKeys } from './signing-keys';

export interface AccessTokenIssuer {
  /** the session id is required here, though optional in the claims schema (older tokens have none) */
  issue(claims: AccessTokenClaims & { sid: string }): string;
}

/** RS256, `kid` header, claims sub, role, tier and sid (the session), issued by auth for the API; short-lived (15 minutes by default). */
export function createAccessTokenIssuer(keys: SigningKeys, ttlSeconds: number): AccessTokenIssuer {
  return {
    issue: ({ sub, role, tier, sid }) =>
      jwt.sign({ role, tier, sid }, keys.privateKey, {
        algorithm: 'RS256',
        keyid: keys.kid,
        subject: sub,
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        expiresIn: ttlSeconds,
      }),
  };
}
