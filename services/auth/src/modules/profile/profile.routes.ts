import type { Router } from 'express';
import { parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import { profileUpdateInputSchema } from './profile.schema';
import type { ProfileUseCases } from './profile.use-case';

/** The user id comes only from the verified access token, never from a header or the body. */
export function profileRoutes(router: Router, { profile, tokens }: { profile: ProfileUseCases; tokens: TokenVerifier }): void {
  const authenticated = requireUser(tokens);

  router.get('/api/users/profile', authenticated, async (req, res) => {
    res.json(await profile.get(userOf(req).id));
  });

  router.put('/api/users/profile', authenticated, async (req, res) => {
    res.json(await profile.update(userOf(req).id, parseInput(profileUpdateInputSchema, req.body)));
  });
}
