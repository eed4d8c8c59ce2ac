import { randomBytes } from 'node:crypto';
import type { ConfigError } from '@postwright/platform';
import { BUILT_IN_CLIENT, readConfig } from '../src/config';

describe('configuration', () => {
  const refusals = (env: Record<string, string | undefined>) => {
    try {
      readConfig(env);
    } catch (error) {
      return (error as ConfigError).problems;
    }
    return [];
  };
  /** what a deployment gives it: the product's address and the client secret generated for it and the linkedin service */
  const deployed = () => ({ NODE_ENV: 'production', PUBLIC_URL: 'https://postwright.example', SANDBOX_CLIENT_SECRET: randomBytes(32).toString('base64url') });

  test('when nothing is set, then the app is the built-in one (npm start and the tests need no keys)', () => {
    expect(readConfig({})).toMatchObject({ SANDBOX_CLIENT_ID: 'postwright-sandbox', SANDBOX_CLIENT_SECRET: 'postwright-sandbox-secret', control: false });
    expect(BUILT_IN_CLIENT).toEqual({ id: 'postwright-sandbox', secret: 'postwright-sandbox-secret' });
    expect(readConfig({ NODE_ENV: 'test' })).toMatchObject({ SANDBOX_CLIENT_SECRET: BUILT_IN_CLIENT.secret, control: true });
  });

  test('when NODE_ENV is production with a generated client secret, then it starts with that secret', () => {
    const env = deployed();
    expect(readConfig(env)).toMatchObject({ SANDBOX_CLIENT_SECRET: env.SANDBOX_CLIENT_SECRET, redirectUris: ['https://postwright.example/linkedin/callback'] });
  });

  test('when NODE_ENV is production without a client secret, or with the built-in, a known or a short one, then start-up fails listing every problem at once', () => {
    expect(refusals({ NODE_ENV: 'production' })).toEqual([
      "SANDBOX_CLIENT_SECRET: is required in production (the linkedin service's LINKEDIN_CLIENT_SECRET; npm run secrets makes one)",
      'PUBLIC_URL: is required in production (its default only suits a local machine)',
    ]);
    expect(refusals({ ...deployed(), SANDBOX_CLIENT_SECRET: BUILT_IN_CLIENT.secret })).toEqual([expect.stringMatching(/^SANDBOX_CLIENT_SECRET: is a known or example value; use a generated one/)]);
    expect(refusals({ ...deployed(), SANDBOX_CLIENT_SECRET: 'change-me-to-a-long-random-client-secret' })).toEqual([expect.stringMatching(/^SANDBOX_CLIENT_SECRET: is a known or example value/)]);
    expect(refusals({ ...deployed(), SANDBOX_CLIENT_SECRET: randomBytes(12).toString('hex') })).toEqual([expect.stringMatching(/^SANDBOX_CLIENT_SECRET: is too short: at least 32 characters/)]);
    // compose passes an unset .env value as an empty string: as good as none
    expect(refusals({ ...deployed(), SANDBOX_CLIENT_SECRET: '' })).toEqual([expect.stringMatching(/^SANDBOX_CLIENT_SECRET: is required in production/)]);
  });
});
