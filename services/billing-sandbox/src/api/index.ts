import express, { type Router } from 'express';
import { customerRoutes } from './customers';
import type { ApiDeps } from './deps';
import { eventRoutes } from './events';
import { stripeErrors } from './errors';
import { idempotency } from './idempotency';
import { applyFaults, authenticate, recordRequests, stripeErrorHandler } from './middleware';
import { priceRoutes } from './prices';
import { sessionRoutes } from './sessions';
import { keepRawBody, stripeMockCheck } from './stripe-mock-check';
import { subscriptionRoutes } from './subscriptions';
import { testClockRoutes } from './test-clocks';

/**
 * The part of Stripe's API (api.stripe.com/v1) the billing service uses: key check, form
 * parameters with brackets, faults, the stripe-mock check, idempotency, then the resources.
 */
export function apiRouter(deps: ApiDeps): Router {
  const { state, config, logger } = deps;
  const router = express.Router();
  router.use(recordRequests(state));
  router.use(authenticate(config.SANDBOX_SECRET_KEY));
  router.use(express.urlencoded({ extended: true, limit: '100kb', verify: keepRawBody }));
  router.use(applyFaults(state, logger));
  if (config.stripeMockUrl) router.use(stripeMockCheck(state, config.stripeMockUrl, logger));
  router.use(idempotency());
  priceRoutes(router, deps);
  customerRoutes(router, deps);
  sessionRoutes(router, deps);
  subscriptionRoutes(router, deps);
  testClockRoutes(router, deps);
  eventRoutes(router, deps);
  router.use((req) => {
    throw stripeErrors.unrecognizedUrl(req.method, req.originalUrl.split('?')[0]);
  });
  router.use(stripeErrorHandler(logger));
  return router;
}
