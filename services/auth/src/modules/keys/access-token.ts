import jwt from 'jsonwebtoken';
import type { AccessTokenClaims } from '@postwright/contracts';
import type { SigningKeys } from './signing-keys';

export interface AccessTokenIssuer {
  issue(claims: AccessTokenClaims): string;
}

/** RS256, `kid` header, claims sub, role and tier; short-lived (15 minutes by default). */
export function createAccessTokenIssuer(keys: SigningKeys, ttlSeconds: number): AccessTokenIssuer {
  return {
    issue: ({ sub, role, tier }) =>
      jwt.sign({ role, tier }, keys.privateKey, { algorithm: 'RS256', keyid: keys.kid, subject: sub, expiresIn: ttlSeconds }),
  };
}
