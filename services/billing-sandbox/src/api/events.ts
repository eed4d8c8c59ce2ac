import type { Router } from 'express';
import { page } from '../expand';
import type { ApiDeps } from './deps';
import { stripeErrors } from './errors';
import { listParams, parseParams } from './params';

/** The events made (the last 30 days at Stripe; here, since the sandbox started), for a caller that reconciles. */
export function eventRoutes(router: Router, { state }: ApiDeps): void {
  router.get('/events', (req, res) => {
    const p = parseParams(req.query, { ...listParams, type: 'string', types: 'strings', delivery_success: 'boolean' });
    const matches = (type: string) => (p.type === undefined || (p.type.endsWith('.*') ? type.startsWith(p.type.slice(0, -1)) : type === p.type)) && (p.types === undefined || p.types.includes(type));
    const events = state.events
      .map((e, seq) => ({ ...e, seq }))
      .filter((e) => matches(e.type) && (p.delivery_success === undefined || e.delivered === p.delivery_success));
    const { records, list } = page(events, '/v1/events', p, 'event');
    res.json(list(records.map((e) => e.body)));
  });

  router.get('/events/:id', (req, res) => {
    parseParams(req.query, { expand: 'strings' });
    const event = state.events.find((e) => e.id === req.params.id);
    if (!event) throw stripeErrors.noSuch('event', req.params.id, 'id');
    res.json(event.body);
  });
}
