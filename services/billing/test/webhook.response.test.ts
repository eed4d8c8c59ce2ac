import { createHmac } from 'node:crypto';
import { eventually, http } from '@postwright/platform/src/testing';
import { SANDBOX_STRIPE } from '../src/config';
import { startStack, type Stack } from './support/stack';

/** Stripe's signature scheme: t=<seconds>,v1=<HMAC-SHA256 of "t.body" with the signing secret>. */
function sign(body: string, secret = SANDBOX_STRIPE.webhookSecret, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

function eventBody(overrides: Record<string, unknown> = {}): string {
  const id = `evt_test${Math.random().toString(36).slice(2, 14)}`;
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'sub_unknown', object: 'subscription', customer: 'cus_unknownToUs' } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'customer.subscription.updated',
    ...overrides,
  });
}

describe('POST /api/billing/webhook: only what Stripe signed, within 5 minutes', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  const deliver = (body: string, signature?: string) =>
    http(stack.billing.url, 'POST', '/api/billing/webhook', { raw: body, headers: signature === undefined ? {} : { 'stripe-signature': signature } });
  const stored = (body: string) => stack.billing.modules.stores.inbox.byEvent(JSON.parse(body).id);

  test.each([
    ['no Stripe-Signature header', (_body: string) => undefined],
    ['a signature made with another secret', (body: string) => sign(body, 'whsec_someoneElse')],
    ['a signature older than 5 minutes', (body: string) => sign(body, undefined, Math.floor(Date.now() / 1000) - 301)],
    ['a signature of another body', (_body: string) => sign(eventBody())],
    ['a header that is not a signature', (_body: string) => 'v1=deadbeef'],
  ])('when the delivery has %s, then 400 BILLING.SIGNATURE_INVALID and nothing is stored or sent', async (_case, signatureFor) => {
    const body = eventBody();
    const res = await deliver(body, signatureFor(body));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BILLING.SIGNATURE_INVALID', error: 'Invalid Stripe signature' });
    expect(await stored(body)).toBeNull();
  });

  test('when a signed body is not JSON, then 400 and nothing is stored', async () => {
    const res = await deliver('{"id": "evt_broken"', sign('{"id": "evt_broken"'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'REQUEST.MALFORMED_JSON' });
  });

  test('when a signed event is about a customer that is not ours, or of a kind that changes nothing, then 200 and it is recorded as left', async () => {
    const foreign = eventBody();
    const res = await deliver(foreign, sign(foreign));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    // recorded before the answer; handled beside it
    expect(await stored(foreign)).toMatchObject({ type: 'customer.subscription.updated' });
    expect(await eventually(() => stored(foreign), (e) => e?.status !== 'pending')).toMatchObject({ status: 'ignored' });

    const other = eventBody({ type: 'product.updated', data: { object: { id: 'prod_x', object: 'product' } } });
    expect((await deliver(other, sign(other))).status).toBe(200);
    expect(await eventually(() => stored(other), (e) => e?.status !== 'pending')).toMatchObject({ status: 'ignored' });
  });
});
