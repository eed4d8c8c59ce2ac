import { randomUUID } from 'node:crypto';
import { AppError, type Logger, type MailOutbox } from '@postwright/platform';
import { RESET_LINK_MINUTES, VERIFICATION_LINK_HOURS, type NotificationKind, type NotificationPreferences, type User } from '@postwright/contracts';
import type { PasswordHasher } from '../auth/password';
import { clientKey, type RateLimiter } from '../auth/rate-limit.repository';
import type { RefreshTokenStore } from '../auth/refresh-token.repository';
import type { Clock, EventPublisher } from '../ports';
import { isUserId, toPublicUser, type UserRecord, type UserRepository } from '../users/user.repository';
import type { AccountEmails } from './account.emails';
import type { AccountTokenRepository } from './account-token.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

const HOUR_MS = 3_600_000;
/** verification emails one member may ask for in a minute (each is a new email in their inbox) */
const RESENDS_PER_MINUTE = 2;
/** reset emails one address may be sent in a minute, whoever asks: nobody can flood a member's inbox */
const RESETS_PER_EMAIL_PER_MINUTE = 2;
/** and in an hour, for verification and reset emails alike */
const EMAILS_PER_HOUR = 5;

export type AccountUseCases = ReturnType<typeof createAccountUseCases>;

/**
 * The account's safety: proving the email address, getting back in with a forgotten password,
 * changing it, and choosing which notification emails come. Every email goes through the
 * outbox: a request stores it and goes on, whatever the mail server is doing.
 */
export function createAccountUseCases(deps: {
  users: UserRepository;
  tokens: AccountTokenRepository;
  refreshTokens: RefreshTokenStore;
  passwords: PasswordHasher;
  rateLimiter: RateLimiter;
  outbox: MailOutbox;
  emails: AccountEmails;
  unsubscribe: UnsubscribeTokens;
  events: EventPublisher;
  clock: Clock;
  logger: Logger;
}) {
  const { users, tokens, refreshTokens, passwords, rateLimiter, outbox, emails, unsubscribe, events, clock, logger } = deps;

  const tooMany = (wait: number) => AppError.of('AUTH.RATE_LIMITED', { headers: { 'retry-after': String(wait) } });

  async function mine(userId: string): Promise<UserRecord> {
    const user = isUserId(userId) ? await users.findById(userId) : null;
    if (!user) throw AppError.of('USER.NOT_FOUND');
    return user;
  }

  /** A new verification link for the member, emailed (the older links stop working). */
  async function sendVerification(user: UserRecord): Promise<void> {
    const now = clock.now();
    const token = await tokens.issue(user.id, 'verify-email', new Date(now.getTime() + VERIFICATION_LINK_HOURS * HOUR_MS), now);
    await outbox.enqueue(`verify-email:${user.id}:${randomUUID()}`, emails.verifyEmail(user.email, token));
  }

  /**
   * Sets the password and ends every session but `keep`; the member is told by email. Sessions the
   * list does not hold are ended too: their password was proven before this change (refresh refuses them).
   */
  async function replacePassword(user: UserRecord, password: string, keep?: string): Promise<void> {
    const hash = await passwords.hash(password);
    // the real time, as sessions record when their password was proven
    const now = new Date();
    await users.setPassword(user.id, hash, now);
    if (keep) await refreshTokens.proveAgain(keep, new Date(now.getTime() + 1));
    const ended = await refreshTokens.revokeAllOf(user.id, keep);
    logger.info({ userId: user.id, sessionsEnded: ended }, 'password replaced');
    await outbox.enqueue(`password-changed:${user.id}:${randomUUID()}`, emails.passwordChanged(user.email));
  }

  /** The work behind a forgot-password request, done after it is answered (so its time says nothing). */
  async function emailResetLink(email: string): Promise<void> {
    const user = await users.findByEmail(email.trim().toLowerCase());
    if (!user) return;
    // per address as well as per client, by the minute and by the hour: nobody can flood a member's inbox
    if ((await rateLimiter.hit('forgot:email', user.email, RESETS_PER_EMAIL_PER_MINUTE)) || (await rateLimiter.hit('forgot:email:hour', user.email, EMAILS_PER_HOUR, 3_600))) return;
    const now = clock.now();
    const token = await tokens.issue(user.id, 'reset-password', new Date(now.getTime() + RESET_LINK_MINUTES * 60_000), now);
    await outbox.enqueue(`reset-password:${user.id}:${randomUUID()}`, emails.resetPassword(user.email, token));
  }

  return {
    /** Signup's email: the account works at once; the link proves the address. */
    sendVerification,

    async verifyEmail(token: string): Promise<{ emailVerified: true }> {
      const userId = await tokens.consume(token, 'verify-email', clock.now());
      if (!userId) throw AppError.of('AUTH.VERIFICATION_INVALID');
      const user = await users.markEmailVerified(userId, clock.now());
      if (!user) throw AppError.of('AUTH.VERIFICATION_INVALID');
      await events.publish('user.updated', { userId, fields: ['emailVerified'] });
      return { emailVerified: true };
    },

    async resendVerification(userId: string): Promise<{ sent: true }> {
      const user = await mine(userId);
      if (user.emailVerified) throw AppError.of('AUTH.EMAIL_ALREADY_VERIFIED');
      const wait = (await rateLimiter.hit('verify:resend', user.id, RESENDS_PER_MINUTE)) ?? (await rateLimiter.hit('verify:resend:hour', user.id, EMAILS_PER_HOUR, 3_600));
      if (wait) throw tooMany(wait);
      await sendVerification(user);
      return { sent: true };
    },

    /**
     * The same answer, at once, whether or not an account has this address (no account
     * enumeration): the lookup and the email happen after the answer. Limited per client address.
     */
    async forgotPassword(email: string, ip: string): Promise<{ sent: true }> {
      const wait = await rateLimiter.hit('forgot:ip', clientKey(ip));
      if (wait) throw tooMany(wait);
      setImmediate(() => void emailResetLink(email).catch((err) => logger.error({ err }, 'password reset email could not be stored')));
      return { sent: true };
    },

    /** A new password from the emailed link: every session of the account ends. */
    async resetPassword(token: string, password: string, ip: string): Promise<{ success: true }> {
      const wait = await rateLimiter.hit('reset:ip', clientKey(ip));
      if (wait) throw tooMany(wait);
      const userId = await tokens.consume(token, 'reset-password', clock.now());
      const user = userId ? await users.findById(userId) : null;
      if (!user) throw AppError.of('AUTH.RESET_INVALID');
      await replacePassword(user, password);
      return { success: true };
    },

    /** The signed-in member's new password: this session stays, the others end. */
    async changePassword(userId: string, sessionId: string | undefined, currentPassword: string, newPassword: string): Promise<{ success: true }> {
      const user = await mine(userId);
      // wrong guesses at the current password are counted like failed sign-ins
      const wait = await rateLimiter.hit('password:change', user.id);
      if (wait) throw tooMany(wait);
      if (!(await passwords.verify(user.passwordHash, currentPassword))) {
        throw AppError.badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' }, 'AUTH.PASSWORD_INCORRECT');
      }
      await rateLimiter.forgive('password:change', user.id);
      await replacePassword(user, newPassword, sessionId);
      return { success: true };
    },

    async setNotifications(userId: string, changes: Partial<NotificationPreferences>): Promise<{ user: User }> {
      await mine(userId);
      const user = Object.keys(changes).length ? await users.setNotifications(userId, changes) : await users.findById(userId);
      if (!user) throw AppError.of('USER.NOT_FOUND');
      return { user: toPublicUser(user, clock.now()) };
    },

    /** The email's link (or a mail client's one-click POST): one kind of notification stops. */
    async unsubscribe(token: string): Promise<{ kind: NotificationKind; unsubscribed: true }> {
      const ref = unsubscribe.read(token);
      if (!ref || !isUserId(ref.userId) || !(await users.setNotifications(ref.userId, { [ref.kind]: false }))) throw AppError.of('USER.UNSUBSCRIBE_INVALID');
      return { kind: ref.kind, unsubscribed: true };
    },
  };
}
