import { randomBytes } from 'node:crypto';
import { testEnv } from '@postwright/platform/src/testing';
import { activeLinkedinVersions, newestActiveLinkedinVersion } from '@postwright/contracts';
import type { ConfigError } from '@postwright/platform';
import { LIVE_API_VERSION, readConfig } from '../src/config';

describe('configuration', () => {
  const base = () => testEnv('tconfig_', { NODE_ENV: 'development', TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  /** what a deployment gives it: generated secrets, its servers' own credentials, its address */
  const production = (): Record<string, string | undefined> => ({
    ...base(),
    NODE_ENV: 'production',
    INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
    AMQP_URL: 'amqp://postwright:k3v9q2x8m4@rabbitmq:5672',
    PUBLIC_URL: 'https://app.example.com',
    SMTP_URL: 'smtps://postwright:r8Xq2mV7kL4p@smtp.mail.example:465',
    MAIL_FROM: 'Postwright <no-reply@app.example.com>',
  });
  /** the sandbox as a deployment runs it: at its internal address, with the client secret generated for both */
  const deployedSandbox = () => ({ LINKEDIN_MODE: 'sandbox', LINKEDIN_SANDBOX_URL: 'http://linkedin-sandbox:3000', LINKEDIN_CLIENT_SECRET: randomBytes(32).toString('base64url') });

  test("when no LinkedIn client id is set, then the sandbox's share app is used, with its scopes and the newest active API version", () => {
    const { linkedin } = readConfig({ ...base(), LINKEDIN_SANDBOX_URL: 'http://localhost:9999', PUBLIC_URL: 'https://app.example.com' });
    expect(linkedin).toMatchObject({
      mode: 'sandbox',
      clientId: 'postwright-sandbox',
      authUrl: 'http://localhost:9999/oauth/v2/authorization',
      tokenUrl: 'http://localhost:9999/oauth/v2/accessToken',
      revokeUrl: 'http://localhost:9999/oauth/v2/revoke',
      apiUrl: 'http://localhost:9999',
      webUrl: 'http://localhost:9999',
      redirectUri: 'https://app.example.com/linkedin/callback',
      scopes: ['openid', 'profile', 'email', 'w_member_social'],
    });
    expect(linkedin.apiVersion).toBe(newestActiveLinkedinVersion(Date.now()));
  });

  test('when a client id and secret are set, then real LinkedIn is used with the self-serve scopes and the pinned version', () => {
    const { linkedin } = readConfig({ ...base(), LINKEDIN_CLIENT_ID: '86abc', LINKEDIN_CLIENT_SECRET: 's3cret' });
    expect(linkedin).toMatchObject({
      mode: 'live',
      clientId: '86abc',
      clientSecret: 's3cret',
      authUrl: 'https://www.linkedin.com/oauth/v2/authorization',
      tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
      apiUrl: 'https://api.linkedin.com',
      webUrl: 'https://www.linkedin.com',
      scopes: ['openid', 'profile', 'email', 'w_member_social'],
      apiVersion: LIVE_API_VERSION,
    });
    expect(activeLinkedinVersions(Date.now())).toContain(LIVE_API_VERSION);
    const oldest = activeLinkedinVersions(Date.now()).at(-1)!;
    const custom = readConfig({ ...base(), LINKEDIN_CLIENT_ID: 'a', LINKEDIN_CLIENT_SECRET: 'b', LINKEDIN_SCOPES: 'openid,profile, w_member_social', LINKEDIN_API_VERSION: oldest });
    expect(custom.linkedin.scopes).toEqual(['openid', 'profile', 'w_member_social']);
    expect(custom.linkedin.apiVersion).toBe(oldest);
    // LinkedIn takes YYYYMMDD too, for the version of that month
    expect(readConfig({ ...base(), LINKEDIN_API_VERSION: `${oldest}01` }).linkedin.apiVersion).toBe(`${oldest}01`);
  });

  test('when LINKEDIN_API_VERSION is not one LinkedIn answers (retired, never released, in the future, malformed), then start-up fails naming it and the active versions', () => {
    const active = activeLinkedinVersions(Date.now()).join(', ');
    const refusal = (version: string) => {
      try {
        readConfig({ ...base(), LINKEDIN_API_VERSION: version });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    const list = `one of LinkedIn's active versions (contracts/src/linkedin-versions.ts): ${active}`;
    expect(refusal('202511')).toEqual([`LINKEDIN_API_VERSION: 202511 was retired by LinkedIn on 2026-11-16: use ${list}`]);
    expect(refusal('202301')).toEqual([`LINKEDIN_API_VERSION: 202301 was retired by LinkedIn: use ${list}`]);
    expect(refusal('202512')).toEqual([`LINKEDIN_API_VERSION: 202512 is not a version LinkedIn has released: use ${list}`]);
    expect(refusal('20251201')).toEqual([`LINKEDIN_API_VERSION: 20251201 is not a version LinkedIn has released: use ${list}`]);
    expect(refusal('203001')).toEqual([`LINKEDIN_API_VERSION: 203001 is not a version LinkedIn has released: use ${list}`]);
    expect(refusal('v2')).toEqual([`LINKEDIN_API_VERSION: "v2" is not a LinkedIn version (YYYYMM): use ${list}`]);
    expect(() => readConfig({ ...base(), LINKEDIN_CLIENT_ID: 'a', LINKEDIN_CLIENT_SECRET: 'b', LINKEDIN_API_VERSION: '202511' })).toThrow(/LINKEDIN_API_VERSION: 202511 was retired/);
  });

  test('when live mode lacks credentials, or keys and versions are malformed, then start-up fails naming each variable', () => {
    expect(() => readConfig({ ...base(), LINKEDIN_MODE: 'live' })).toThrow(/LINKEDIN_CLIENT_ID[\s\S]*LINKEDIN_CLIENT_SECRET/);
    expect(() => readConfig({ ...base(), TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => readConfig({ ...base(), TOKEN_ENCRYPTION_KEY: undefined })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => readConfig({ ...base(), TOKEN_ENCRYPTION_PREVIOUS_KEYS: 'nope' })).toThrow(/TOKEN_ENCRYPTION_PREVIOUS_KEYS/);
    expect(() => readConfig({ ...base(), LINKEDIN_API_VERSION: 'v2' })).toThrow(/LINKEDIN_API_VERSION/);
  });

  test('when production is given a deployment\'s settings, then it starts, in live mode or with the sandbox said explicitly', () => {
    expect(readConfig({ ...production(), LINKEDIN_CLIENT_ID: '86abc', LINKEDIN_CLIENT_SECRET: 'WPL_AP1.k2Jd8.x9' }).linkedin.mode).toBe('live');
    const sandbox = deployedSandbox();
    expect(readConfig({ ...production(), ...sandbox }).linkedin).toMatchObject({ mode: 'sandbox', clientId: 'postwright-sandbox', clientSecret: sandbox.LINKEDIN_CLIENT_SECRET });
  });

  test("when production runs the sandbox without a client secret, or with the sandbox's built-in one or a short one, then start-up fails saying so beside every other problem", () => {
    const refusals = (env: Record<string, string | undefined>) => {
      try {
        readConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    const sandbox = { ...production(), LINKEDIN_MODE: 'sandbox', LINKEDIN_SANDBOX_URL: 'http://linkedin-sandbox:3000' };
    expect(refusals({ ...sandbox, PUBLIC_URL: undefined })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: is required in production/),
      expect.stringMatching(/^LINKEDIN_CLIENT_SECRET: is required in production \(the LinkedIn sandbox's SANDBOX_CLIENT_SECRET; npm run secrets makes one\)$/),
    ]);
    expect(refusals({ ...sandbox, LINKEDIN_CLIENT_SECRET: 'postwright-sandbox-secret' })).toEqual([expect.stringMatching(/^LINKEDIN_CLIENT_SECRET: is a known or example value/)]);
    expect(refusals({ ...sandbox, LINKEDIN_CLIENT_SECRET: randomBytes(12).toString('hex') })).toEqual([expect.stringMatching(/^LINKEDIN_CLIENT_SECRET: is too short: at least 32 characters/)]);
    // outside production the built-in one is the default: npm start and the tests need no keys
    expect(readConfig({ ...base(), LINKEDIN_MODE: 'sandbox' }).linkedin.clientSecret).toBe('postwright-sandbox-secret');
  });

  test('when production would fall back to the sandbox, or its secrets are missing, known or too short, then start-up fails listing every problem at once', () => {
    let problems: string[] = [];
    try {
      readConfig({ ...production(), INTERNAL_TOKEN: 'short-token-of-20-ch', TOKEN_ENCRYPTION_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=', PUBLIC_URL: undefined, AMQP_URL: 'amqp://guest:guest@rabbitmq:5672' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^INTERNAL_TOKEN: is too short: at least 32 characters/),
      expect.stringMatching(/^TOKEN_ENCRYPTION_KEY: is a known or example value/),
      expect.stringMatching(/^PUBLIC_URL: is required in production/),
      expect.stringMatching(/^AMQP_URL: its password is a well-known default \(amqp:\/\/guest:\*\*\*@rabbitmq:5672\)/),
      expect.stringMatching(/^LINKEDIN_MODE: is required in production: live .* or sandbox/),
    ]);
    expect(() => readConfig({ ...production(), TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), LINKEDIN_MODE: 'sandbox', LINKEDIN_SANDBOX_URL: 'http://s:1' })).toThrow(
      /TOKEN_ENCRYPTION_KEY: is not random enough/,
    );
    expect(() => readConfig({ ...production(), LINKEDIN_MODE: 'live', LINKEDIN_CLIENT_ID: '86abc', LINKEDIN_CLIENT_SECRET: 'postwright-sandbox-secret' })).toThrow(
      /LINKEDIN_CLIENT_SECRET: is the sandbox's built-in secret/,
    );
    expect(() => readConfig({ ...production(), LINKEDIN_MODE: 'sandbox' })).toThrow(/LINKEDIN_SANDBOX_URL: is required in production with LINKEDIN_MODE=sandbox/);
  });

  test('when production is not told its SMTP server and sender (the expiry emails), then start-up fails naming both', () => {
    let problems: string[] = [];
    try {
      readConfig({ ...production(), ...deployedSandbox(), SMTP_URL: undefined, MAIL_FROM: undefined });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^SMTP_URL: is required in production/), expect.stringMatching(/^MAIL_FROM: is required in production/)]);
  });

  test('when the browser knows the sandbox by another address than the service, then the browser is sent to the public one and the service calls the internal one', () => {
    const { linkedin } = readConfig({ ...base(), LINKEDIN_SANDBOX_URL: 'http://linkedin-sandbox:3000', LINKEDIN_SANDBOX_PUBLIC_URL: 'https://sandbox.example.com/' });
    expect(linkedin).toMatchObject({
      authUrl: 'https://sandbox.example.com/oauth/v2/authorization',
      webUrl: 'https://sandbox.example.com',
      tokenUrl: 'http://linkedin-sandbox:3000/oauth/v2/accessToken',
      revokeUrl: 'http://linkedin-sandbox:3000/oauth/v2/revoke',
      apiUrl: 'http://linkedin-sandbox:3000',
    });
  });
});
