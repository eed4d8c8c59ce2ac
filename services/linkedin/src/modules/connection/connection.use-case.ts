import type { EventPayload, EventType, LinkedinProfile, ProfileStatusResponse } from '@postwright/contracts';
import { AppError, type Logger } from '@postwright/platform';
import { isLinkedinApiError } from '../../lib/linkedin-api';
import type { MemberProfile, MemberReader } from '../../lib/linkedin-member';
import { OAuthError, type LinkedinOAuth } from '../../lib/linkedin-oauth';
import type { SignedIn } from '../../lib/linkedin-sign-in';
import { messages } from '../../lib/messages';
import type { TokenCipher } from '../../lib/token-cipher';
import type { EventPublisher } from '../../lib/events';
import type { PostRepository } from '../publish/post.repository';
import { expiryNoticeStart, grantEnded, grantExpiresAt, LinkedinAccess, RECONNECT_WARNING_DAYS, sealTokens } from './access.use-case';
import type { ConnectionRepository, StoredConnection } from './connection.repository';

export { RECONNECT_WARNING_DAYS };
const DAY_MS = 24 * 3600 * 1000;
export const ANALYTICS_SCOPE = 'r_member_postAnalytics';

/**
 * Whether post analytics can be read for a grant, and in plain words why not: only a Community
 * Management app (LINKEDIN_APP=community) has them, and only for grants that include the scope.
 */
export function engagementAvailability(analyticsApp: boolean, scopes: readonly string[]): { available: boolean; reason: string | null } {
  if (!analyticsApp) return { available: false, reason: messages.noAnalyticsApp };
  if (!scopes.includes(ANALYTICS_SCOPE)) return { available: false, reason: messages.reconnectForAnalytics };
  return { available: true, reason: null };
}

export interface ConnectionDeps {
  connections: ConnectionRepository;
  posts: PostRepository;
  cipher: TokenCipher;
  oauth: LinkedinOAuth;
  members: Pick<MemberReader, 'read'>;
  /** the app is a Community Management app (LINKEDIN_APP=community): post analytics can be granted */
  analyticsApp: boolean;
  access: LinkedinAccess;
  events: EventPublisher;
  logger: Logger;
}

type StoredProfile = StoredConnection['profile'];

export function profileView(profile: StoredProfile): LinkedinProfile {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    localizedFirstName: profile.firstName,
    localizedLastName: profile.lastName,
    headline: profile.headline,
    publicProfileUrl: profile.publicProfileUrl,
    profilePicture: { displayImage: profile.picture },
  };
}

const unavailable = (cause?: unknown) => AppError.of('LINKEDIN.UNAVAILABLE', { cause });

/** Connect (OAuth), show, refresh and disconnect a member's LinkedIn account. */
export class ConnectionUseCases {
  constructor(private readonly deps: ConnectionDeps) {}

  /**
   * The member came back from LinkedIn: `signIn` checks the state, exchanges the code and reads the
   * member (passport, in the route); the connection is stored and announced.
   */
  async connect(userId: string, signIn: () => Promise<SignedIn>): Promise<{ profile: LinkedinProfile }> {
    const { cipher, connections } = this.deps;
    let exchanged: SignedIn;
    try {
      exchanged = await signIn();
    } catch (error) {
      if (error instanceof OAuthError && (error.kind === 'state' || error.kind === 'state-other-user')) {
        throw AppError.of('LINKEDIN.STATE_INVALID');
      }
      if (error instanceof OAuthError && error.kind === 'token') {
        throw AppError.of('LINKEDIN.EXCHANGE_FAILED', { message: messages.exchangeFailed(error.linkedin.description ?? error.message), details: error.linkedin.error ? { linkedinError: error.linkedin.error } : undefined });
      }
      throw unavailable(error);
    }
    const { tokens, profile: member } = exchanged;
    const now = new Date();
    const profile = storedProfile(member);
    const sealed = sealTokens(cipher, userId, tokens, now);
    const connection = await connections.save({
      userId,
      memberId: member.sub,
      memberUrn: `urn:li:person:${member.sub}`,
      scopes: tokens.scopes,
      ...sealed,
      status: 'active',
      profile,
      engagement: engagementAvailability(this.deps.analyticsApp, tokens.scopes),
      connectedAt: now,
      // a new grant, a new end: its emails are planned afresh
      expiryNoticeAt: expiryNoticeStart({ ...sealed, connectedAt: now }),
    });
    await this.emit('linkedin.connected', {
      userId,
      memberUrn: connection.memberUrn,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profilePicture: profile.picture,
    });
    await this.emitProfile(userId, profile);
    return { profile: profileView(profile) };
  }

  async profile(userId: string): Promise<ProfileStatusResponse> {
    const connection = await this.deps.connections.findByUser(userId);
    if (!connection) throw AppError.of('LINKEDIN.NOT_CONNECTED');
    // always told, so that the web can warn when a post is scheduled after it
    const expiresAt = grantExpiresAt(connection);
    // past its time with nothing to renew it, the grant is dead even before a call finds out
    const expired = grantEnded(connection);
    const soon = expired || expiresAt.getTime() - Date.now() <= RECONNECT_WARNING_DAYS * DAY_MS;
    return {
      connected: true,
      profile: profileView(connection.profile),
      scopes: connection.scopes,
      expiresAt: expiresAt.toISOString(),
      ...(soon ? { reconnectSoon: true } : {}),
      ...(expired ? { expired: true } : {}),
      engagement: connection.engagement,
    };
  }

  async refreshProfile(userId: string): Promise<{ profilePictureUpdated: boolean }> {
    const { access, members, connections } = this.deps;
    const connection = await access.requireConnection(userId);
    let member: MemberProfile;
    try {
      member = await access.withToken(connection, (token) => members.read(token, connection.scopes));
    } catch (error) {
      if (isLinkedinApiError(error)) throw unavailable(error);
      throw error;
    }
    const profile = storedProfile(member);
    await connections.updateProfile(userId, profile);
    await this.emitProfile(userId, profile);
    return { profilePictureUpdated: profile.picture !== null };
  }

  async disconnect(userId: string): Promise<{ success: true }> {
    const { connections, posts, oauth, cipher, logger } = this.deps;
    const connection = await connections.findByUser(userId);
    if (connection) {
      try {
        if (!(await oauth.revoke(cipher.open(connection.accessToken, userId)))) logger.warn({ userId }, 'LinkedIn refused the token revocation');
      } catch (error) {
        // the grant is forgotten here either way; LinkedIn lets the member revoke it from their settings too
        logger.warn({ err: error, userId }, 'LinkedIn token revocation failed');
      }
    }
    await connections.delete(userId);
    await posts.deleteByUser(userId);
    await this.emit('linkedin.disconnected', { userId });
    return { success: true };
  }

  private emitProfile(userId: string, profile: StoredProfile) {
    return this.emit('linkedin.profile.updated', {
      userId,
      firstName: profile.firstName,
      lastName: profile.lastName,
      headline: profile.headline,
      profilePicture: profile.picture,
    });
  }

  /** The user's request already succeeded; a broker hiccup is logged, not turned into an error. */
  private async emit<T extends EventType>(type: T, payload: EventPayload<T>): Promise<void> {
    try {
      await this.deps.events.publish(type, payload);
    } catch (error) {
      this.deps.logger.error({ err: error, type }, 'event not published');
    }
  }
}

function storedProfile({ firstName, lastName, picture, headline, publicProfileUrl }: MemberProfile): StoredProfile {
  return { firstName, lastName, picture, headline, publicProfileUrl };
}
