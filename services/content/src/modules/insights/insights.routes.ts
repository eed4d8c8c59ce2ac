import type { Router } from 'express';
import { insightsQuerySchema } from '@postwright/contracts';
import { AppError, parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { InsightsUseCases } from './insights.use-case';

export function insightsRoutes(router: Router, deps: { tokens: TokenVerifier; insights: InsightsUseCases }) {
  const auth = requireUser(deps.tokens);

  router.get('/api/insights', auth, async (req, res) => {
    // a zone too long to be one is as unknown as a misspelt one: one code for both
    const tz = req.query.tz;
    if (tz !== undefined && !insightsQuerySchema.shape.tz.safeParse(tz).success) throw AppError.of('INSIGHTS.INVALID_TIME_ZONE', { details: { tz: 'Unknown time zone' } });
    const query = parseInput(insightsQuerySchema, req.query);
    res.json(await deps.insights.read(userOf(req).id, query));
  });
}
