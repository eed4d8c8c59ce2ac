import type { Router } from 'express';
import { suggestionsQuerySchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier } from '@postwright/platform';
import { suggestSlots } from './suggestions.use-case';

export function suggestionsRoutes(router: Router, deps: { tokens: TokenVerifier; minLeadSeconds: number }) {
  router.get('/api/calendar/suggestions', requireUser(deps.tokens), (req, res) => {
    const query = parseInput(suggestionsQuerySchema, req.query);
    res.json(suggestSlots({ contentType: query.contentType, timeZone: query.tz || 'UTC', now: new Date(), minLeadSeconds: deps.minLeadSeconds }));
  });
}
