import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { createTokenVerifier, keyIdOf } from '@postwright/platform';
import { cleanupNamespace, http, testEnv, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start } from '../src/server';
import { buildSignup } from './support/harness';

describe('signing keys: from configuration, or generated once into the data folder', () => {
  const ns = testNamespace();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-auth-keys-'));
  const noKeys = () => readConfig(testEnv(ns, { JWT_PUBLIC_KEY: undefined, JWT_PRIVATE_KEY: undefined, POSTWRIGHT_DATA_DIR: dataDir }));

  afterAll(async () => {
    await cleanupNamespace(ns);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('when no key is configured, then a pair is generated once (0600) and reused at the next start', async () => {
    const first = await start(noKeys());
    const kid = first.keys.kid;
    const signup = await http(first.url, 'POST', '/api/auth/signup', { body: buildSignup() });
    await first.stop();
    const file = path.join(dataDir, 'keys', 'jwt-private.pem');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = await start(noKeys());
    try {
      expect(second.keys.kid).toBe(kid);
      // a token from before the restart still works
      const profile = await http(second.url, 'GET', '/api/users/profile', { token: signup.body.tokens.accessToken });
      expect(profile.status).toBe(200);
      // and any service can verify it with the JWKS alone, as the platform does without JWT_PUBLIC_KEY
      const verifier = createTokenVerifier({ jwksUrl: `${second.url}/.well-known/jwks.json` });
      await expect(verifier.verify(signup.body.tokens.accessToken)).resolves.toMatchObject({ sub: signup.body.user.id, role: 'USER', tier: 'trial' });
      expect(jwt.decode(signup.body.tokens.accessToken, { complete: true })!.header.kid).toBe(kid);
    } finally {
      await second.stop();
    }
  });

  test('when the configured public key does not match the private key, then start-up fails saying so', async () => {
    const other = require('node:crypto').generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await expect(start(readConfig(testEnv(ns, { JWT_PRIVATE_KEY: other.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey })))).rejects.toThrow(
      'JWT_PUBLIC_KEY does not hold the public key of JWT_PRIVATE_KEY',
    );
    await expect(start(readConfig(testEnv(ns, { JWT_PRIVATE_KEY: 'not a key' })))).rejects.toThrow('JWT_PRIVATE_KEY is not a valid PEM private key');
  });

  test('when JWT_PUBLIC_KEY lists the next key beside this one (a rotation), then the JWKS publishes both, this one first, and tokens name this one', async () => {
    const next = require('node:crypto').generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const both = `${next.publicKey}${testKeys.publicKey}`.trim().replace(/\n/g, '\\n');
    const auth = await start(readConfig(testEnv(ns, { JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: both })));
    try {
      const jwks = await http(auth.url, 'GET', '/.well-known/jwks.json');
      expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual([testKeys.kid, keyIdOf(createPublicKey(next.publicKey))]);
      const signup = await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup() });
      expect(signup.status).toBe(201);
      expect(jwt.decode(signup.body.tokens.accessToken, { complete: true })!.header.kid).toBe(testKeys.kid);
    } finally {
      await auth.stop();
    }
  });

  test('when keys come from the environment with escaped newlines (.env style), then they are accepted', async () => {
    const escaped = testKeys.privateKey.replace(/\n/g, '\\n');
    const service = await start(readConfig(testEnv(ns, { JWT_PRIVATE_KEY: escaped, JWT_PUBLIC_KEY: testKeys.publicKey.replace(/\n/g, '\\n') })));
    try {
      const res = await http(service.url, 'POST', '/api/auth/signup', { body: buildSignup() });
      expect(() => jwt.verify(res.body.tokens.accessToken, testKeys.publicKey, { algorithms: ['RS256'] })).not.toThrow();
    } finally {
      await service.stop();
    }
  });
});
