import type { Router } from 'express';
import { contentLookupRequestSchema, transitionRequestSchema } from '@postwright/contracts';
import { AppError, parseInput, requireInternal } from '@postwright/platform';
import type { LifecycleUseCases } from './lifecycle.use-case';

/** Internal API for the LinkedIn and scheduler services; the gateway never routes /internal. */
export function lifecycleRoutes(router: Router, deps: { internalToken: string; lifecycle: LifecycleUseCases }) {
  const internal = requireInternal(deps.internalToken);

  router.post('/internal/content/lookup', internal, async (req, res) => {
    const request = parseInput(contentLookupRequestSchema, req.body);
    res.json({ items: await deps.lifecycle.lookup(request.items) });
  });

  router.get('/internal/content/:id', internal, async (req, res) => {
    const userId = typeof req.query.userId === 'string' ? req.query.userId : '';
    if (!userId) throw AppError.badRequest('userId is required', { userId: 'Required' });
    res.json({ content: await deps.lifecycle.getForUser(String(req.params.id), userId) });
  });

  router.post('/internal/content/:id/transition', internal, async (req, res) => {
    const request = parseInput(transitionRequestSchema, req.body);
    res.json({ content: await deps.lifecycle.transition(String(req.params.id), request) });
  });
}
