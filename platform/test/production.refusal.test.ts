/**
 * Safe by default: every program, started as its image starts it (compiled, on plain node) with
 * NODE_ENV=production, refuses to run on a configuration that only suits a developer's machine,
 * and lists every problem at once so one restart fixes them all.
 */
import { spawn } from 'node:child_process';
import { buildIfNeeded, nodeCommand } from '../scripts/build';

/** program -> what it is given -> every variable its refusal must name */
const CASES: Array<[string, Record<string, string>, string[]]> = [
  ['gateway', { REDIS_URL: 'redis://:changeme@redis:6379', TRUST_PROXY: 'true', WEB_ORIGIN: 'http://localhost:5173' }, ['TRUST_PROXY', 'REDIS_URL', 'PUBLIC_URL', 'WEB_ORIGIN']],
  [
    'auth',
    { JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnot a key\\n-----END PRIVATE KEY-----' },
    ['MONGO_URL', 'INTERNAL_TOKEN', 'REDIS_URL', 'AMQP_URL', 'JWT_PRIVATE_KEY', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM'],
  ],
  ['content', { INTERNAL_TOKEN: 'change-me-to-a-long-random-internal-token' }, ['MONGO_URL', 'INTERNAL_TOKEN', 'REDIS_URL', 'AMQP_URL']],
  [
    'linkedin',
    { MONGO_URL: 'mongodb://mongo:27017', REDIS_URL: 'redis://redis:6379', AMQP_URL: 'amqp://guest:guest@rabbitmq:5672', INTERNAL_TOKEN: 'x'.repeat(40) },
    ['INTERNAL_TOKEN', 'AMQP_URL', 'TOKEN_ENCRYPTION_KEY', 'PUBLIC_URL', 'LINKEDIN_MODE', 'SMTP_URL', 'MAIL_FROM'],
  ],
  [
    'scheduler',
    // an email provider's URL with a well-known password
    { INTERNAL_TOKEN: 'short', SMTP_URL: 'smtps://apikey:password@smtp.provider.test:465', MAIL_FROM: 'Postwright <no-reply@postwright.io>' },
    ['MONGO_URL', 'INTERNAL_TOKEN', 'REDIS_URL', 'AMQP_URL', 'PUBLIC_URL', 'SMTP_URL'],
  ],
  [
    'billing',
    // a live key pointed at the billing sandbox, which signs with its well-known secret
    { STRIPE_SECRET_KEY: `sk_live_${'9fK2mQ7xL4vR8tW1'.repeat(2)}`, STRIPE_WEBHOOK_SECRET: 'whsec_postwright_sandbox', STRIPE_API_URL: 'http://billing-sandbox:3000' },
    ['MONGO_URL', 'INTERNAL_TOKEN', 'REDIS_URL', 'AMQP_URL', 'PUBLIC_URL', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'],
  ],
  // the app's built-in client secret, which anyone could read here
  ['linkedin-sandbox', { SANDBOX_CLIENT_SECRET: 'postwright-sandbox-secret' }, ['PUBLIC_URL', 'SANDBOX_CLIENT_SECRET']],
  [
    'billing-sandbox',
    { SANDBOX_SECRET_KEY: 'sk_test_postwright_sandbox', SANDBOX_WEBHOOK_SECRET: 'whsec_postwright_sandbox' },
    ['PUBLIC_URL', 'SANDBOX_SECRET_KEY', 'SANDBOX_WEBHOOK_SECRET', 'SANDBOX_WEBHOOK_URL'],
  ],
];

/** Runs a compiled program with exactly this environment; answers how it ended and what it said. */
function run(name: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const [node, ...args] = nodeCommand(name);
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

beforeAll(() => {
  buildIfNeeded({ names: CASES.map(([name]) => name) });
}, 120_000);

describe('production refusals', () => {
  test.each(CASES)('when %s starts in production on a local or known configuration, then it refuses, naming every problem at once', async (name, given, expected) => {
    const { code, stderr } = await run(name, { NODE_ENV: 'production', ...given });
    expect(code).toBe(1);
    expect(stderr).toContain(`${name} could not start: Invalid configuration:`);
    const named = [...stderr.matchAll(/^ {2}- ([A-Z_]+):/gm)].map((m) => m[1]);
    expect(named.sort()).toEqual([...expected].sort());
  });
});
