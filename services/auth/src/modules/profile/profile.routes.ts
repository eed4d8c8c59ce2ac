import type { Router } from 'express';
import { parseInput, requireInternal, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import { profileUpdateInputSchema } from './profile.schema';
import type { ProfileUseCases } from './profile.use-case';

/** The user id comes only from the verified access token, never from a header or the body. */
export function profileRoutes(router: Router, { profile, tokens, internalToken }: { profile: ProfileUseCases; tokens: TokenVerifier; internalToken: string }): void {
  const authenticated = requireUser(tokens);

  router.get('/api/users/profile', authenticated, async (req, res) => {
    res.json(await profile.get(userOf(req).id));
  });

  // internal only (the billing service): the gateway never routes /internal, and the shared token is required
  router.get('/internal/users/:id/account', requireInternal(internalToken), async (req, res) => {
    res.json(await profile.account(String(req.params.id)));
  });

  router.put('/api/users/profile', authenticated, async (req, res) => {
    res.json(await profile.update(userOf(req).id, parseInput(profileUpdateInputSchema, req.body)));
  });
}
