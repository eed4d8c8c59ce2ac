/**
 * Buying a plan as a member does it, over the whole stack in Chromium: the pricing page starts
 * Stripe Checkout (once the member has verified the address through the emailed link, read from
 * Mailpit), the billing sandbox plays Stripe (its hosted Checkout and portal pages, and its
 * signed webhooks through the gateway), and the app shows the plan where the member looks for it.
 * The pages on the way (the app's and the sandbox's) are checked with axe-core at 1280 and 375 px
 * and kept as screenshots (billing-*.png in e2e/artifacts/screenshots).
 */
import { SANDBOX_DEFAULTS } from '@postwright/billing-sandbox';
import { http } from '@postwright/platform/src/testing';
import type { Page } from 'playwright-core';
import { baseUrl, billingSandboxUrl, checkPage as checkPageAt, generate, newPage, PASSWORD, screenshot, sharedBrowser, signUp, verifyEmail } from '../src/browser';

jest.setTimeout(180_000);

/** one Chromium for the file's journeys, each in its own context */
const browser = sharedBrowser();

const checkPage = (page: Page, name: string) => checkPageAt(page, name, { prefix: 'billing', height: 900, settleMs: 200, noSideScroll: true });

const DECLINED_CARD = '4000 0000 0000 0002';
const PAYING_CARD = '4242 4242 4242 4242';

const onApp = (path: string) => (url: URL) => url.origin === new URL(baseUrl()).origin && url.pathname === path;
const onSandbox = (prefix: string) => (url: URL) => url.href.startsWith(`${billingSandboxUrl()}${prefix}`);

/** GET on the sandbox's Stripe API, with the key the stack's billing service uses. */
async function stripeGet<T>(path: string): Promise<T> {
  const response = await fetch(`${billingSandboxUrl()}/v1${path}`, { headers: { authorization: `Bearer ${SANDBOX_DEFAULTS.secretKey}` } });
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return (await response.json()) as T;
}

interface StripeSubscription {
  status: string;
  items: { data: Array<{ current_period_end: number }> };
}

/** The subscription a paid Checkout session made, as Stripe (the sandbox) holds it. */
async function subscriptionOf(sessionId: string): Promise<StripeSubscription> {
  const session = await stripeGet<{ subscription: string | null }>(`/checkout/sessions/${sessionId}`);
  expect(session.subscription).toMatch(/^sub_/);
  return stripeGet<StripeSubscription>(`/subscriptions/${session.subscription}`);
}

/** Signs the member in over HTTP, a session of its own beside the browser's, to read what the product knows. */
async function apiToken(email: string): Promise<string> {
  const login = await http<{ tokens: { accessToken: string } }>(baseUrl(), 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return login.body.tokens.accessToken;
}

/**
 * Waits until the billing service reports `cancelAtPeriodEnd` for the member. It handles Stripe's
 * event after answering its delivery, and the profile reads the subscription once as it opens:
 * returning from the portal before the event is handled shows the state from before the action.
 */
async function billingReports(token: string, cancelAtPeriodEnd: boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await http<{ status: string; cancelAtPeriodEnd: boolean }>(baseUrl(), 'GET', '/api/billing/subscription', { token });
    if (answer.status === 200 && answer.body.cancelAtPeriodEnd === cancelAtPeriodEnd) return;
    if (Date.now() > deadline) throw new Error(`the billing service did not report cancelAtPeriodEnd ${cancelAtPeriodEnd} in 15 s; last: ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Holds the page's requests matching `pattern` until `release()`, so a state the page shows only
 * while it waits (a busy button, a spinner) can be seen for sure before the answer comes.
 */
async function holdRequests(page: Page, pattern: string): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  const continued: Array<Promise<void>> = [];
  await page.route(pattern, (route) => {
    const sent = held.then(() => route.continue());
    continued.push(sent);
    return sent;
  });
  return {
    async release() {
      open();
      // unrouting first would hand the held requests on by itself, and their continue() would fail
      await Promise.all(continued);
      await page.unroute(pattern);
    },
  };
}

/** Fills the sandbox Checkout's card form (its own labels) and presses Subscribe. */
async function payWith(page: Page, card: string, name: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

const accountCard = (page: Page) => page.getByRole('region', { name: 'Account Status' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const text = async (page: Page, testId: string) => ((await accountCard(page).getByTestId(testId).textContent()) ?? '').trim();

describe('buying a plan through Stripe Checkout', () => {
  test('when a member pays for Starter (a declined card first), then the plan shows on the profile, counts a post, and is cancelled and renewed in the portal', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      const email = await signUp(page, 'Dorothy', 'Vaughan');
      // a paid plan needs a verified address: the member opens the emailed link first
      await verifyEmail(page, email);

      // the pricing page: monthly first; the chosen plan's button is busy until the browser leaves
      await page.goto('/pricing');
      await page.getByRole('heading', { level: 1, name: 'Choose the plan that fits your voice' }).waitFor();
      await page.getByRole('radio', { name: 'Monthly', checked: true }).waitFor();
      await checkPage(page, 'pricing');
      const checkoutCall = await holdRequests(page, '**/api/billing/checkout');
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      await page.getByRole('button', { name: 'Opening checkout...' }).waitFor();
      await expect(page.getByRole('button', { name: 'Choose Professional' }).isDisabled()).resolves.toBe(true);
      await checkoutCall.release();

      // Stripe Checkout (the sandbox's hosted page): what is bought, for whom
      await page.waitForURL(onSandbox('/c/pay/cs_'));
      await page.getByRole('heading', { level: 1, name: 'Subscribe to Starter' }).waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary.textContent()).resolves.toContain('$29.00 per month, billed monthly until you cancel.');
      const checkoutUrl = page.url();
      await checkPage(page, 'checkout');

      // the bank refuses the first card: the member stays on the page, told so
      await payWith(page, DECLINED_CARD, 'Dorothy Vaughan');
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
      expect(page.url()).toBe(checkoutUrl);
      await checkPage(page, 'checkout-declined');

      // the second card pays; Stripe sends the browser to the success page, which waits for the plan
      // (the page's first look at the subscription is held, so its waiting state is seen for sure)
      const confirmation = await holdRequests(page, '**/api/billing/subscription');
      await payWith(page, PAYING_CARD, 'Dorothy Vaughan');
      await page.waitForURL(onApp('/billing/success'));
      const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
      expect(sessionId).toMatch(/^cs_test_/);
      await page.getByRole('status').filter({ hasText: 'Confirming your payment with Stripe...' }).waitFor();
      await screenshot(page, 'billing-success-confirming-1280');
      await confirmation.release();
      await page.getByRole('heading', { level: 1, name: 'Welcome to Starter' }).waitFor({ timeout: 30_000 });

      // the period Stripe started, as the app (browser's locale and zone) and the portal (UTC) say it
      const subscription = await subscriptionOf(sessionId);
      expect(subscription.status).toBe('active');
      const periodEnd = subscription.items.data[0].current_period_end * 1000;
      // a month from now (the customer's test clock started at the sign-up's real time)
      const daysAhead = (periodEnd - Date.now()) / 86_400_000;
      expect(daysAhead).toBeGreaterThan(27.9);
      expect(daysAhead).toBeLessThan(31.1);
      const appDate = await page.evaluate((ms) => new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }), periodEnd);
      const portalDate = new Date(periodEnd).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

      const success = page.getByRole('region', { name: 'Welcome to Starter' });
      await expect(success.textContent()).resolves.toContain('Your plan is active, with 50 posts a month.');
      await expect(success.textContent()).resolves.toContain(`Renews on ${appDate}.`);
      await success.getByRole('link', { name: 'Write a post' }).waitFor();
      await success.getByRole('link', { name: 'Go to dashboard' }).waitFor();
      await checkPage(page, 'success');

      // the profile's Account Status: the plan, its state, its renewal and this month's posts
      await page.goto('/profile');
      // the billing line shows once the subscription has answered; the rest of the card is then its
      await accountCard(page).getByTestId('billing-period').waitFor();
      expect(await text(page, 'posts-left')).toBe('50 of 50 posts left this month');
      expect(await text(page, 'subscription-badge')).toBe('Starter');
      expect(await text(page, 'status-badge')).toBe('Active');
      expect(await text(page, 'billing-period')).toBe(`Monthly · Renews on ${appDate}`);
      await expect(accountCard(page).getByRole('link', { name: 'Upgrade to Premium' }).count()).resolves.toBe(0);
      await checkPage(page, 'profile-starter');

      // one post written on the plan: the generator's banner and the sidebar count it
      await sidebar(page).getByRole('link', { name: 'Generate' }).click();
      await page.waitForURL(onApp('/content'));
      await expect(page.getByTestId('plan-posts-left').textContent()).resolves.toBe('50 of 50 posts left this month.');
      await expect(sidebar(page).getByTestId('tier-note').textContent()).resolves.toContain('Starter · 50 of 50 posts left');
      await generate(page, 'framework');
      await page.getByTestId('plan-posts-left').filter({ hasText: '49 of 50 posts left this month.' }).waitFor();
      await sidebar(page).getByTestId('tier-note').filter({ hasText: 'Starter · 49 of 50 posts left' }).waitFor();

      await sidebar(page).getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL(onApp('/profile'));
      await accountCard(page).getByTestId('posts-left').filter({ hasText: '49 of 50 posts left this month' }).waitFor();

      // Manage billing opens Stripe's portal on the same plan and date
      await accountCard(page).getByRole('button', { name: 'Manage billing' }).click();
      await page.waitForURL(onSandbox('/p/session/'));
      await page.getByRole('heading', { level: 1, name: 'Manage your billing' }).waitFor();
      const plan = page.getByRole('region', { name: 'Current plan' });
      await expect(plan.textContent()).resolves.toContain('Starter (Active)');
      await expect(plan.textContent()).resolves.toContain(`Renews on ${portalDate}`);
      await checkPage(page, 'portal');

      // cancelling keeps the plan to the end of the period; the profile says so on return
      await plan.getByRole('button', { name: 'Cancel plan' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toBe(`Your plan will be canceled on ${portalDate}.`);
      await expect(plan.textContent()).resolves.toContain(`Cancels on ${portalDate}`);
      const token = await apiToken(email);
      await billingReports(token, true);
      await page.getByRole('link', { name: 'Return to Postwright' }).click();
      await page.waitForURL(onApp('/profile'));
      await accountCard(page).getByTestId('status-badge').filter({ hasText: `Cancels on ${appDate}` }).waitFor();
      expect(await text(page, 'billing-period')).toBe(`Monthly · Ends on ${appDate}`);
      expect(await text(page, 'subscription-badge')).toBe('Starter');
      await checkPage(page, 'profile-cancelling');

      // and renewing undoes it
      await accountCard(page).getByRole('button', { name: 'Manage billing' }).click();
      await page.waitForURL(onSandbox('/p/session/'));
      await page.getByRole('button', { name: 'Renew plan' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toBe('Your plan will renew; the cancellation was undone.');
      await billingReports(token, false);
      await page.getByRole('link', { name: 'Return to Postwright' }).click();
      await page.waitForURL(onApp('/profile'));
      await accountCard(page).getByTestId('status-badge').filter({ hasText: 'Active' }).waitFor();
      expect(await text(page, 'billing-period')).toBe(`Monthly · Renews on ${appDate}`);
    } finally {
      await context.close();
    }
  });

  test('when a member leaves Checkout by its back link, then the pricing page says once that nothing was charged', async () => {
    const { context, page } = await newPage(browser.get());
    try {
      await verifyEmail(page, await signUp(page, 'Mary', 'Jackson'));
      await page.goto('/pricing');
      await page.getByRole('radio', { name: /^Yearly/ }).click();
      await page.getByRole('radio', { name: /^Yearly/, checked: true }).waitFor();
      await page.getByRole('button', { name: 'Choose Professional' }).click();

      await page.waitForURL(onSandbox('/c/pay/cs_'));
      await page.getByRole('heading', { level: 1, name: 'Subscribe to Professional' }).waitFor();
      await expect(page.getByRole('region', { name: 'Order summary' }).textContent()).resolves.toContain('$790.00 per year, billed yearly until you cancel.');
      await page.getByRole('link', { name: 'Back to Postwright' }).click();

      await page.waitForURL(onApp('/pricing'));
      const note = page.getByRole('status').filter({ hasText: 'Checkout cancelled. You have not been charged.' });
      await note.waitFor();
      await page.getByRole('button', { name: 'Choose Professional', disabled: false }).waitFor();
      await checkPage(page, 'pricing-cancelled');

      // said once: the next visit has nothing to report, and the member is still on the trial
      await page.reload();
      await page.getByRole('button', { name: 'Choose Starter', disabled: false }).waitFor();
      await expect(note.count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL(onApp('/dashboard'));
      await expect(sidebar(page).getByTestId('tier-note').textContent()).resolves.toContain('3 trial posts left');
    } finally {
      await context.close();
    }
  });
});
