import { randomBytes } from 'node:crypto';
import { testEnv } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';

describe('configuration', () => {
  const base = () => testEnv('tconfig_', { NODE_ENV: 'production', TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') });

  test('when no LinkedIn client id is set, then the sandbox is used, with every scope and an active API version', () => {
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
      scopes: ['openid', 'profile', 'email', 'w_member_social', 'r_basicprofile', 'r_member_postAnalytics'],
    });
    const d = new Date();
    const lastMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
    expect(linkedin.apiVersion).toBe(`${lastMonth.getUTCFullYear()}${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}`);
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
      apiVersion: '202610',
    });
    const custom = readConfig({ ...base(), LINKEDIN_CLIENT_ID: 'a', LINKEDIN_CLIENT_SECRET: 'b', LINKEDIN_SCOPES: 'openid,profile, w_member_social', LINKEDIN_API_VERSION: '202611' });
    expect(custom.linkedin.scopes).toEqual(['openid', 'profile', 'w_member_social']);
    expect(custom.linkedin.apiVersion).toBe('202611');
  });

  test('when live mode lacks credentials, or keys and versions are malformed, then start-up fails naming each variable', () => {
    expect(() => readConfig({ ...base(), LINKEDIN_MODE: 'live' })).toThrow(/LINKEDIN_CLIENT_ID[\s\S]*LINKEDIN_CLIENT_SECRET/);
    expect(() => readConfig({ ...base(), TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => readConfig({ ...base(), TOKEN_ENCRYPTION_KEY: undefined })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => readConfig({ ...base(), TOKEN_ENCRYPTION_PREVIOUS_KEYS: 'nope' })).toThrow(/TOKEN_ENCRYPTION_PREVIOUS_KEYS/);
    expect(() => readConfig({ ...base(), LINKEDIN_API_VERSION: 'v2' })).toThrow(/LINKEDIN_API_VERSION/);
  });
});
