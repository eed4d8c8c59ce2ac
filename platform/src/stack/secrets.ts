import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The secrets `npm start` generates into `.data/secrets.json` and gives every program. */
export const LOCAL_SECRET_NAMES = ['INTERNAL_TOKEN', 'TOKEN_ENCRYPTION_KEY', 'JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY'] as const;

export type LocalSecrets = Record<(typeof LOCAL_SECRET_NAMES)[number], string>;

/**
 * The local data folder (the embedded database's files, the secrets, the logs) and the folders in
 * it: readable by their owner only (0700), also when an older version made them world-readable.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/**
 * Secrets for a local stack, made once and kept in the ignored data folder (mode 0600)
 * so tokens and encrypted LinkedIn grants survive restarts. Environment values win.
 */
export function localSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let saved: Partial<LocalSecrets> = {};
  if (fs.existsSync(file)) saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!saved.INTERNAL_TOKEN) saved.INTERNAL_TOKEN = randomBytes(32).toString('base64url');
  if (!saved.TOKEN_ENCRYPTION_KEY) saved.TOKEN_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  if (!saved.JWT_PRIVATE_KEY || !saved.JWT_PUBLIC_KEY) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    saved.JWT_PRIVATE_KEY = pair.privateKey;
    saved.JWT_PUBLIC_KEY = pair.publicKey;
  }
  ensurePrivateDir(dataDir);
  fs.writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return {
    INTERNAL_TOKEN: env.INTERNAL_TOKEN ?? saved.INTERNAL_TOKEN,
    TOKEN_ENCRYPTION_KEY: env.TOKEN_ENCRYPTION_KEY ?? saved.TOKEN_ENCRYPTION_KEY,
    JWT_PRIVATE_KEY: env.JWT_PRIVATE_KEY ?? saved.JWT_PRIVATE_KEY,
    JWT_PUBLIC_KEY: env.JWT_PUBLIC_KEY ?? saved.JWT_PUBLIC_KEY,
  };
}
