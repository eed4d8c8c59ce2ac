import type { Router } from 'express';
import { checkoutRequestSchema, type BillingRedirectResponse } from '@postwright/contracts';
import { parseInput, requireUser, userOf, type TokenVerifier } from '@postwright/platform';
import type { CheckoutUseCases } from './checkout.use-case';

export function checkoutRoutes(router: Router, deps: { tokens: TokenVerifier; checkout: CheckoutUseCases }) {
  const signedIn = requireUser(deps.tokens);

  router.post('/api/billing/checkout', signedIn, async (req, res) => {
    const { plan, interval } = parseInput(checkoutRequestSchema, req.body);
    const body: BillingRedirectResponse = await deps.checkout.checkout(userOf(req).id, plan, interval);
    res.json(body);
  });

  router.post('/api/billing/portal', signedIn, async (req, res) => {
    const body: BillingRedirectResponse = await deps.checkout.portal(userOf(req).id);
    res.json(body);
  });
}
