import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from '@postwright/platform';
import type { SessionRevocations } from './session-revocations';

/** Who presents a refresh token: the address the service sees (the gateway's word for it) and the User-Agent. */
export interface RefreshClient {
  address: string;
  userAgent?: string;
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; /** the next token of the family */ token: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'reused' | 'withdrawn' | 'overtaken' };

export type RefreshTokenStore = ReturnType<typeof createRefreshTokenStore>;

/** The used marker of a token that was spent by a refresh; a withdrawn one's is WITHDRAWN. */
const SPENT = '1';
const WITHDRAWN = 'withdrawn';

/**
 * Spends a token and stores its successor in one step, so a spent token always has a recorded
 * successor (a retry can never see one without the other). `revoked` when the family is, else the
 * used marker of a token that was spent or withdrawn before.
 * KEYS: used, family revoked, successor, family proven, user's families, grace.
 * ARGV: ttl, grace seconds, successor's record, grace record.
 */
const ROTATE = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 'revoked' end
if not redis.call('SET', KEYS[1], '${SPENT}', 'EX', ARGV[1], 'NX') then return redis.call('GET', KEYS[1]) or '${SPENT}' end
redis.call('SET', KEYS[3], ARGV[3], 'EX', ARGV[1])
redis.call('EXPIRE', KEYS[4], ARGV[1])
redis.call('EXPIRE', KEYS[5], ARGV[1])
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[6], ARGV[4], 'EX', ARGV[2]) end
return 'rotated'`;

/**
 * The retry of a spent token within its grace: compare-and-set on the grace record the caller
 * read, so of two retries at once one wins and the other is `overtaken`. The successor is withdrawn
 * only if it was never used (its used marker is set NX, as its own rotation would set it), and the
 * new token takes its place in the grace record, whose expiry (the window) is kept.
 * KEYS: grace, successor's used marker, family revoked, new token, family proven, user's families.
 * ARGV: grace record read, new grace record, ttl, new token's record.
 */
const RETRY = `
if redis.call('EXISTS', KEYS[3]) == 1 then return 'revoked' end
local current = redis.call('GET', KEYS[1])
if not current then return 'expired' end
if current ~= ARGV[1] then return 'overtaken' end
if not redis.call('SET', KEYS[2], '${WITHDRAWN}', 'EX', ARGV[3], 'NX') then return 'successor-used' end
redis.call('SET', KEYS[4], ARGV[4], 'EX', ARGV[3])
redis.call('EXPIRE', KEYS[5], ARGV[3])
redis.call('EXPIRE', KEYS[6], ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 'granted'`;

/**
 * Refresh tokens: 256 random bits, stored only as their SHA-256 in Redis with a TTL.
 * Each login starts a family; each refresh marks the presented token used and issues the
 * next one in the same family. Presenting a used token again means it was stolen (or
 * replayed): the whole family is revoked.
 *
 * Except once the answer of a refresh was lost (a network cut, a closed tab): its client still
 * holds the spent token. For `graceSeconds` after the spend, the same client (address and
 * User-Agent, kept only as an HMAC keyed by the spent token) presenting it again, while its
 * successor has not been used, gets a new token in the family and the successor is withdrawn:
 * a family keeps one live token. A withdrawn token is refused without ending the session (its
 * answer was the lost one, or a concurrent retry's). Anything else is a replay, as above.
 *
 * A family is a session (its id is the access tokens' `sid`): revoking the family also revokes
 * the session's access tokens at once, whoever asks for it (logout, a replay, a deleted user).
 */
export function createRefreshTokenStore(redis: Redis, prefix: string, ttlSeconds: number, sessions: SessionRevocations, graceSeconds = 0) {
  const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
  const tokenKey = (h: string) => `${prefix}rt:${h}`;
  const usedKey = (h: string) => `${prefix}rt:${h}:used`;
  /** `<client tag> <successor hash>` while a spent token may be retried; expires with the window */
  const graceKey = (h: string) => `${prefix}rt:${h}:grace`;
  /** no address or User-Agent in Redis: only this tag, which nobody without the token can test guesses against */
  const clientTag = (token: string, client: RefreshClient) => createHmac('sha256', token).update(`${client.address}\n${client.userAgent ?? ''}`).digest('base64url');
  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, h: hash(token) };
  };
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
     * Starts a family (a login or signup: `provenAt` is when its password was checked): a new
     * session, and its first token. The next ones come from `rotate`.
     */
    async issue(userId: string, provenAt?: Date): Promise<{ token: string; familyId: string }> {
      const { token, h } = newToken();
      const family = randomUUID();
      await redis
        .multi()
        .set(tokenKey(h), `${userId} ${family}`, 'EX', ttlSeconds)
        .sadd(familiesKey(userId), family)
        .set(provenKey(family), String((provenAt ?? new Date()).getTime()), 'EX', ttlSeconds)
        // the user's sessions live as long as their newest refresh token (rotate extends it too)
        .expire(familiesKey(userId), ttlSeconds)
        .exec();
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

    /**
     * Spends `token` and answers the family's next one. Of two requests presenting the same token,
     * exactly one spends it (SET NX); the other is a retry (see above) or a replay.
     */
    async rotate(token: string, client: RefreshClient): Promise<RotateResult> {
      const h = hash(token);
      const record = await read(h);
      if (!record) return { ok: false, reason: 'unknown' };
      const { userId, familyId } = record;
      const tag = clientTag(token, client);
      const next = newToken();
      const familyKeys = [revokedKey(familyId), tokenKey(next.h), provenKey(familyId), familiesKey(userId)];
      const rotated = String(
        await redis.eval(ROTATE, 6, usedKey(h), ...familyKeys, graceKey(h), ttlSeconds, graceSeconds, `${userId} ${familyId}`, `${tag} ${next.h}`),
      );
      if (rotated === 'rotated') return { ok: true, userId, familyId, token: next.token };
      if (rotated === 'revoked') return { ok: false, reason: 'revoked' };
      if (rotated === WITHDRAWN) return { ok: false, reason: 'withdrawn' };

      const grace = await redis.get(graceKey(h));
      const [graceTag, successor] = grace?.split(' ') ?? [];
      if (grace && graceTag === tag && successor) {
        const retried = String(
          await redis.eval(
            RETRY,
            6,
            graceKey(h),
            usedKey(successor),
            revokedKey(familyId),
            tokenKey(next.h),
            provenKey(familyId),
            familiesKey(userId),
            grace,
            `${tag} ${next.h}`,
            ttlSeconds,
            `${userId} ${familyId}`,
          ),
        );
        if (retried === 'granted') return { ok: true, userId, familyId, token: next.token };
        if (retried === 'revoked') return { ok: false, reason: 'revoked' };
        // a retry of the same client at the same moment won: its answer holds the live token
        if (retried === 'overtaken') return { ok: false, reason: 'overtaken' };
        // 'successor-used' or 'expired': a replay after all
      }
      await revokeFamily(familyId, userId);
      return { ok: false, reason: 'reused' };
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
