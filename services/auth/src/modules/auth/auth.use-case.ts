import { AppError } from '@postwright/platform';
import type { AuthResponse, Tokens } from '@postwright/contracts';
import type { AccessTokenIssuer } from '../keys/access-token';
import type { EventPublisher } from '../ports';
import { DuplicateEmailError, toPublicUser, type UserRecord, type UserRepository } from '../users/user.repository';
import type { UserLifecycle } from '../users/users.use-case';
import type { LoginInput, SignupInput } from './auth.schema';
import type { PasswordHasher } from './password';
import type { RateLimiter } from './rate-limit.repository';
import type { RefreshTokenStore } from './refresh-token.repository';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthDeps {
  users: UserRepository;
  lifecycle: UserLifecycle;
  passwords: PasswordHasher;
  accessTokens: AccessTokenIssuer;
  refreshTokens: RefreshTokenStore;
  rateLimiter: RateLimiter;
  events: EventPublisher;
}

export type AuthUseCases = ReturnType<typeof createAuthUseCases>;

export function createAuthUseCases(deps: AuthDeps) {
  const { users, lifecycle, passwords, accessTokens, refreshTokens, rateLimiter, events } = deps;

  /** The tier and role claims come from the stored user at every issue, so a refresh picks up changes. */
  async function tokensFor(user: UserRecord, familyId?: string): Promise<Tokens> {
    return {
      accessToken: accessTokens.issue({ sub: user.id, role: user.userRole, tier: user.subscriptionTier }),
      refreshToken: await refreshTokens.issue(user.id, familyId),
    };
  }

  /** Per client address and per email, each on its own budget. */
  async function limit(action: 'login' | 'signup', ip: string, email: string): Promise<void> {
    const waits = await Promise.all([rateLimiter.hit(`${action}:ip`, ip), rateLimiter.hit(`${action}:email`, email)]);
    const wait = Math.max(...waits.map((w) => w ?? 0));
    if (wait > 0) {
      throw new AppError('AUTH.RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.', {
        status: 429,
        headers: { 'retry-after': String(wait) },
      });
    }
  }

  const emailTaken = () => AppError.conflict('An account with this email already exists', 'AUTH.EMAIL_TAKEN');

  return {
    async signup(input: SignupInput, ip: string): Promise<AuthResponse> {
      await limit('signup', ip, input.email);
      if (await users.findByEmail(input.email)) throw emailTaken();
      let user: UserRecord;
      try {
        user = await users.create({
          email: input.email,
          passwordHash: await passwords.hash(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
        });
      } catch (error) {
        // two signups racing for one address: the unique index lets exactly one in
        if (error instanceof DuplicateEmailError) throw emailTaken();
        throw error;
      }
      await events.publish('user.registered', { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName });
      return { user: toPublicUser(user), tokens: await tokensFor(user) };
    },

    async login(input: LoginInput, ip: string): Promise<AuthResponse> {
      await limit('login', ip, input.email);
      const found = await users.findByEmail(input.email);
      const ok = found ? await passwords.verify(found.passwordHash, input.password) : await passwords.verifyNothing(input.password);
      if (!found || !ok) throw AppError.unauthorized(INVALID_CREDENTIALS, 'AUTH.INVALID_CREDENTIALS');
      const user = await lifecycle.current(found);
      return { user: toPublicUser(user), tokens: await tokensFor(user) };
    },

    /** Rotation: the presented token is spent; presenting a spent one ends its whole family. */
    async refresh(refreshToken: string): Promise<Tokens> {
      const rotated = await refreshTokens.rotate(refreshToken);
      if (!rotated.ok) {
        if (rotated.reason === 'reused') {
          throw AppError.unauthorized('This session is no longer valid. Please log in again.', 'AUTH.REFRESH_REUSED');
        }
        if (rotated.reason === 'revoked') {
          throw AppError.unauthorized('This session has ended. Please log in again.', 'AUTH.REFRESH_REVOKED');
        }
        throw AppError.unauthorized('Invalid refresh token', 'AUTH.REFRESH_INVALID');
      }
      const user = await lifecycle.load(rotated.userId);
      if (!user) {
        await refreshTokens.revokeFamily(rotated.familyId);
        throw AppError.unauthorized('Invalid refresh token', 'AUTH.REFRESH_INVALID');
      }
      return tokensFor(user, rotated.familyId);
    },

    /**
     * Revokes the refresh token's family; unknown or missing tokens are fine (logout always
     * succeeds, even with an expired access token). With a valid access token, only the
     * caller's own refresh token is revoked.
     */
    async logout(refreshToken: string | null | undefined, callerId?: string): Promise<{ success: true }> {
      if (refreshToken) await refreshTokens.revoke(refreshToken, callerId);
      return { success: true };
    },
  };
}
