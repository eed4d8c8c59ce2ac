import type { Router } from 'express';
import type { SigningKeys } from './signing-keys';

/**
 * The public key for every verifier (gateway, services). Internal: the gateway answers
 * 404 to any .well-known path from outside.
 */
export function keyRoutes(router: Router, { keys }: { keys: SigningKeys }): void {
  router.get('/.well-known/jwks.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(keys.jwks);
  });
}
