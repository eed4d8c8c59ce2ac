/**
 * The firing's writes to the schedules collection, grouped (platform's Batcher): timers falling due
 * together become a few bulk writes instead of one round trip each. The sizes are the embedded
 * FerretDB's: it serialises writes and deadlocks on a bulk update of about a hundred statements;
 * 25 is far from that and still turns a burst into a few writes.
 */
import { Batcher } from '@postwright/platform';
import type { ClaimRequest, FirePlan, FiringSchedule, ScheduleRepository } from '../schedule/schedule.types';

const MAX_BATCH = 25;

/**
 * Claims due plans in bulk (pending -> firing, conditional on the plan and on being due), then
 * hands every claim won to `onWon`. A batch is done only when its claims are handled, so at most
 * two batches of claims and their publish requests are under way at once.
 * Resolves true when this call won the claim and `onWon` answered true.
 */
export function claimBatches(
  repo: ScheduleRepository,
  instanceId: string,
  now: () => Date,
  onWon: (schedule: FiringSchedule) => Promise<boolean>,
): (plan: FirePlan) => Promise<boolean> {
  const claims = new Batcher<FirePlan, boolean>(
    async (plans) => {
      const won = await repo.claim(plans, instanceId, now());
      if (!won.length) return plans.map(() => false);
      const handled = new Set<string>();
      await Promise.all(
        won.map(async (schedule) => {
          if (await onWon(schedule)) handled.add(schedule.contentId);
        }),
      );
      return plans.map((plan) => handled.has(plan.contentId));
    },
    { maxBatch: MAX_BATCH, maxConcurrent: 2 },
  );
  return (plan) => claims.submit(plan);
}

/** A bulk write of claims, one at a time: what comes meanwhile waits for the next one. */
function oneWriteAtATime(write: (claims: ClaimRequest[]) => Promise<void>): (claim: ClaimRequest) => Promise<void> {
  const batcher = new Batcher<ClaimRequest, void>(
    async (claims) => {
      await write(claims);
      return claims.map(() => undefined);
    },
    { maxBatch: MAX_BATCH, maxConcurrent: 1 },
  );
  return (claim) => batcher.submit(claim);
}

/** Notes the claims whose publish request the broker confirmed. */
export function emittedBatches(repo: ScheduleRepository, now: () => Date): (claim: ClaimRequest) => Promise<void> {
  return oneWriteAtATime((claims) => repo.markEmitted(claims, now()));
}

/** Closes the schedules whose publish request was published; resolves to when the schedule was due, or null when there was none left to close. */
export function publishedBatches(repo: ScheduleRepository): (claim: ClaimRequest) => Promise<Date | null> {
  const batcher = new Batcher<ClaimRequest, Date | null>(
    async (claims) => {
      const closed = new Map((await repo.markPublished(claims)).map((c) => [c.contentId, c.scheduledFor]));
      return claims.map((c) => closed.get(c.contentId) ?? null);
    },
    { maxBatch: MAX_BATCH, maxConcurrent: 1 },
  );
  return (claim) => batcher.submit(claim);
}
