import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import jwt from 'jsonwebtoken';
import { userResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, http, issueTestToken, randomId, testEnv, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { createAdmin } from '../src/cli/create-admin';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

const DAY = 24 * 3600 * 1000;
const ROOT = path.resolve(__dirname, '../../..');

describe('POST /api/admin/users/:id/tier and the create-admin command', () => {
  const ns = testNamespace();
  const config = readConfig(testEnv(ns, { JWT_PRIVATE_KEY: testKeys.privateKey }));
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const setTier = (token: string, id: string, body: unknown) => http(auth.url, 'POST', `/api/admin/users/${id}/tier`, { token, body });

  /** an account promoted with the create-admin code path, logged in again so its token says so */
  async function adminAccount(role: 'ADMIN' | 'SUPER_ADMIN' = 'ADMIN') {
    const account = await signupUser(auth.url);
    await createAdmin(config, account.user.email, role);
    const login = await http(auth.url, 'POST', '/api/auth/login', { body: { email: account.user.email, password: account.password } });
    return { ...account, token: login.body.tokens.accessToken as string };
  }

  test('when a USER or BETA account calls it, then 403 with error text, whatever the body', async () => {
    const target = await signupUser(auth.url);
    const user = await signupUser(auth.url);
    for (const body of [{ tier: 'premium' }, { tier: 'nonsense' }, undefined]) {
      const res = await setTier(user.tokens.accessToken, target.user.id, body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'You do not have permission to do this', code: 'ADMIN.FORBIDDEN' });
    }
    const beta = await signupUser(auth.url);
    await createAdmin(config, beta.user.email, 'BETA');
    const betaLogin = await http(auth.url, 'POST', '/api/auth/login', { body: { email: beta.user.email, password: beta.password } });
    expect((await setTier(betaLogin.body.tokens.accessToken, target.user.id, { tier: 'premium' })).status).toBe(403);
    expect((await http(auth.url, 'GET', '/api/users/profile', { token: target.tokens.accessToken })).body.user.subscriptionTier).toBe('trial');
  });

  test('when a token claims ADMIN for an account that is not one, then 403 (the stored role decides)', async () => {
    const target = await signupUser(auth.url);
    const user = await signupUser(auth.url);
    const forged = issueTestToken({ sub: user.user.id, role: 'SUPER_ADMIN' });
    expect((await setTier(forged, target.user.id, { tier: 'premium' })).status).toBe(403);
  });

  test('when an ADMIN grants beta, then 200 { user } with betaExpiresAt 15 days ahead, and the next refresh carries the tier', async () => {
    const admin = await adminAccount();
    const target = await signupUser(auth.url);
    const res = await setTier(admin.token, target.user.id, { tier: 'beta' });
    expect(res.status).toBe(200);
    const { user } = userResponseSchema.parse(res.body);
    expect(user).toMatchObject({ id: target.user.id, subscriptionTier: 'beta' });
    expect(Math.abs(Date.parse(user.betaExpiresAt!) - (Date.now() + 15 * DAY))).toBeLessThan(60_000);

    const refreshed = await http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken: target.tokens.refreshToken } });
    expect(jwt.decode(refreshed.body.accessToken)).toMatchObject({ sub: target.user.id, tier: 'beta', role: 'USER' });
  });

  test('when a SUPER_ADMIN sets betaDays or premium, then the expiry follows (none for premium)', async () => {
    const admin = await adminAccount('SUPER_ADMIN');
    const target = await signupUser(auth.url);
    const beta = await setTier(admin.token, target.user.id, { tier: 'beta', betaDays: 30 });
    expect(Math.abs(Date.parse(beta.body.user.betaExpiresAt) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const premium = await setTier(admin.token, target.user.id, { tier: 'premium' });
    expect(premium.body.user).toMatchObject({ subscriptionTier: 'premium', betaExpiresAt: null });
    const trial = await setTier(admin.token, target.user.id, { tier: 'trial' });
    expect(trial.body.user).toMatchObject({ subscriptionTier: 'trial', betaExpiresAt: null });
  });

  test.each([
    [{ tier: 'gold' }, 'Tier must be one of: trial, beta, premium'],
    [{}, 'Tier must be one of: trial, beta, premium'],
    [{ tier: 'beta', betaDays: 0 }, 'betaDays must be between 1 and 365'],
    [{ tier: 'beta', betaDays: 1.5 }, 'betaDays must be a whole number of days'],
    [{ tier: 'beta', betaDays: '10' }, 'betaDays must be a whole number of days'],
    [[1], 'Request body must be a JSON object'],
  ])('when an admin sends %j, then 400 "%s"', async (body, message) => {
    const admin = await adminAccount();
    const target = await signupUser(auth.url);
    const res = await setTier(admin.token, target.user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  test('when the target does not exist, then 404 with error text', async () => {
    const admin = await adminAccount();
    for (const id of [randomId(), 'not-an-id']) {
      const res = await setTier(admin.token, id, { tier: 'premium' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'User not found' });
    }
  });

  test('when `npm run create-admin -- <email>` runs, then the account becomes ADMIN; an unknown email exits 1', async () => {
    const account = await signupUser(auth.url);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-'));
    // the first run goes through the npm script (its wiring); the others start the file directly (faster)
    const run = (args: string[], viaNpm = false) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const [command, prefix] = viaNpm
          ? ['npm', ['run', '--silent', 'create-admin', '--']]
          : [process.execPath, ['--import', 'tsx', 'services/auth/src/cli/create-admin.ts']];
        const child = spawn(command, [...prefix, ...args], {
          cwd: ROOT,
          env: { ...process.env, ...testEnv(ns), POSTWRIGHT_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
      });
    const ok = await run([` ${account.user.email.toUpperCase()} `], true);
    expect(ok).toMatchObject({ code: 0, out: expect.stringContaining(`${account.user.email} is now ADMIN`) });
    expect((await auth.modules.users.findById(account.user.id))!.userRole).toBe('ADMIN');
    const unknown = await run([`nobody-${randomId()}@example.com`]);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account with the email');
    expect((await run([])).code).toBe(2);
  }, 120_000);
});
