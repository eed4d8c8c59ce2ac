/**
 * The access token verifier every service and the gateway use (platform/src/auth.ts): configured
 * public keys, or the auth service's JWKS served here by a real HTTP server that counts its reads.
 * Junk tokens with made-up key ids must not be able to make valid tokens fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@postwright/contracts';
import { createTokenVerifier, keyIdOf } from '../src/auth';
import { eventually } from '../src/testing';

type Pair = { publicKey: string; privateKey: string; kid: string };

function keyPair(): Pair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey, kid: keyIdOf(createPublicKey(publicKey)) };
}

/** `kid: null` signs without a key id */
const sign = (key: Pair, options: jwt.SignOptions = {}, kid: string | null = key.kid) =>
  jwt.sign({ role: 'USER', tier: 'trial', sid: 's1' }, key.privateKey, {
    algorithm: 'RS256',
    ...(kid ? { keyid: kid } : {}),
    subject: 'a'.repeat(24),
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    expiresIn: 600,
    ...options,
  });

const stranger = keyPair();
/** a token as a junk client makes it: a fresh random key id, signed by a key nobody trusts */
const junk = () => sign(stranger, {}, randomBytes(16).toString('hex'));

/** The auth service's JWKS endpoint: the keys it serves can change, it can go down, it counts reads. */
class JwksServer {
  reads = 0;
  keys: Pair[] = [];
  down = false;
  private server!: Server;
  url = '';

  async start(keys: Pair[]) {
    this.keys = keys;
    this.server = createServer((_req, res) => {
      this.reads++;
      if (this.down) return void res.writeHead(503).end();
      const body = {
        keys: this.keys.map((k) => {
          const { n, e } = createPublicKey(k.publicKey).export({ format: 'jwk' });
          return { kty: 'RSA', n, e, kid: k.kid, alg: 'RS256', use: 'sig' };
        }),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/.well-known/jwks.json`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'OK', (err: { code?: string }) => err.code);

describe('with the JWKS', () => {
  const current = keyPair();
  let jwks: JwksServer;

  beforeEach(async () => {
    jwks = await new JwksServer().start([current]);
  });
  afterEach(() => jwks.stop());

  test('when 100 tokens with made-up key ids come, then the key set is read once and a valid token still verifies without another read', async () => {
    const verifier = createTokenVerifier({ jwksUrl: jwks.url, jwksRefetchMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => codeOf(verifier.verify(junk()))));
    expect(new Set(answers)).toEqual(new Set(['AUTH.TOKEN_INVALID']));
    expect(jwks.reads).toBe(1);
    await expect(verifier.verify(sign(current))).resolves.toMatchObject({ sub: 'a'.repeat(24), role: 'USER', sid: 's1' });
    // and the next wave costs nothing either
    await Promise.all(Array.from({ length: 100 }, () => codeOf(verifier.verify(junk()))));
    expect(jwks.reads).toBe(1);
  });

  test('when a verifier starts while junk tokens flood in, then its first read learns the real key and valid tokens verify', async () => {
    const verifier = createTokenVerifier({ jwksUrl: jwks.url, jwksRefetchMs: 60_000 });
    const flood = Array.from({ length: 50 }, () => codeOf(verifier.verify(junk())));
    await expect(verifier.verify(sign(current))).resolves.toMatchObject({ role: 'USER' });
    await Promise.all(flood);
    expect(jwks.reads).toBe(1);
  });

  test('when the JWKS goes down, then the key already known still verifies', async () => {
    const verifier = createTokenVerifier({ jwksUrl: jwks.url, jwksRefetchMs: 50 });
    await verifier.verify(sign(current));
    jwks.down = true;
    // a made-up key id after the refetch interval makes it read (and fail) again
    await eventually(async () => {
      await codeOf(verifier.verify(junk()));
      return jwks.reads;
    }, (reads) => reads >= 2);
    await expect(verifier.verify(sign(current))).resolves.toMatchObject({ role: 'USER' });
  });

  test('when the auth service starts signing with a new key, then its tokens verify once the refetch interval has passed', async () => {
    const verifier = createTokenVerifier({ jwksUrl: jwks.url, jwksRefetchMs: 200 });
    await verifier.verify(sign(current));
    const next = keyPair();
    jwks.keys = [next, current];
    const answer = await eventually(() => codeOf(verifier.verify(sign(next))), (code) => code === 'OK', 3_000, 50);
    expect(answer).toBe('OK');
    await expect(verifier.verify(sign(current))).resolves.toMatchObject({ role: 'USER' });
  });

  test('when a token is not RS256 or has no key id, then it is refused without reading the key set', async () => {
    const verifier = createTokenVerifier({ jwksUrl: jwks.url });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'x' })).toString('base64url')}.${Buffer.from('{"sub":"a"}').toString('base64url')}.`;
    const hmac = jwt.sign({ sub: 'a', role: 'USER', tier: 'trial' }, 'secret', { algorithm: 'HS256', keyid: current.kid });
    for (const token of [unsigned, hmac, sign(current, {}, null), 'not.a.token', 'garbage']) {
      expect(await codeOf(verifier.verify(token))).toBe('AUTH.TOKEN_INVALID');
    }
    expect(jwks.reads).toBe(0);
  });
});

describe('with configured public keys', () => {
  const current = keyPair();
  const next = keyPair();

  test('when two keys are configured on one line with \\n escapes (a rotation), then tokens of either verify and of any other key do not', async () => {
    const oneLine = `${current.publicKey}${next.publicKey}`.trim().replace(/\n/g, '\\n');
    const verifier = createTokenVerifier({ publicKey: oneLine });
    await expect(verifier.verify(sign(current))).resolves.toMatchObject({ role: 'USER' });
    await expect(verifier.verify(sign(next))).resolves.toMatchObject({ role: 'USER' });
    expect(await codeOf(verifier.verify(sign(keyPair())))).toBe('AUTH.TOKEN_INVALID');
    expect(await codeOf(verifier.verify(junk()))).toBe('AUTH.TOKEN_INVALID');
  });

  test.each([
    ['no issuer', { issuer: undefined }],
    ['another issuer', { issuer: 'someone-else' }],
    ['no audience', { audience: undefined }],
    ['another audience', { audience: 'another-api' }],
  ])('when a token signed by the right key has %s, then it is refused', async (_name, claims) => {
    const verifier = createTokenVerifier({ publicKey: current.publicKey });
    const options = Object.fromEntries(Object.entries({ issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, ...claims }).filter(([, v]) => v !== undefined));
    const token = jwt.sign({ role: 'USER', tier: 'trial' }, current.privateKey, { algorithm: 'RS256', keyid: current.kid, subject: 'a'.repeat(24), expiresIn: 600, ...options });
    expect(await codeOf(verifier.verify(token))).toBe('AUTH.TOKEN_INVALID');
  });

  test('when a token has expired, then it is refused as expired', async () => {
    const verifier = createTokenVerifier({ publicKey: current.publicKey });
    expect(await codeOf(verifier.verify(sign(current, { expiresIn: -10 })))).toBe('AUTH.TOKEN_EXPIRED');
  });

  test('when the setting holds something that is not a PEM public key, then the verifier is not made', () => {
    expect(() => createTokenVerifier({ publicKey: 'not a key' })).toThrow('JWT_PUBLIC_KEY: key 1 is not a PEM public key');
  });
});
