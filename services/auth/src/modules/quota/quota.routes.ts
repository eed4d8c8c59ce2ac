import type { Router } from 'express';
import { parseInput, requireInternal } from '@postwright/platform';
import { quotaCommitRequestSchema, quotaReleaseRequestSchema, quotaReserveRequestSchema } from '@postwright/contracts';
import type { QuotaUseCases } from './quota.use-case';

/** Internal only (the content service): the gateway never routes /internal, and the shared token is required. */
export function quotaRoutes(router: Router, { quota, internalToken }: { quota: QuotaUseCases; internalToken: string }): void {
  const internal = requireInternal(internalToken);

  router.post('/internal/quota/reserve', internal, async (req, res) => {
    res.json(await quota.reserve(parseInput(quotaReserveRequestSchema, req.body).userId));
  });

  router.post('/internal/quota/commit', internal, async (req, res) => {
    res.json(await quota.commit(parseInput(quotaCommitRequestSchema, req.body).reservationId));
  });

  router.post('/internal/quota/release', internal, async (req, res) => {
    res.json(await quota.release(parseInput(quotaReleaseRequestSchema, req.body).reservationId));
  });
}
