import type { Router } from 'express';
import { publicationReportSchema } from '@postwright/contracts';
import { parseInput, requireInternal } from '@postwright/platform';
import { contentNotFound } from '../content/content.use-case';
import type { PublicationUseCases } from './publication.use-case';

/** Internal API: the LinkedIn service and the scheduler report what came of a publish. */
export function publicationRoutes(router: Router, deps: { internalToken: string; publication: PublicationUseCases }) {
  router.post('/internal/content/:id/publication', requireInternal(deps.internalToken), async (req, res) => {
    const report = parseInput(publicationReportSchema, req.body);
    const content = await deps.publication.settle(String(req.params.id), report);
    if (!content) throw contentNotFound();
    res.json({ content });
  });
}
