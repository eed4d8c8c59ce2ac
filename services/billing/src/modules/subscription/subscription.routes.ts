import type { Router } from 'express';
import { requireUser, userOf, type TokenVerifier } from '@postwright/platform';
import type { SubscriptionUseCases } from './subscription.use-case';

export function subscriptionRoutes(router: Router, deps: { tokens: TokenVerifier; subscriptions: SubscriptionUseCases }) {
  router.get('/api/billing/subscription', requireUser(deps.tokens), async (req, res) => {
    res.json(await deps.subscriptions.view(userOf(req).id));
  });
}
