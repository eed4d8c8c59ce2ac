import { AppError } from '@postwright/platform';
import type { User } from '@postwright/contracts';
import type { EventPublisher } from '../ports';
import { toPublicUser, type ProfileFields, type UserRecord, type UserRepository } from '../users/user.repository';
import type { UserLifecycle } from '../users/users.use-case';
import type { ProfileUpdateInput } from './profile.schema';

const EDITABLE = ['firstName', 'lastName', 'company', 'role', 'industry', 'linkedinUrl', 'bio'] as const;

export type ProfileUseCases = ReturnType<typeof createProfileUseCases>;

export function createProfileUseCases(deps: { users: UserRepository; lifecycle: UserLifecycle; events: EventPublisher }) {
  const { users, lifecycle, events } = deps;

  async function mine(userId: string): Promise<UserRecord> {
    const user = await lifecycle.load(userId);
    if (!user) throw AppError.of('USER.NOT_FOUND');
    return user;
  }

  return {
    async get(userId: string): Promise<{ user: User }> {
      return { user: toPublicUser(await mine(userId)) };
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
