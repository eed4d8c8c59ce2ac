import type { Clock, EventPublisher } from '../ports';
import type { UserRecord, UserRepository } from './user.repository';

export type UserLifecycle = ReturnType<typeof createUserLifecycle>;

/**
 * Keeps a user's tier current: a beta whose betaExpiresAt has passed becomes trial again
 * (quota applies) the first time anything looks at it, and by the periodic sweep.
 */
export function createUserLifecycle(deps: { users: UserRepository; events: EventPublisher; clock: Clock }) {
  const { users, events, clock } = deps;

  async function endBetaIfOver(user: UserRecord): Promise<UserRecord> {
    const now = clock.now();
    if (user.subscriptionTier !== 'beta' || !user.betaExpiresAt || user.betaExpiresAt > now) return user;
    const ended = await users.endBeta(user.id, now);
    if (!ended) return (await users.findById(user.id)) ?? user; // someone else ended it first
    await events.publish('user.tier.changed', { userId: ended.id, tier: ended.subscriptionTier, betaExpiresAt: null });
    return ended;
  }

  return {
    current: endBetaIfOver,

    async load(id: string): Promise<UserRecord | null> {
      const user = await users.findById(id);
      return user ? endBetaIfOver(user) : null;
    },

    async sweepEndedBetas(batch = 100): Promise<number> {
      const ids = await users.findEndedBetas(clock.now(), batch);
      let ended = 0;
      for (const id of ids) {
        const user = await users.findById(id);
        if (user && (await endBetaIfOver(user)).subscriptionTier !== 'beta') ended += 1;
      }
      return ended;
    },
  };
}
