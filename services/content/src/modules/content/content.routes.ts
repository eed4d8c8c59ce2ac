import type { Router } from 'express';
import { contentListQuerySchema, editRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier } from '@postwright/platform';
import type { ContentUseCases } from './content.use-case';

export function contentRoutes(router: Router, deps: { tokens: TokenVerifier; content: ContentUseCases }) {
  const auth = requireUser(deps.tokens);

  router.get('/api/content', auth, async (req, res) => {
    const query = parseInput(contentListQuerySchema, req.query);
    res.json({ content: await deps.content.list(req.user!.id, query) });
  });

  router.get('/api/content/:id', auth, async (req, res) => {
    res.json({ content: await deps.content.get(req.user!.id, String(req.params.id)) });
  });

  router.put('/api/content/:id/edit', auth, async (req, res) => {
    const input = parseInput(editRequestSchema, req.body);
    res.json({ content: await deps.content.edit(req.user!.id, String(req.params.id), input) });
  });

  router.post('/api/content/:id/restore-previous', auth, async (req, res) => {
    res.json({ content: await deps.content.restorePrevious(req.user!.id, String(req.params.id)) });
  });

  router.delete('/api/content/:id', auth, async (req, res) => {
    await deps.content.remove(req.user!.id, String(req.params.id));
    res.json({ success: true });
  });
}
