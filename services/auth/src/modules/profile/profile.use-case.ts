import { AppError } from '@postwright/platform';
import { notificationKinds, type InternalAccount, type User } from '@postwright/contracts';
import type { UnsubscribeTokens } from '../account/unsubscribe-token';
import type { EventPublisher } from '../ports';
import { isUserId, toPublicUser, type ProfileFields, type UserRecord, type UserRepository } from '../users/user.repository';
import type { UserLifecycle } from '../users/users.use-case';
import type { ProfileUpdateInput } from './profile.schema';

const EDITABLE = ['firstName', 'lastName', 'company', 'role', 'industry', 'linkedinUrl', 'bio'] as const;

export type ProfileUseCases = ReturnType<typeof createProfileUseCases>;

export function createProfileUseCases(deps: { users: UserRepository; lifecycle: UserLifecycle; events: EventPublisher; unsubscribe: UnsubscribeTokens; publicUrl: string }) {
  const { users, lifecycle, events, unsubscribe, publicUrl } = deps;

  async function mine(userId: string): Promise<UserRecord> {
    const user = isUserId(userId) ? await lifecycle.load(userId) : null;
    if (!user) throw AppError.of('USER.NOT_FOUND');
    return user;
  }

  return {
    async get(userId: string): Promise<{ user: User }> {
      return { user: toPublicUser(await mine(userId)) };
    },

    /** What another service needs of a member (internal: the billing service's Stripe customer and usage). */
    async account(userId: string): Promise<{ account: InternalAccount }> {
      const user = toPublicUser(await mine(userId));
      const { id, email, emailVerified, notifications, firstName, lastName, subscriptionTier, subscriptionStatus, trialEndsAt, usage } = user;
      const links = Object.fromEntries(
        notificationKinds.map((kind) => {
          const token = encodeURIComponent(unsubscribe.make(id, kind));
          return [kind, { page: `${publicUrl}/settings/unsubscribe?token=${token}`, oneClick: `${publicUrl}/api/users/notifications/unsubscribe?token=${token}` }];
        }),
      ) as InternalAccount['unsubscribe'];
      return { account: { id, email, emailVerified, notifications, unsubscribe: links, firstName, lastName, subscriptionTier, subscriptionStatus, trialEndsAt, usage } };
    },

    async update(userId: string, input: ProfileUpdateInput): Promise<{ user: User }> {
      const current = await mine(userId);
      if (input.email != null && input.email !== current.email) {
        throw AppError.badRequest('Email cannot be changed', { email: 'Email cannot be changed' }, 'USER.EMAIL_READ_ONLY');
      }
      const changes: ProfileFields = {};
      for (const field of EDITABLE) {
        const value = input[field];
        if (value !== undefined && value !== current[field]) (changes as Record<string, unknown>)[field] = value;
      }
      const fields = Object.keys(changes);
      if (fields.length === 0) return { user: toPublicUser(current) };
      const updated = await users.updateProfile(userId, changes);
      if (!updated) throw AppError.of('USER.NOT_FOUND');
      await events.publish('user.updated', { userId, fields });
      return { user: toPublicUser(updated) };
    },
  };
}
