/**
 * What a person does on the billing sandbox's hosted pages (Stripe Checkout and the customer
 * portal), and moving a customer's test clock, for suites that drive the billing flow:
 *
 *   const { location } = await payCheckout(session.url);                 // pays, answers the redirect
 *   await payCheckout(session.url, TEST_CARDS.declined);                  // 402, "Your card was declined."
 *   await portalAction(portal.url, 'update-plan', { Plan: 'postwright_enterprise_year' });
 *   await advanceToRenewal(sandbox.url, SANDBOX_KEY, subscriptionId);     // renews it (or ends it)
 *
 * `fields` take a field's label ("Card number", "Expiration", "CVC", "Name on card", "Email",
 * "Plan") or its input name; null leaves the field out.
 */

export const TEST_CARDS = {
  /** pays */
  success: '4242 4242 4242 4242',
  /** refused with "Your card was declined." */
  declined: '4000 0000 0000 0002',
  /** pays at Checkout, then every later charge (renewals, retries) is declined */
  declinesLater: '4000 0000 0000 0341',
} as const;

export interface PageAnswer {
  /** the sandbox's status for the form post (303 when it redirects) */
  status: number;
  /** where it redirects, absolute; null when it showed a page instead */
  location: string | null;
  /** the page shown: the form again with its errors, or (portal) the page the redirect leads to */
  html: string;
}

export type PortalAction = 'update-plan' | 'cancel' | 'renew' | 'update-payment-method';

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  return found === undefined ? undefined : decode(found);
};

interface Form {
  action: string;
  body: string;
}

function formsOf(html: string): Form[] {
  return [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => ({ action: attr(m[1], 'action') ?? '', body: m[2] }));
}

/** The form's values as a browser would send them, with `fields` (by label or name) laid over. */
function fill(form: Form, fields: Record<string, string | null>): URLSearchParams {
  const values = new URLSearchParams();
  for (const input of form.body.matchAll(/<input([^>]*)>/gi)) {
    const name = attr(input[1], 'name');
    if (name) values.set(name, attr(input[1], 'value') ?? '');
  }
  for (const select of form.body.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/gi)) {
    const name = attr(select[1], 'name');
    const options = [...select[2].matchAll(/<option([^>]*)>/gi)].map((o) => o[1]);
    const chosen = options.find((o) => /\sselected/i.test(o)) ?? options[0];
    if (name && chosen) values.set(name, attr(chosen, 'value') ?? '');
  }
  const labels = new Map([...form.body.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]*)<\/label>/gi)].map((m) => [decode(m[2]).trim(), m[1]]));
  for (const [key, value] of Object.entries(fields)) {
    const id = labels.get(key);
    const name = id ? (attr(new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`, 'i').exec(form.body)?.[0] ?? '', 'name') ?? key) : key;
    if (value === null) values.delete(name);
    else values.set(name, value);
  }
  return values;
}

async function post(pageUrl: string, form: Form, values: URLSearchParams): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(new URL(form.action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: values.toString(),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, pageUrl).toString() : null, html: await res.text() };
}

/**
 * Opens a Checkout session's page and pays with `card` (expiration 12 / 40, CVC 123, name Alex
 * Morgan unless `fields` say otherwise). Success: 303 to the success URL, session id filled in.
 * A session that is complete or expired has no form: its page comes back as it is.
 */
export async function payCheckout(sessionUrl: string, card: string = TEST_CARDS.success, fields: Record<string, string | null> = {}): Promise<PageAnswer> {
  const page = await fetch(sessionUrl);
  const html = await page.text();
  const form = formsOf(html).find((f) => f.action.includes('/c/pay/'));
  if (!form) return { status: page.status, location: null, html };
  const values = fill(form, { cardNumber: card, cardExpiry: '12 / 40', cardCvc: '123', billingName: 'Alex Morgan', ...(/name="email"/.test(form.body) ? { email: 'alex.morgan@example.com' } : {}), ...fields });
  return post(sessionUrl, form, values);
}

/**
 * Presses one of the portal's actions (each is shown only when it applies; a missing one throws).
 * `update-plan` takes `{ Plan: <lookup key> }`; `update-payment-method` pays with 4242 unless
 * `fields` give another card. After a redirect, `html` is the portal page saying what happened.
 */
export async function portalAction(portalUrl: string, action: PortalAction, fields: Record<string, string | null> = {}): Promise<PageAnswer> {
  const page = await fetch(portalUrl);
  const html = await page.text();
  const form = formsOf(html).find((f) => f.action.endsWith(`/${action}`));
  if (!form) throw new Error(`the portal page (status ${page.status}) offers no ${action} action`);
  const card: Record<string, string> = action === 'update-payment-method' ? { cardNumber: TEST_CARDS.success, cardExpiry: '12 / 40', cardCvc: '123', billingName: 'Alex Morgan' } : {};
  const answer = await post(portalUrl, form, fill(form, { ...card, ...fields }));
  if (answer.status !== 303 || !answer.location) return answer;
  return { ...answer, html: await (await fetch(answer.location)).text() };
}

async function stripeGet(sandboxUrl: string, secretKey: string, path: string): Promise<any> {
  const res = await fetch(new URL(path, sandboxUrl), { headers: { authorization: `Bearer ${secretKey}` } });
  const body = await res.json();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function readyClock(sandboxUrl: string, secretKey: string, clockId: string, timeoutMs = 15_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const clock = await stripeGet(sandboxUrl, secretKey, `/v1/test_helpers/test_clocks/${clockId}`);
    if (clock.status === 'ready') return clock;
    if (Date.now() > deadline) throw new Error(`test clock ${clockId} still ${clock.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Moves the customer's test clock to one second past `unixSeconds` through Stripe's test clock
 * endpoints and waits until it is ready (whatever fell due has happened, events included). A
 * clock already past it is left alone. Answers the clock.
 */
export async function advanceClockPast(sandboxUrl: string, secretKey: string, customerId: string, unixSeconds: number): Promise<any> {
  const customer = await stripeGet(sandboxUrl, secretKey, `/v1/customers/${customerId}`);
  const clockId = typeof customer.test_clock === 'string' ? customer.test_clock : customer.test_clock?.id;
  if (!clockId) throw new Error(`customer ${customerId} is on no test clock (the sandbox gives each one a clock unless SANDBOX_CUSTOMER_TEST_CLOCKS=false)`);
  const clock = await readyClock(sandboxUrl, secretKey, clockId);
  if (clock.frozen_time > unixSeconds) return clock;
  const res = await fetch(new URL(`/v1/test_helpers/test_clocks/${clockId}/advance`, sandboxUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ frozen_time: String(unixSeconds + 1) }).toString(),
  });
  if (!res.ok) throw new Error(`advancing ${clockId}: ${res.status} ${await res.text()}`);
  return readyClock(sandboxUrl, secretKey, clockId);
}

/** Moves a subscription's clock just past the end of its current period: it renews, or ends if canceled. */
export async function advanceToRenewal(sandboxUrl: string, secretKey: string, subscriptionId: string): Promise<any> {
  const sub = await stripeGet(sandboxUrl, secretKey, `/v1/subscriptions/${subscriptionId}`);
  return advanceClockPast(sandboxUrl, secretKey, sub.customer, sub.items.data[0].current_period_end);
}
