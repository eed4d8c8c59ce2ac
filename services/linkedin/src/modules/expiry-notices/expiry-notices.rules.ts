/**
 * The emails about a grant's end, as pure rules of the stored connection and the time: which one
 * is due, when the next one falls due, and the key that makes each one go once per grant.
 */
import { expiryNoticeStart, grantEnded, grantExpiresAt } from '../connection/access.use-case';
import type { StoredConnection } from '../connection/connection.repository';

/** `soon`: the grant ends within RECONNECT_WARNING_DAYS; `expired`: it has ended (its time, or LinkedIn refused it). */
export type ExpiryNoticeKind = 'soon' | 'expired';

type Grant = Pick<StoredConnection, 'status' | 'refreshToken' | 'refreshTokenExpiresAt' | 'accessTokenExpiresAt' | 'connectedAt'>;

export interface ExpiryNoticeStep {
  /** the email due now, if any (a sweep that comes late sends only the latest: "expired", not "soon" as well) */
  kind: ExpiryNoticeKind | null;
  expiresAt: Date;
  /** when the next one falls due; null when there is none left for this grant */
  next: Date | null;
}

/** What a sweep at `now` does with a connection whose email is due. */
export function expiryNoticeStep(connection: Grant, now: Date): ExpiryNoticeStep {
  const expiresAt = grantExpiresAt(connection);
  if (grantEnded(connection, now.getTime())) return { kind: 'expired', expiresAt, next: null };
  const soonFrom = expiryNoticeStart(connection);
  // a grant whose end moved later since this was planned waits for its own week
  if (now < soonFrom) return { kind: null, expiresAt, next: soonFrom };
  return { kind: 'soon', expiresAt, next: expiresAt };
}

/**
 * The plan for a connection stored before these emails existed: as if it had always had one,
 * except that a grant already over is not announced long after the fact.
 */
export function firstExpiryNoticeAt(connection: Grant, now: Date): Date | null {
  return grantEnded(connection, now.getTime()) ? null : expiryNoticeStart(connection);
}

/** One email per member, kind and grant end: a sweep that repeats itself stores nothing new, a reconnect (a new end) gets its own. */
export function expiryNoticeKey(userId: string, kind: ExpiryNoticeKind, expiresAt: Date): string {
  return `linkedin-${kind === 'soon' ? 'expires-soon' : 'expired'}:${userId}:${expiresAt.toISOString()}`;
}
