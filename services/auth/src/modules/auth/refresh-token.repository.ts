import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from '@postwright/platform';
import type { SessionRevocations } from './session-revocations';

export type RotateResult =
  | { ok: true; userId: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'reused' };

export type RefreshTokenStore = ReturnType<typeof createRefreshTokenStore>;

/**
 * Refresh tokens: 256 random bits, stored only as their SHA-256 in Redis with a TTL.
 * Each login starts a family; each refresh marks the presented token used and issues the
 * next one in the same family. Presenting a used token again means it was stolen (or
 * replayed): the whole family is revoked.
 *
 * A family is a session (its id is the access tokens' `sid`): revoking the family also revokes
 * the session's access tokens at once, whoever asks for it (logout, a replay, a deleted user).
 */
export function createRefreshTokenStore(redis: Redis, prefix: string, ttlSeconds: number, sessions: SessionRevocations) {
  const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
  const tokenKey = (h: string) => `${prefix}rt:${h}`;
  const usedKey = (h: string) => `${prefix}rt:${h}:used`;
  const revokedKey = (familyId: string) => `${prefix}rtf:${familyId}:revoked`;
  /**
   * When the session's password was proven (epoch ms): a session proven before the password last
   * changed is over, whether or not it was found to be revoked (one started before sessions were
   * recorded per user, or a sign-in that checked the old password while it was being replaced).
   */
  const provenKey = (familyId: string) => `${prefix}rtf:${familyId}:proven`;
  /** the sessions (families) a user has started: a password reset or change ends them all */
  const familiesKey = (userId: string) => `${prefix}rtu:${userId}:families`;

  const read = async (h: string) => {
    const raw = await redis.get(tokenKey(h));
    if (!raw) return null;
    const [userId, familyId] = raw.split(' ');
    return userId && familyId ? { userId, familyId } : null;
  };

  /** `userId` when known: the session leaves the user's list too, so the list holds live sessions only */
  const revokeFamily = async (familyId: string, userId?: string): Promise<void> => {
    await redis.set(revokedKey(familyId), '1', 'EX', ttlSeconds);
    if (userId) await redis.srem(familiesKey(userId), familyId);
    await sessions.revoke(familyId);
  };

  return {
    revokeFamily,

    /**
     * Without a family, starts one (a login or signup: `provenAt` is when its password was
     * checked): a new session. With one, the session's next token.
     */
    async issue(userId: string, familyId?: string, provenAt?: Date): Promise<{ token: string; familyId: string }> {
      const token = randomBytes(32).toString('base64url');
      const family = familyId ?? randomUUID();
      const write = redis.multi().set(tokenKey(hash(token)), `${userId} ${family}`, 'EX', ttlSeconds);
      if (!familyId) write.sadd(familiesKey(userId), family).set(provenKey(family), String((provenAt ?? new Date()).getTime()), 'EX', ttlSeconds);
      else write.expire(provenKey(family), ttlSeconds);
      // the user's sessions live as long as their newest refresh token
      await write.expire(familiesKey(userId), ttlSeconds).exec();
      return { token, familyId: family };
    },

    /** When the session's password was proven; 0 for a session from before this was recorded. */
    async provenAt(familyId: string): Promise<number> {
      return Number((await redis.get(provenKey(familyId))) ?? 0);
    },

    /** The caller's session on a password change: proven again, by the current password it gave. */
    async proveAgain(familyId: string, at: Date): Promise<void> {
      await redis.set(provenKey(familyId), String(at.getTime()), 'EX', ttlSeconds);
    },

    /** Ends every session of the user but `keep` (the caller's own, on a password change). */
    async revokeAllOf(userId: string, keep?: string): Promise<number> {
      const families = (await redis.smembers(familiesKey(userId))).filter((f) => f !== keep);
      for (const family of families) await revokeFamily(family, userId);
      return families.length;
    },

    async rotate(token: string): Promise<RotateResult> {
      const h = hash(token);
      const record = await read(h);
      if (!record) return { ok: false, reason: 'unknown' };
      if (await redis.exists(revokedKey(record.familyId))) return { ok: false, reason: 'revoked' };
      // SET NX: of two requests presenting the same token, exactly one rotates it
      const first = await redis.set(usedKey(h), '1', 'EX', ttlSeconds, 'NX');
      if (first !== 'OK') {
        await revokeFamily(record.familyId, record.userId);
        return { ok: false, reason: 'reused' };
      }
      return { ok: true, ...record };
    },

    /**
     * Logout: the token's whole family stops working. Null when the token is unknown, or
     * belongs to someone other than `onlyForUserId` when that is given.
     */
    async revoke(token: string, onlyForUserId?: string): Promise<{ userId: string; familyId: string } | null> {
      const h = hash(token);
      const record = await read(h);
      if (!record || (onlyForUserId && record.userId !== onlyForUserId)) return null;
      await revokeFamily(record.familyId, record.userId);
      await redis.del(tokenKey(h));
      return { userId: record.userId, familyId: record.familyId };
    },
  };
}
