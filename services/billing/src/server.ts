import { OUTBOX_DEPTH, OUTBOX_DEPTH_HELP, startService, type RunningService, type ServiceContext } from '@postwright/platform';
import type { BillingConfig } from './config';
import { accountsClient } from '@postwright/platform';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { checkoutUseCases } from './modules/checkout/checkout.use-case';
import { customerRepository } from './modules/checkout/customer.repository';
import { plansRoutes } from './modules/plans/plans.routes';
import { plansUseCases } from './modules/plans/plans.use-case';
import { systemClock, type Clock, type Throttle } from './modules/ports';
import { stripeClient, type StripePort } from './modules/stripe/stripe.client';
import { subscriptionRepository } from './modules/subscription/subscription.repository';
import { subscriptionRoutes } from './modules/subscription/subscription.routes';
import { subscriptionUseCases } from './modules/subscription/subscription.use-case';
import { inboxRepository } from './modules/webhook/inbox.repository';
import { webhookRoutes } from './modules/webhook/webhook.routes';
import { webhookUseCases } from './modules/webhook/webhook.use-case';

export interface BillingOptions {
  clock?: Clock;
  /** another Stripe behind the same port (tests of what the service does when Stripe misbehaves) */
  stripe?: StripePort;
}

function redisThrottle(ctx: ServiceContext<BillingConfig>): Throttle {
  return {
    async take(key, seconds) {
      return (await ctx.redis.set(`${ctx.keyPrefix}${key}`, '1', 'EX', seconds, 'NX')) === 'OK';
    },
  };
}

/** The billing service's feature modules over one context (docs/wiring.md). */
function buildModules(ctx: ServiceContext<BillingConfig>, options: BillingOptions) {
  const { config, logger } = ctx;
  const clock = options.clock ?? systemClock;
  const stripe = options.stripe ?? stripeClient({ ...config.stripe, timeoutMs: config.STRIPE_TIMEOUT_MS, logger });
  const customers = customerRepository(ctx.mongo);
  const subscriptionStore = subscriptionRepository(ctx.mongo);
  const inbox = inboxRepository(ctx.mongo);
  const accounts = accountsClient({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN });
  const plans = plansUseCases({ stripe, clock, logger, cacheSeconds: config.PLANS_CACHE_SECONDS });
  const subscriptions = subscriptionUseCases({
    stripe,
    subscriptions: subscriptionStore,
    customers,
    accounts,
    events: ctx.messaging,
    throttle: redisThrottle(ctx),
    clock,
    logger,
    graceDays: config.PAST_DUE_GRACE_DAYS,
  });
  const checkout = checkoutUseCases({ stripe, plans, customers, subscriptions, accounts, clock, publicUrl: config.publicUrl });
  const webhooks = webhookUseCases({ stripe, inbox, subscriptions, clock, logger, retryBaseMs: config.WEBHOOK_RETRY_BASE_MS });
  return { stores: { customers, subscriptions: subscriptionStore, inbox }, plans, subscriptions, checkout, webhooks };
}
export type BillingModules = ReturnType<typeof buildModules>;
export type BillingService = RunningService<BillingConfig, BillingModules>;

/** Starts the billing service; PORT 0 picks a free port (tests run it in-process). */
export async function start(config: BillingConfig, options: BillingOptions = {}): Promise<BillingService> {
  return startService({
    name: 'billing',
    config,
    port: config.PORT,
    async modules(ctx) {
      const modules = buildModules(ctx, options);
      await Promise.all([modules.stores.customers.init(), modules.stores.subscriptions.init(), modules.stores.inbox.init()]);
      ctx.logger.info({ stripe: config.stripe.mode, api: config.stripe.apiUrl }, 'billing talks to Stripe');
      return modules;
    },
    routes(router, modules, { tokens }) {
      plansRoutes(router, { plans: modules.plans });
      checkoutRoutes(router, { tokens, checkout: modules.checkout });
      subscriptionRoutes(router, { tokens, subscriptions: modules.subscriptions });
      webhookRoutes(router, { webhooks: modules.webhooks });
    },
    async background(modules, ctx) {
      return startRetryLoop(ctx, modules);
    },
  });
}

/** Every WEBHOOK_RETRY_INTERVAL_MS: events whose handling failed, and states the broker did not take. */
function startRetryLoop(ctx: ServiceContext<BillingConfig>, modules: BillingModules): () => Promise<void> {
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const retried = await modules.webhooks.retryDue();
      const sent = await modules.subscriptions.publishPending();
      if (retried || sent) ctx.logger.info({ retried, sent }, 'billing retry pass: events handled again, states sent');
    } catch (err) {
      ctx.logger.warn({ err }, 'billing retry pass failed; the next interval tries again');
    }
  };
  const timer = setInterval(() => {
    running ??= pass().finally(() => {
      running = null;
    });
  }, ctx.config.WEBHOOK_RETRY_INTERVAL_MS);
  timer.unref();
  // what the loop still has to do, read when scraped
  const stopReading = ctx.metrics.gaugeAtScrape(OUTBOX_DEPTH, OUTBOX_DEPTH_HELP, ['outbox'], async () => [
    { labels: { outbox: 'subscriptions' }, value: await modules.stores.subscriptions.countUnpublished() },
    { labels: { outbox: 'stripe_webhooks' }, value: await modules.stores.inbox.countPending() },
  ]);
  return async () => {
    stopReading();
    clearInterval(timer);
    await running;
    await modules.webhooks.drain();
  };
}
