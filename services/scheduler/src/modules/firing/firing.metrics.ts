import type { Metrics } from '@postwright/platform';

/** Seconds late: on time is a second or two; a retry after LinkedIn failed makes it minutes. */
const BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200];

/**
 * postwright_schedule_lateness_seconds: from a scheduled post's time to LinkedIn having it,
 * observed when the scheduler learns it is published (an early post counts as 0).
 */
export function scheduleLateness(metrics: Metrics): (lateSeconds: number) => void {
  const lateness = metrics.histogram('postwright_schedule_lateness_seconds', "Seconds from a scheduled post's time to its being on LinkedIn", [], BUCKETS);
  return (lateSeconds) => lateness.observe(Math.max(0, lateSeconds));
}
