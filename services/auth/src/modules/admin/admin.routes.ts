import type { Router } from 'express';
import { parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import { adminSetTierInputSchema } from './admin.schema';
import type { AdminUseCases } from './admin.use-case';

export function adminRoutes(router: Router, { admin, tokens }: { admin: AdminUseCases; tokens: TokenVerifier }): void {
  // the role is checked before the body is looked at: a USER learns nothing but 403
  router.post('/api/admin/users/:id/tier', requireUser(tokens), async (req, res) => {
    await admin.requireAdmin(userOf(req).id);
    res.json(await admin.setTier(String(req.params.id), parseInput(adminSetTierInputSchema, req.body)));
  });
}
