import { AppError, isAppError } from '@postwright/platform';
import type { AuthResponse, Tokens } from '@postwright/contracts';
import type { AccessTokenIssuer } from '../keys/access-token';
import type { EventPublisher } from '../ports';
import { DuplicateEmailError, toPublicUser, type UserRecord, type UserRepository } from '../users/user.repository';
import type { UserLifecycle } from '../users/users.use-case';
import type { LoginInput, SignupInput } from './auth.schema';
import type { PasswordHasher } from './password';
import { clientKey, loginDelayMs, type RateLimiter } from './rate-limit.repository';
import type { RefreshClient, RefreshTokenStore } from './refresh-token.repository';


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const overtaken = new Error('a retry of the same refresh by the same client answered first');

/**
 * A refused refresh that says nothing against the token the client keeps: a retry of the same
 * refresh by the same client, at the same moment, won, and its answer carries the live token.
 */
export const wasOvertaken = (error: unknown): boolean => isAppError(error) && error.cause === overtaken;

export interface AuthDeps {
  users: UserRepository;
  lifecycle: UserLifecycle;
  passwords: PasswordHasher;
  accessTokens: AccessTokenIssuer;
  refreshTokens: RefreshTokenStore;
  rateLimiter: RateLimiter;
  /** failed sign-ins one address may make in a minute, over all emails (wider than per email and address) */
  addressLoginLimit: number;
  events: EventPublisher;
  /** what a new account is sent (the verification email); stored, never waited on */
  welcome(user: UserRecord): Promise<void>;
}

export type AuthUseCases = ReturnType<typeof createAuthUseCases>;

export function createAuthUseCases(deps: AuthDeps) {
  const { users, lifecycle, passwords, accessTokens, refreshTokens, rateLimiter, addressLoginLimit, events, welcome } = deps;

  /**
   * The tier and role claims come from the stored user at every issue, so a refresh picks up changes.
   * The session (`sid`) is the refresh token's family: a login or signup starts one, a refresh keeps it.
   */
  const accessTokenFor = (user: UserRecord, familyId: string) =>
    accessTokens.issue({ sub: user.id, role: user.userRole, tier: user.subscriptionTier, sid: familyId });

  /** A new session's tokens (a login or signup). */
  async function tokensFor(user: UserRecord, provenAt?: Date): Promise<Tokens> {
    const refresh = await refreshTokens.issue(user.id, provenAt);
    return { accessToken: accessTokenFor(user, refresh.familyId), refreshToken: refresh.token };
  }

  const tooMany = (wait: number) =>
    AppError.of('AUTH.RATE_LIMITED', { headers: { 'retry-after': String(wait) } });

  /** Signups per client address. */
  async function limitSignup(address: string): Promise<void> {
    const wait = await rateLimiter.hit('signup:ip', clientKey(address));
    if (wait) throw tooMany(wait);
  }

  /**
   * Sign-in attempts are counted per (email, address) and per address and refused over their
   * limits. For the pair a success takes its attempt back, so only failures count; the address's
   * limit is wider (an office shares one) and counts every attempt, so no client signs in (an
   * argon2 check and a new session each) without bound. Per email, from anywhere, failures slow
   * sign-ins down but never refuse them: anyone could otherwise keep the owner out by failing on
   * purpose. Attempts are counted before the password is checked: parallel guesses cannot
   * overtake the count.
   */
  async function guardLogin(address: string, email: string): Promise<{ succeeded(): Promise<void>; failed(): Promise<void> }> {
    const client = clientKey(address);
    const pair = `${email} ${client}`;
    const waits = await Promise.all([rateLimiter.hit('login:pair', pair), rateLimiter.hit('login:ip', client, addressLoginLimit)]);
    const wait = Math.max(...waits.map((w) => w ?? 0));
    if (wait > 0) throw tooMany(wait);
    const delay = loginDelayMs(await rateLimiter.count('login:email', email));
    if (delay > 0) await sleep(delay);
    return {
      succeeded: async () => {
        await rateLimiter.forgive('login:pair', pair);
      },
      failed: async () => {
        await rateLimiter.hit('login:email', email);
      },
    };
  }

  const emailTaken = () => AppError.of('AUTH.EMAIL_TAKEN');

  return {
    async signup(input: SignupInput, ip: string): Promise<AuthResponse> {
      await limitSignup(ip);
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
      await welcome(user);
      return { user: toPublicUser(user), tokens: await tokensFor(user) };
    },

    async login(input: LoginInput, ip: string): Promise<AuthResponse> {
      const attempt = await guardLogin(ip, input.email);
      // taken before the password is read: a password replaced meanwhile makes this session a stale one
      const provenAt = new Date();
      const found = await users.findByEmail(input.email);
      const ok = found ? await passwords.verify(found.passwordHash, input.password) : await passwords.verifyNothing(input.password);
      if (!found || !ok) {
        await attempt.failed();
        throw AppError.of('AUTH.INVALID_CREDENTIALS');
      }
      await attempt.succeeded();
      const user = await lifecycle.current(found);
      const tokens = await tokensFor(user, provenAt);
      // the password was replaced while it was being checked (a reset under way): this session is one of those it ends
      const now = await users.findById(user.id);
      if (now?.passwordChangedAt && now.passwordChangedAt.getTime() >= provenAt.getTime()) {
        await refreshTokens.revoke(tokens.refreshToken, user.id);
        throw AppError.of('AUTH.INVALID_CREDENTIALS');
      }
      return { user: toPublicUser(user), tokens };
    },

    /**
     * Rotation: the presented token is spent; presenting a spent one ends its whole family, unless
     * `client` retries a refresh whose answer it lost, within the grace (the store's rule).
     */
    async refresh(refreshToken: string, client: RefreshClient): Promise<Tokens> {
      const rotated = await refreshTokens.rotate(refreshToken, client);
      if (!rotated.ok) {
        if (rotated.reason === 'reused') {
          throw AppError.of('AUTH.REFRESH_REUSED');
        }
        if (rotated.reason === 'revoked') {
          throw AppError.of('AUTH.REFRESH_REVOKED');
        }
        if (rotated.reason === 'overtaken') {
          throw AppError.of('AUTH.REFRESH_INVALID', { cause: overtaken });
        }
        // unknown, or withdrawn by a retry of the refresh that issued it: the session goes on
        throw AppError.of('AUTH.REFRESH_INVALID');
      }
      const user = await lifecycle.load(rotated.userId);
      if (!user) {
        await refreshTokens.revokeFamily(rotated.familyId);
        throw AppError.of('AUTH.REFRESH_INVALID');
      }
      // a session whose password was proven before the password last changed is over
      if (user.passwordChangedAt && (await refreshTokens.provenAt(rotated.familyId)) < user.passwordChangedAt.getTime()) {
        await refreshTokens.revokeFamily(rotated.familyId, user.id);
        throw AppError.of('AUTH.REFRESH_REVOKED');
      }
      return { accessToken: accessTokenFor(user, rotated.familyId), refreshToken: rotated.token };
    },

    /**
     * Ends the refresh token's session and the caller's (the `sid` of a valid access token), so
     * their access tokens stop working at once too; unknown or missing tokens are fine (logout
     * always succeeds, even with an expired access token, whose session needs no revoking).
     * With a valid access token, only the caller's own refresh token is revoked.
     */
    async logout(refreshToken: string | null | undefined, caller?: { id: string; sessionId?: string }): Promise<{ success: true }> {
      const ended = refreshToken ? await refreshTokens.revoke(refreshToken, caller?.id) : null;
      if (caller?.sessionId && caller.sessionId !== ended?.familyId) await refreshTokens.revokeFamily(caller.sessionId, caller.id);
      return { success: true };
    },
  };
}
