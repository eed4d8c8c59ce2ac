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

  const read = async (h: string) => {
    const raw = await redis.get(tokenKey(h));
    if (!raw) return null;
    const [userId, familyId] = raw.split(' ');
    return userId && familyId ? { userId, familyId } : null;
  };

  const revokeFamily = async (familyId: string): Promise<void> => {
    await redis.set(revokedKey(familyId), '1', 'EX', ttlSeconds);
    await sessions.revoke(familyId);
  };

  return {
    revokeFamily,

    /** Without a family, starts one (a login or signup): a new session. */
    async issue(userId: string, familyId: string = randomUUID()): Promise<{ token: string; familyId: string }> {
      const token = randomBytes(32).toString('base64url');
      await redis.set(tokenKey(hash(token)), `${userId} ${familyId}`, 'EX', ttlSeconds);
      return { token, familyId };
    },

    async rotate(token: string): Promise<RotateResult> {
      const h = hash(token);
      const record = await read(h);
      if (!record) return { ok: false, reason: 'unknown' };
      if (await redis.exists(revokedKey(record.familyId))) return { ok: false, reason: 'revoked' };
      // SET NX: of two requests presenting the same token, exactly one rotates it
      const first = await redis.set(usedKey(h), '1', 'EX', ttlSeconds, 'NX');
      if (first !== 'OK') {
        await revokeFamily(record.familyId);
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
      await revokeFamily(record.familyId);
      await redis.del(tokenKey(h));
      return { userId: record.userId, familyId: record.familyId };
    },
  };
}
