import type { Router } from 'express';
import type { WebhookUseCases } from './webhook.use-case';

/** Stripe's deliveries: no token; the Stripe-Signature header over the raw body is the proof. */
export function webhookRoutes(router: Router, deps: { webhooks: WebhookUseCases }) {
  router.post('/api/billing/webhook', async (req, res) => {
    await deps.webhooks.receive(req.rawBody, req.get('stripe-signature'));
    res.json({ received: true });
  });
}
