/**
 * `npm run create-admin -- <email> [--super]`: promotes an existing account to ADMIN (or
 * SUPER_ADMIN). Uses MONGO_URL when set, else the local stack's embedded FerretDB.
 */
import { connectMongo, createLogger, Messaging } from '@postwright/platform';
import { DATA_DIR, ensureMongo } from '@postwright/platform/src/stack/infra';
import { localSecrets } from '@postwright/platform/src/stack/secrets';
import type { User, UserRole } from '@postwright/contracts';
import { cliArguments, readCliConfig, type AuthConfig } from '../config';
import { createAdminUseCases } from '../modules/admin/admin.use-case';
import { systemClock, type EventPublisher } from '../modules/ports';
import { createUserRepository } from '../modules/users/user.repository';

export async function createAdmin(config: AuthConfig, email: string, role: UserRole = 'ADMIN'): Promise<User | null> {
  const logger = createLogger('create-admin', config.LOG_LEVEL);
  const mongo = await connectMongo(config.MONGO_URL, `${config.NAMESPACE}postwright_auth`);
  // the event is a courtesy to other services; promoting works without the broker
  const messaging = await Messaging.connect({ url: config.AMQP_URL, namespace: config.NAMESPACE, service: 'auth', logger, connectTimeoutMs: 3_000 }).catch(
    () => null,
  );
  const events: EventPublisher = {
    async publish(type, payload) {
      await messaging?.publish(type, payload).catch(() => undefined);
    },
  };
  try {
    const admin = createAdminUseCases({ users: createUserRepository(mongo), events, clock: systemClock });
    return await admin.promote(email, role);
  } finally {
    await messaging?.close();
    await mongo.close();
  }
}

async function main(): Promise<number> {
  const args = cliArguments();
  const email = args.find((a) => !a.startsWith('--'));
  if (!email) {
    process.stderr.write('Usage: npm run create-admin -- <email> [--super]\n');
    return 2;
  }
  const role: UserRole = args.includes('--super') ? 'SUPER_ADMIN' : 'ADMIN';
  // without MONGO_URL: the local stack's database and secret, as `npm start` uses them
  const config = await readCliConfig(async () => ({
    MONGO_URL: (await ensureMongo({ detached: true })).url,
    INTERNAL_TOKEN: localSecrets(DATA_DIR).INTERNAL_TOKEN,
  }));
  const user = await createAdmin(config, email, role);
  if (!user) {
    process.stderr.write(`No account with the email ${email.trim().toLowerCase()}. Sign up first, then run this again.\n`);
    return 1;
  }
  process.stdout.write(`${user.email} is now ${user.userRole}. New access tokens carry the role (log in again, or wait for the next refresh).\n`);
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
