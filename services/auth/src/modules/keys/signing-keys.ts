import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { keyIdOf, parsePublicKeys } from '@postwright/platform';
import fs from 'node:fs';
import path from 'node:path';

export interface SigningKeys {
  privateKey: string;
  /** PEM: this key first, then any other JWT_PUBLIC_KEY lists (a rotation's next or last key) */
  publicKey: string;
  /** RFC 7638 thumbprint of the public key: the `kid` header of every token */
  kid: string;
  /** the public keys as a JSON Web Key Set, served at /.well-known/jwks.json */
  jwks: { keys: Array<JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' }> };
}

/**
 * The RS256 key pair: from configuration when given (npm start passes one), else made
 * once into `<dataDir>/keys` and reused at every start so issued tokens stay valid.
 */
export function resolveSigningKeys(options: { privateKey?: string; publicKey?: string; dataDir: string }): SigningKeys {
  const privateKey = options.privateKey ?? loadOrCreate(path.join(options.dataDir, 'keys'));
  let derived: string;
  try {
    derived = createPublicKey(createPrivateKey(privateKey)).export({ type: 'spki', format: 'pem' }).toString();
  } catch (error) {
    throw new Error('JWT_PRIVATE_KEY is not a valid PEM private key', { cause: error });
  }
  const own = createPublicKey(derived);
  if (own.asymmetricKeyType !== 'rsa') throw new Error('JWT_PRIVATE_KEY must be an RSA key (tokens are signed RS256)');
  const kid = keyIdOf(own);
  // the published keys: this one first, then any other a rotation lists (the next key, or the last)
  let published = [own];
  if (options.publicKey) {
    let given: KeyObject[];
    try {
      given = parsePublicKeys(options.publicKey);
    } catch (error) {
      throw new Error('JWT_PUBLIC_KEY is not one or more valid PEM public keys', { cause: error });
    }
    if (!given.some((key) => keyIdOf(key) === kid)) {
      throw new Error(
        options.privateKey
          ? 'JWT_PUBLIC_KEY does not hold the public key of JWT_PRIVATE_KEY'
          : 'JWT_PUBLIC_KEY is set without JWT_PRIVATE_KEY and does not hold the generated key; set both or neither',
      );
    }
    published = [own, ...given.filter((key) => keyIdOf(key) !== kid)];
  }
  return {
    privateKey,
    publicKey: published.map((key) => key.export({ type: 'spki', format: 'pem' }).toString()).join(''),
    kid,
    jwks: {
      keys: published.map((key) => {
        const { n, e } = key.export({ format: 'jwk' });
        return { kty: 'RSA', n, e, kid: keyIdOf(key), alg: 'RS256' as const, use: 'sig' as const };
      }),
    },
  };
}

function loadOrCreate(dir: string): string {
  const file = path.join(dir, 'jwt-private.pem');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  try {
    // 'wx': if another process made one first, keep theirs
    fs.writeFileSync(file, privateKey, { mode: 0o600, flag: 'wx' });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8');
    throw error;
  }
}
