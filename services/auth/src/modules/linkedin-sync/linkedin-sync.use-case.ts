import type { EventEnvelope } from '@postwright/contracts';
import type { EventPublisher } from '../ports';
import type { UserRecord, UserRepository } from '../users/user.repository';

export type LinkedinEvent = EventEnvelope<'linkedin.connected'> | EventEnvelope<'linkedin.disconnected'> | EventEnvelope<'linkedin.profile.updated'>;

/**
 * Mirrors the LinkedIn connection onto the user: linkedinConnected and profilePicture.
 * Disconnecting clears the picture (it came from LinkedIn); a profile refresh that found
 * no picture keeps the one we have.
 */
export function createLinkedinSync(deps: { users: UserRepository; events: EventPublisher }) {
  const { users, events } = deps;

  function patchFor(event: LinkedinEvent): { linkedinConnected?: boolean; profilePicture?: string | null } {
    switch (event.type) {
      case 'linkedin.connected':
        return { linkedinConnected: true, profilePicture: event.payload.profilePicture };
      case 'linkedin.disconnected':
        return { linkedinConnected: false, profilePicture: null };
      // only a connected member's profile is updated: whichever of this and linkedin.connected
      // is handled first, the user ends up connected (a later disconnect still wins by time)
      case 'linkedin.profile.updated':
        return event.payload.profilePicture ? { linkedinConnected: true, profilePicture: event.payload.profilePicture } : { linkedinConnected: true };
    }
  }

  return {
    /** Unknown users are skipped (acked): the event cannot become applicable by retrying. */
    async apply(event: LinkedinEvent): Promise<void> {
      const before = await users.findById(event.payload.userId);
      if (!before) return;
      const patch = patchFor(event);
      // an older event (redelivered late) never overwrites a newer one
      const after = await users.applyLinkedinState(before.id, patch, new Date(event.occurredAt));
      if (!after) return;
      const fields = (Object.keys(patch) as Array<keyof typeof patch & keyof UserRecord>).filter((f) => before[f] !== after[f]);
      if (fields.length) await events.publish('user.updated', { userId: after.id, fields });
    },
  };
}
