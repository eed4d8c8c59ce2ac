import type { Router } from 'express';
import type { PlansResponse } from '@postwright/contracts';
import type { PlansUseCases } from './plans.use-case';

/** The plans for sale: public, so the landing and pricing pages can show them to anyone. */
export function plansRoutes(router: Router, deps: { plans: PlansUseCases }) {
  router.get('/api/billing/plans', async (_req, res) => {
    const body: PlansResponse = { plans: await deps.plans.list() };
    res.set('cache-control', 'public, max-age=60').json(body);
  });
}
