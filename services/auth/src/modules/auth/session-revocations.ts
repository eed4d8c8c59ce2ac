import { recordRevokedSession, type Redis } from '@postwright/platform';

export interface SessionRevocations {
  /** Every access token of the session stops working at the gateway at once, not when it expires. */
  revoke(sessionId: string): Promise<void>;
}

/**
 * Covers an access token signed by a refresh that had passed the family check just before the
 * family was revoked (its `exp` can be later than revocation time + TTL by as long as that
 * refresh took), so it is refused too. The entry only lives this much longer.
 */
export const IN_FLIGHT_MARGIN_MS = 60_000;

/**
 * Records a revoked session in Redis for every gateway (platform's session-revocations: the
 * sorted set and the channel). It is kept until the session's last access token has expired: at
 * the latest one access-token lifetime from now, since a revoked family gets no new tokens.
 */
export function createSessionRevocations(redis: Redis, namespace: string, accessTokenTtlSeconds: number): SessionRevocations {
  return {
    async revoke(sessionId) {
      // real time, as jsonwebtoken sets `exp`, whatever clock the use cases are given
      const now = Date.now();
      await recordRevokedSession(redis, namespace, { sid: sessionId, until: now + accessTokenTtlSeconds * 1000 + IN_FLIGHT_MARGIN_MS }, now);
    },
  };
}
