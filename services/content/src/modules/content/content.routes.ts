import type { Router } from 'express';
import { contentListQuerySchema, editRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { ContentUseCases } from './content.use-case';

export function contentRoutes(router: Router, deps: { tokens: TokenVerifier; content: ContentUseCases }) {
  const auth = requireUser(deps.tokens);

  router.get('/api/content', auth, async (req, res) => {
    const query = parseInput(contentListQuerySchema, req.query);
    res.json({ content: await deps.content.list(userOf(req).id, query) });
  });

  router.get('/api/content/:id', auth, async (req, res) => {
    res.json({ content: await deps.content.get(userOf(req).id, String(req.params.id)) });
  });

  router.put('/api/content/:id/edit', auth, async (req, res) => {
    const input = parseInput(editRequestSchema, req.body);
    res.json({ content: await deps.content.edit(userOf(req).id, String(req.params.id), input) });
  });

  router.post('/api/content/:id/restore-previous', auth, async (req, res) => {
    res.json({ content: await deps.content.restorePrevious(userOf(req).id, String(req.params.id)) });
  });

  router.delete('/api/content/:id', auth, async (req, res) => {
    await deps.content.remove(userOf(req).id, String(req.params.id));
    res.json({ success: true });
  });
}
