import { serviceMailOutbox, startService, type RunningService, type ServiceContext } from '@postwright/platform';
import { accountEmails } from './modules/account/account.emails';
import { accountRoutes } from './modules/account/account.routes';
import { accountTokenRepository } from './modules/account/account-token.repository';
import { createAccountUseCases } from './modules/account/account.use-case';
import { unsubscribeTokens } from './modules/account/unsubscribe-token';
import type { AuthConfig } from './config';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminUseCases } from './modules/admin/admin.use-case';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthUseCases } from './modules/auth/auth.use-case';
import { createPasswordHasher } from './modules/auth/password';
import { createRateLimiter } from './modules/auth/rate-limit.repository';
import { createRefreshTokenStore } from './modules/auth/refresh-token.repository';
import { createSessionRevocations } from './modules/auth/session-revocations';
import { createAccessTokenIssuer } from './modules/keys/access-token';
import { keyRoutes } from './modules/keys/keys.routes';
import { resolveSigningKeys, type SigningKeys } from './modules/keys/signing-keys';
import { startBillingSyncConsumer } from './modules/billing-sync/billing-sync.consumer';
import { createBillingSync } from './modules/billing-sync/billing-sync.use-case';
import { startLinkedinSyncConsumer } from './modules/linkedin-sync/linkedin-sync.consumer';
import { createLinkedinSync } from './modules/linkedin-sync/linkedin-sync.use-case';
import { systemClock, type Clock, type EventPublisher } from './modules/ports';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileUseCases } from './modules/profile/profile.use-case';
import { createReservationOutcomes } from './modules/quota/quota.repository';
import { quotaRoutes } from './modules/quota/quota.routes';
import { createQuotaUseCases } from './modules/quota/quota.use-case';
import { createUserRepository } from './modules/users/user.repository';
import { createUserLifecycle } from './modules/users/users.use-case';

export type AuthService = RunningService<AuthConfig, AuthModules> & { keys: SigningKeys };

/** Publishes after the state is stored; a broker outage is logged and never fails the request. */
function eventPublisher(ctx: ServiceContext<AuthConfig>): EventPublisher {
  return {
    async publish(type, payload) {
      try {
        await ctx.messaging.publish(type, payload);
      } catch (err) {
        ctx.logger.error({ err, type }, 'event could not be published');
      }
    },
  };
}

/** Wires the modules over one context: the HTTP app and the CLI use the same use cases. */
export function buildModules(ctx: ServiceContext<AuthConfig>, keys: SigningKeys, clock: Clock = systemClock) {
  const { config, redis, keyPrefix } = ctx;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const users = createUserRepository(ctx.mongo);
  const events = eventPublisher(ctx);
  const lifecycle = createUserLifecycle({ users, events, clock });
  const passwords = createPasswordHasher();
  const refreshTokens = createRefreshTokenStore(
    redis,
    keyPrefix,
    config.REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    createSessionRevocations(redis, config.NAMESPACE, config.ACCESS_TOKEN_TTL_SECONDS),
    config.REFRESH_REUSE_GRACE_SECONDS,
  );
  const rateLimiter = createRateLimiter(redis, keyPrefix, config.AUTH_RATE_LIMIT_PER_MINUTE);
  const outbox = serviceMailOutbox(ctx);
  const unsubscribe = unsubscribeTokens(config.INTERNAL_TOKEN);
  const accountTokens = accountTokenRepository(ctx.mongo);
  const account = createAccountUseCases({
    users,
    tokens: accountTokens,
    refreshTokens,
    passwords,
    rateLimiter,
    outbox,
    emails: accountEmails(publicUrl),
    unsubscribe,
    events,
    clock,
    logger: ctx.logger,
  });
  return {
    users,
    lifecycle,
    outbox,
    accountTokens,
    account,
    auth: createAuthUseCases({
      users,
      lifecycle,
      events,
      passwords,
      accessTokens: createAccessTokenIssuer(keys, config.ACCESS_TOKEN_TTL_SECONDS),
      refreshTokens,
      rateLimiter,
      addressLoginLimit: config.AUTH_RATE_LIMIT_PER_MINUTE * 5,
      welcome: (user) => account.sendVerification(user),
    }),
    profile: createProfileUseCases({ users, lifecycle, events, unsubscribe, publicUrl }),
    admin: createAdminUseCases({ users, events, clock }),
    quota: createQuotaUseCases({
      users,
      lifecycle,
      clock,
      outcomes: createReservationOutcomes(redis, keyPrefix),
      reservationTtlMs: config.QUOTA_RESERVATION_TTL_SECONDS * 1000,
    }),
    linkedinSync: createLinkedinSync({ users, events }),
    billingSync: createBillingSync({ users, events, clock }),
  };
}
export type AuthModules = ReturnType<typeof buildModules>;

/** Starts the auth service; PORT 0 picks a free port (tests run it in-process). */
export async function start(config: AuthConfig, options: { clock?: Clock } = {}): Promise<AuthService> {
  const keys = resolveSigningKeys({ privateKey: config.JWT_PRIVATE_KEY, publicKey: config.JWT_PUBLIC_KEY, dataDir: config.POSTWRIGHT_DATA_DIR });
  const service = await startService({
    name: 'auth',
    // the service verifies its own tokens with the key it signs with
    config: { ...config, JWT_PUBLIC_KEY: keys.publicKey },
    port: config.PORT,
    async modules(ctx) {
      const modules = buildModules(ctx, keys, options.clock);
      await Promise.all([modules.users.init(), modules.accountTokens.init(), modules.outbox.init()]);
      return modules;
    },
    routes(router, modules, { tokens, config: settings, metrics }) {
      keyRoutes(router, { keys });
      authRoutes(router, { auth: modules.auth, tokens, refreshTokenTtlSeconds: settings.REFRESH_TOKEN_TTL_DAYS * 24 * 3600 });
      profileRoutes(router, { profile: modules.profile, tokens, internalToken: settings.INTERNAL_TOKEN });
      adminRoutes(router, { admin: modules.admin, tokens });
      quotaRoutes(router, { quota: modules.quota, internalToken: settings.INTERNAL_TOKEN, metrics });
      accountRoutes(router, { account: modules.account, tokens });
    },
    async background(modules, ctx) {
      await startLinkedinSyncConsumer(ctx.messaging, modules.linkedinSync);
      await startBillingSyncConsumer(ctx.messaging, modules.billingSync);
      const stopSweeper = startSweeper(ctx, modules);
      const stopMail = modules.outbox.start();
      return async () => {
        await stopSweeper();
        await stopMail();
      };
    },
  });
  return Object.assign(service, { keys });
}

/** Gives back abandoned trial reservations and ends betas on time, every SWEEP_INTERVAL_MS. */
function startSweeper(ctx: ServiceContext<AuthConfig>, modules: AuthModules): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = async () => {
    try {
      const released = await modules.quota.sweepExpired();
      const ended = await modules.lifecycle.sweepEndedBetas();
      const purged = await modules.accountTokens.purge(new Date());
      if (released || ended || purged) ctx.logger.info({ released, ended, purged }, 'sweep: reservations released, betas ended, spent links forgotten');
    } catch (err) {
      ctx.logger.warn({ err }, 'sweep failed; next interval retries');
    }
  };
  const timer = setInterval(() => {
    running ??= sweep().finally(() => {
      running = null;
    });
  }, ctx.config.SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
