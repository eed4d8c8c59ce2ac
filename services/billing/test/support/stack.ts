/**
 * The billing service alone, in-process on port 0, on the real MongoDB-compatible store, Redis and
 * RabbitMQ, in one test namespace. Stripe is the billing sandbox (Stripe's double, started through
 * its package as the LinkedIn sandbox is), and every request the service sends it is also checked
 * by stripe-mock, Stripe's own validator: a request the real API would refuse fails the test. The
 * auth service it calls is the test kit's fake of its internal API (checked against the real one
 * by the contract cases); its events are watched by the test kit's probe.
 */
import { randomBytes } from 'node:crypto';
import { readConfig as readSandboxConfig, start as startSandbox, type RunningSandbox } from '@postwright/billing-sandbox';
import { cleanupNamespace, eventually, http, issueTestToken, testEnv, testNamespace, TEST_INTERNAL_TOKEN, type JsonResponse } from '@postwright/platform/src/testing';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { startFakeQuota, type FakeQuota, type FakeQuotaTier } from '@postwright/platform/src/testing/fakes/quota';
import { advanceToRenewal, payCheckout, portalAction, TEST_CARDS, type PageAnswer, type PortalAction } from '@postwright/platform/src/testing/stripe-pages';
import { startStripeMock, type RunningStripeMock } from '@postwright/platform/src/testing/stripe-mock';
import type { BillingInterval, PlanId } from '@postwright/contracts';
import { readConfig, SANDBOX_STRIPE } from '../../src/config';
import { start, type BillingService } from '../../src/server';

export { TEST_CARDS };
export type { EventProbe };

export interface Member {
  id: string;
  email: string;
  token: string;
}

export interface Stack {
  ns: string;
  billing: BillingService;
  sandbox: RunningSandbox;
  /** the auth service's internal API, as the billing service sees it */
  auth: FakeQuota;
  events: EventProbe;
  member(tier?: FakeQuotaTier, profile?: { emailVerified?: boolean }): Promise<Member>;
  checkout(member: Member, plan?: PlanId, interval?: BillingInterval): Promise<JsonResponse>;
  portal(member: Member): Promise<JsonResponse>;
  subscription(member: Member): Promise<JsonResponse>;
  /** Checkout through the sandbox's page with a test card; the answer of the payment form */
  pay(checkoutUrl: string, card?: string): Promise<PageAnswer>;
  /** checkout + pay, then wait until the mirror holds the subscription */
  subscribe(member: Member, plan?: PlanId, interval?: BillingInterval, card?: string): Promise<void>;
  portalAction(member: Member, action: PortalAction, fields?: Record<string, string | null>): Promise<PageAnswer>;
  /** the member's subscription's clock moved just past its period's end (renewal, or the end of a cancelled plan) */
  renew(member: Member): Promise<void>;
  /** a sandbox test control: /__sandbox/<path> */
  control(method: string, path: string, body?: unknown): Promise<JsonResponse>;
  /** what stripe-mock refused of the requests the service sent (should stay empty) */
  refusals(): Promise<Array<{ method: string; path: string; message: string }>>;
  /** the member's mirror, as stored */
  mirror(member: Member): ReturnType<BillingService['modules']['stores']['subscriptions']['byUser']>;
  stop(): Promise<void>;
}

export async function startStack(options: { billingEnv?: Record<string, string> } = {}): Promise<Stack> {
  const ns = testNamespace();
  const stoppers: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    await cleanupNamespace(ns);
  };
  try {
    const stripeMock: RunningStripeMock = await startStripeMock();
    stoppers.push(() => stripeMock.stop());
    const sandbox = await startSandbox(
      readSandboxConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        PORT: '0',
        PUBLIC_URL: 'http://localhost:8080',
        SANDBOX_STRIPE_MOCK_URL: stripeMock.url,
        SANDBOX_WEBHOOK_RETRY_BASE_MS: '50',
      }),
    );
    stoppers.push(() => sandbox.stop());
    const auth = await startFakeQuota({ internalToken: TEST_INTERNAL_TOKEN });
    stoppers.push(() => auth.stop());
    const events = await startEventProbe(ns, ['billing.subscription.changed'], { waitMs: 15_000 });
    stoppers.push(() => events.close());
    const billing = await start(
      readConfig(
        testEnv(ns, {
          AUTH_URL: auth.url,
          BILLING_SANDBOX_URL: sandbox.url,
          PUBLIC_URL: 'http://localhost:8080',
          WEBHOOK_RETRY_INTERVAL_MS: '200',
          WEBHOOK_RETRY_BASE_MS: '200',
          ...options.billingEnv,
        }),
      ),
    );
    stoppers.push(() => billing.stop());

    const control = (method: string, path: string, body?: unknown) => http(sandbox.url, method, `/__sandbox/${path}`, { body });
    await control('POST', 'webhooks', { url: `${billing.url}/api/billing/webhook` });

    const stack: Stack = {
      ns,
      billing,
      sandbox,
      auth,
      events,
      async member(tier = 'trial', profile = {}) {
        const id = randomBytes(12).toString('hex');
        const email = `member-${id}@example.com`;
        auth.addUser(id, tier, { email, firstName: 'Grace', lastName: 'Hopper', ...profile });
        return { id, email, token: issueTestToken({ sub: id, tier }) };
      },
      checkout: (member, plan = 'starter', interval = 'month') => http(billing.url, 'POST', '/api/billing/checkout', { token: member.token, body: { plan, interval } }),
      portal: (member) => http(billing.url, 'POST', '/api/billing/portal', { token: member.token }),
      subscription: (member) => http(billing.url, 'GET', '/api/billing/subscription', { token: member.token }),
      pay: (url, card = TEST_CARDS.success) => payCheckout(url, card),
      async subscribe(member, plan = 'starter', interval = 'month', card = TEST_CARDS.success) {
        const res = await stack.checkout(member, plan, interval);
        if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
        const paid = await payCheckout(res.body.url, card);
        if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);
        await eventually(() => billing.modules.stores.subscriptions.byUser(member.id), (m) => m?.status === 'active' && m.plan === plan);
      },
      async portalAction(member, action, fields) {
        const res = await stack.portal(member);
        if (res.status !== 200) throw new Error(`portal: ${res.status} ${JSON.stringify(res.body)}`);
        return portalAction(res.body.url, action, fields);
      },
      async renew(member) {
        const mirror = await billing.modules.stores.subscriptions.byUser(member.id);
        if (!mirror?.subscriptionId) throw new Error('the member has no subscription to renew');
        await advanceToRenewal(sandbox.url, SANDBOX_STRIPE.secretKey, mirror.subscriptionId);
      },
      control,
      async refusals() {
        return (await control('GET', 'stripe-mock-refusals')).body.refusals;
      },
      mirror: (member) => billing.modules.stores.subscriptions.byUser(member.id),
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
