import { isLinkedinApiError } from '../../lib/linkedin-api';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How often a post's engagement is read, by its age. Reactions, comments and views come mostly in
 * a post's first day and taper off within the week; after that a few reads a day keep the card
 * current. With 15-minute rounds and the 30-day window a post costs 332 reads (4 calls each, 1,328
 * calls) instead of 2,880 (11,520): every round in its first day (96), hourly to day 7 (144), every
 * 6 hours to day 30 (92). docs/linkedin.md, "Engagement and LinkedIn's daily limits".
 */
export const POLL_SCHEDULE: ReadonlyArray<{ untilAgeMs: number; everyMs: number }> = [
  { untilAgeMs: DAY_MS, everyMs: 0 },
  { untilAgeMs: 7 * DAY_MS, everyMs: HOUR_MS },
  { untilAgeMs: Number.POSITIVE_INFINITY, everyMs: 6 * HOUR_MS },
];

/** The least time between two reads of a post this old (0: every round). */
export function pollEveryMs(ageMs: number): number {
  return POLL_SCHEDULE.find((step) => ageMs < step.untilAgeMs)!.everyMs;
}

/**
 * Whether a post is read this round: never read yet, or last read at least its interval ago. A read
 * lands a little after its round starts, so half a round of slack keeps an hourly post on every
 * fourth 15-minute round instead of slipping to the fifth.
 */
export function isPollDue(post: { publishedAt: Date; lastReadAt: Date | null }, now: number, roundMs: number): boolean {
  if (!post.lastReadAt) return true;
  const every = pollEveryMs(now - post.publishedAt.getTime());
  return every === 0 || now - post.lastReadAt.getTime() >= every - roundMs / 2;
}

/** LinkedIn's daily limits reset at midnight UTC. */
export function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/**
 * A 429 for a daily limit: the bodies clients log from LinkedIn name the window ("Resource level
 * throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached."). LinkedIn
 * documents its limits as daily but not this wording, so a 429 that names no window (its generic
 * "Resource level throttle limit ...", or infrastructure protection) is left to the doubling back-off.
 */
export function isDailyLimit(error: unknown): boolean {
  return isLinkedinApiError(error, 'throttled') && /\bDAY limit\b/.test(error.message);
}
