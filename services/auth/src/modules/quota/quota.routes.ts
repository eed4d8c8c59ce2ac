import type { Router } from 'express';
import { isAppError, parseInput, requireInternal, type Metrics } from '@postwright/platform';
import { QUOTA_REFUSALS, quotaCommitRequestSchema, quotaReleaseRequestSchema, quotaReserveRequestSchema } from '@postwright/contracts';
import type { QuotaUseCases } from './quota.use-case';

/** Internal only (the content service): the gateway never routes /internal, and the shared token is required. */
export function quotaRoutes(router: Router, { quota, internalToken, metrics }: { quota: QuotaUseCases; internalToken: string; metrics: Metrics }): void {
  const internal = requireInternal(internalToken);
  const refusals = metrics.counter('postwright_trial_or_plan_refusals_total', "Posts refused because the trial's or the plan's limit is reached, or the payment overdue, by reason (the refusal's code)", ['reason']);
  // the refusals of a trial's or a plan's limit: counted where they are decided, by their code
  for (const reason of QUOTA_REFUSALS) refusals.inc({ reason }, 0);

  router.post('/internal/quota/reserve', internal, async (req, res) => {
    const { userId, free } = parseInput(quotaReserveRequestSchema, req.body);
    try {
      res.json(await quota.reserve(userId, { free }));
    } catch (error) {
      if (isAppError(error) && QUOTA_REFUSALS.has(error.code)) refusals.inc({ reason: error.code });
      throw error;
    }
  });

  router.post('/internal/quota/commit', internal, async (req, res) => {
    res.json(await quota.commit(parseInput(quotaCommitRequestSchema, req.body).reservationId));
  });

  router.post('/internal/quota/release', internal, async (req, res) => {
    res.json(await quota.release(parseInput(quotaReleaseRequestSchema, req.body).reservationId));
  });
}
