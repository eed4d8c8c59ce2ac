import express, { type Router } from 'express';
import { z } from 'zod';
import { faultKinds, type SandboxState } from './state';
import type { WebhookDispatcher, WebhookSettings } from './webhooks';

const webhookSchema = z
  .object({
    paused: z.boolean(),
    duplicate: z.boolean(),
    reverse: z.boolean(),
    url: z.string().url(),
    chaos: z.number().min(0).max(1),
  })
  .partial()
  .strict();

const faultSchema = z
  .object({
    path: z.string().startsWith('/').default('/v1/'),
    kind: z.enum(faultKinds),
    times: z.number().int().positive().max(10_000).default(1),
  })
  .strict();

/**
 * Test controls under /__sandbox (only with SANDBOX_CONTROL): the events made and each delivery
 * attempt, webhook delivery on demand (held, twice, newest first), the API calls received, what
 * stripe-mock refused, and faults. Not part of Stripe.
 */
export function controlRoutes(router: Router, state: SandboxState, webhooks: { settings: WebhookSettings; dispatcher: WebhookDispatcher }): void {
  const json = express.json({ limit: '20kb' });
  const bad = (message: string) => ({ error: message });
  const { settings, dispatcher } = webhooks;
  const webhookState = () => ({ ...settings, held: dispatcher.heldCount });

  /** ?type=: every event made (newest last), each with its delivery attempts */
  router.get('/__sandbox/events', (req, res) => {
    const type = typeof req.query.type === 'string' ? req.query.type : null;
    const events = state.events.filter((e) => !type || e.type === type);
    res.json({ events: events.map((e) => ({ id: e.id, type: e.type, created: e.created, delivered: e.delivered, settled: e.settled, deliveries: e.deliveries, event: e.body })) });
  });

  router.post('/__sandbox/events/:id/resend', (req, res) => {
    const event = state.events.find((e) => e.id === req.params.id);
    if (!event) return res.status(404).json(bad('No such event'));
    dispatcher.resend(event);
    res.status(202).json({ resent: event.id });
  });

  router.get('/__sandbox/webhooks', (_req, res) => void res.json(webhookState()));

  /** {paused?, duplicate?, reverse?, url?, chaos?}: unpausing sends what was held, in the order asked */
  router.post('/__sandbox/webhooks', json, async (req, res) => {
    const parsed = webhookSchema.safeParse(req.body ?? {});
    if (!parsed.success) return res.status(400).json(bad(`Invalid webhook settings: ${parsed.error.issues[0].message}`));
    const wasPaused = settings.paused;
    Object.assign(settings, parsed.data);
    const released = wasPaused && !settings.paused ? await dispatcher.release() : 0;
    res.json({ ...webhookState(), released });
  });

  /** Sends what is held now (first attempts done when this answers), staying paused for what comes next. */
  router.post('/__sandbox/webhooks/flush', async (_req, res) => {
    res.json({ released: await dispatcher.release() });
  });

  /** ?path=&method=: the API calls received (method, path, params, idempotency key, status) */
  router.get('/__sandbox/requests', (req, res) => {
    const path = typeof req.query.path === 'string' ? req.query.path : null;
    const method = typeof req.query.method === 'string' ? req.query.method.toUpperCase() : null;
    res.json({ requests: state.requests.filter((r) => (!path || r.path.startsWith(path)) && (!method || r.method === method)) });
  });

  router.get('/__sandbox/stripe-mock-refusals', (_req, res) => void res.json({ refusals: state.refusals }));
  router.delete('/__sandbox/stripe-mock-refusals', (_req, res) => {
    const cleared = state.refusals.length;
    state.refusals = [];
    res.json({ cleared });
  });

  router.get('/__sandbox/faults', (_req, res) => void res.json({ faults: state.faults }));
  /** {path (a prefix, default /v1/), kind: api_error | rate_limit | lost, times (default 1)} */
  router.post('/__sandbox/faults', json, (req, res) => {
    const parsed = faultSchema.safeParse(req.body ?? {});
    if (!parsed.success) return res.status(400).json(bad(`Invalid fault: ${parsed.error.issues[0].message}; kind is one of ${faultKinds.join(', ')}`));
    res.status(201).json({ fault: state.addFault(parsed.data) });
  });
  router.delete('/__sandbox/faults', (_req, res) => {
    const cleared = state.faults.length;
    state.faults = [];
    res.json({ cleared });
  });

  /** Forgets customers, clocks, subscriptions, events and logs; the catalogue stays. */
  router.post('/__sandbox/reset', (_req, res) => {
    state.reset();
    res.json({ reset: true });
  });
}
