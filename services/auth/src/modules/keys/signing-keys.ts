import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SigningKeys {
  privateKey: string;
  publicKey: string;
  /** RFC 7638 thumbprint of the public key: the `kid` header of every token */
  kid: string;
  /** the public key as a JSON Web Key Set, served at /.well-known/jwks.json */
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
  const jwk = createPublicKey(derived).export({ format: 'jwk' });
  if (jwk.kty !== 'RSA') throw new Error('JWT_PRIVATE_KEY must be an RSA key (tokens are signed RS256)');
  if (options.publicKey) {
    let given: JsonWebKey;
    try {
      given = createPublicKey(options.publicKey).export({ format: 'jwk' });
    } catch (error) {
      throw new Error('JWT_PUBLIC_KEY is not a valid PEM public key', { cause: error });
    }
    if (given.n !== jwk.n || given.e !== jwk.e) {
      throw new Error(
        options.privateKey
          ? 'JWT_PUBLIC_KEY does not match JWT_PRIVATE_KEY'
          : 'JWT_PUBLIC_KEY is set without JWT_PRIVATE_KEY and does not match the generated key; set both or neither',
      );
    }
  }
  const kid = createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
  return {
    privateKey,
    publicKey: derived,
    kid,
    jwks: { keys: [{ kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' }] },
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
