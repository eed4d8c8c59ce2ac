import { randomBytes } from 'node:crypto';
import { http } from '@postwright/platform/src/testing';
import { keyIdOf, TokenCipher } from '../src/lib/token-cipher';
import { startStack, TEST_ENCRYPTION_KEY, type Stack } from './support/stack';
import { serviceDatabase } from './support/database';

const DAY = 24 * 3600 * 1000;

describe('connect: stored state', () => {
  let stack: Stack;
  const { db } = serviceDatabase(() => stack);
  const connections = () => db().collection('connections');
  /** every token the sandbox has handed out, as plain text */
  const issuedTokens = () => [...stack.sandbox.state.accessTokens.keys(), ...stack.sandbox.state.refreshTokens.keys()];

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when an account is connected, then its tokens are unreadable in the database: AES-256-GCM with the key id beside them', async () => {
    const user = await stack.user();
    expect((await stack.connect(user)).status).toBe(200);
    const doc = await connections().findOne({ userId: user.id });
    expect(doc).not.toBeNull();
    const raw = JSON.stringify(doc);
    for (const token of issuedTokens()) expect(raw).not.toContain(token);
    expect(doc!.accessToken).toMatch(/^v1\.[0-9a-f]{12}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(doc!.keyId).toBe(keyIdOf(Buffer.from(TEST_ENCRYPTION_KEY, 'base64')));
    expect(doc).toMatchObject({ memberUrn: expect.stringMatching(/^urn:li:person:/), status: 'active' });
    // a self-serve app (the sandbox default) gets no refresh token: the grant ends with the 60-day access token
    expect(doc).toMatchObject({ refreshToken: null, refreshTokenExpiresAt: null });
    expect(Math.abs(doc!.accessTokenExpiresAt.getTime() - (Date.now() + 60 * DAY))).toBeLessThan(60_000);

    // the right key opens it, bound to its owner; another key or another owner does not
    const plain = new TokenCipher(TEST_ENCRYPTION_KEY).open(doc!.accessToken, user.id);
    expect(stack.sandbox.state.accessTokens.has(plain)).toBe(true);
    expect(() => new TokenCipher(randomBytes(32).toString('base64')).open(doc!.accessToken, user.id)).toThrow();
    expect(() => new TokenCipher(TEST_ENCRYPTION_KEY).open(doc!.accessToken, 'someone-else')).toThrow();
  });

  test('when the same user connects again, then there is still one connection, with the new grant', async () => {
    const user = await stack.user();
    await stack.connect(user, { email: 'first@example.com' });
    const second = await stack.connect(user, { email: 'second@example.com', given_name: 'Sam' });
    expect(second.status).toBe(200);
    expect(second.body.profile.firstName).toBe('Sam');
    const docs = await connections().find({ userId: user.id }).toArray();
    expect(docs).toHaveLength(1);
  });

  test('when the encryption key is rotated, then old tokens still work through the previous key and are re-sealed with the new one', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const before = await connections().findOne({ userId: user.id });
    const newKey = randomBytes(32).toString('base64');
    const rotated = await stack.startLinkedin({ TOKEN_ENCRYPTION_KEY: newKey, TOKEN_ENCRYPTION_PREVIOUS_KEYS: TEST_ENCRYPTION_KEY });
    const res = await http(rotated.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
    expect(res.status).toBe(200);
    const after = await connections().findOne({ userId: user.id });
    expect(after!.keyId).toBe(keyIdOf(Buffer.from(newKey, 'base64')));
    expect(after!.keyId).not.toBe(before!.keyId);
    expect(after!.accessToken.split('.')[1]).toBe(after!.keyId);
    expect(new TokenCipher(newKey).open(after!.accessToken, user.id)).toBe(new TokenCipher(TEST_ENCRYPTION_KEY).open(before!.accessToken, user.id));
  });
});

describe('connect: stored state of an approved partner app (refresh tokens)', () => {
  let stack: Stack;
  const { db } = serviceDatabase(() => stack);
  const connections = () => db().collection('connections');

  beforeAll(async () => {
    stack = await startStack({ sandboxEnv: { SANDBOX_REFRESH_TOKENS: 'true' } });
  });
  afterAll(() => stack?.stop());

  test('when an account is connected, then the refresh token is sealed like the access token and lives 365 days', async () => {
    const user = await stack.user();
    expect((await stack.connect(user)).status).toBe(200);
    const doc = await connections().findOne({ userId: user.id });
    const raw = JSON.stringify(doc);
    for (const token of stack.sandbox.state.refreshTokens.keys()) expect(raw).not.toContain(token);
    expect(doc!.refreshToken).toMatch(/^v1\.[0-9a-f]{12}\./);
    expect(new TokenCipher(TEST_ENCRYPTION_KEY).open(doc!.refreshToken, user.id)).toEqual(expect.any(String));
    expect(Math.abs(doc!.refreshTokenExpiresAt.getTime() - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
    // the grant then lasts as long as the refresh token
    const status = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
    expect(Date.parse(status.body.expiresAt)).toBe(doc!.refreshTokenExpiresAt.getTime());
    expect(status.body.reconnectSoon).toBeUndefined();
  });
});
