import { AppError } from '@postwright/platform';
import { BETA_DURATION_DAYS, isAdminRole, type AdminSetTierRequest, type User, type UserRole } from '@postwright/contracts';
import type { Clock, EventPublisher } from '../ports';
import { toPublicUser, type UserRepository } from '../users/user.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export type AdminUseCases = ReturnType<typeof createAdminUseCases>;

export function createAdminUseCases(deps: { users: UserRepository; events: EventPublisher; clock: Clock }) {
  const { users, events, clock } = deps;

  return {
    /**
     * Admin means ADMIN or SUPER_ADMIN, checked against the stored role (not only the
     * token's claim), so a demotion takes effect at once.
     */
    async requireAdmin(actorId: string): Promise<void> {
      const actor = await users.findById(actorId);
      if (!actor || !isAdminRole(actor.userRole)) {
        throw AppError.of('ADMIN.FORBIDDEN');
      }
    },

    /** Beta runs for betaDays (15 by default) and is unlimited until then; other tiers carry no expiry. */
    async setTier(targetId: string, request: AdminSetTierRequest): Promise<{ user: User }> {
      const betaExpiresAt =
        request.tier === 'beta' ? new Date(clock.now().getTime() + (request.betaDays ?? BETA_DURATION_DAYS) * DAY_MS) : null;
      const user = await users.setTier(targetId, request.tier, betaExpiresAt);
      if (!user) throw AppError.of('USER.NOT_FOUND');
      await events.publish('user.tier.changed', {
        userId: user.id,
        tier: user.subscriptionTier,
        betaExpiresAt: user.betaExpiresAt ? user.betaExpiresAt.toISOString() : null,
      });
      return { user: toPublicUser(user) };
    },

    /** `npm run create-admin -- <email>`: promotes an existing account. */
    async promote(email: string, role: UserRole): Promise<User | null> {
      const user = await users.setRoleByEmail(email.trim().toLowerCase(), role);
      if (user) await events.publish('user.updated', { userId: user.id, fields: ['userRole'] });
      return user ? toPublicUser(user) : null;
    },
  };
}
