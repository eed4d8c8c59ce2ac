import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A short, stable id for a key: stored beside each ciphertext so a rotated key can still be found. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/**
 * AES-256-GCM for LinkedIn tokens at rest. Each value is `v1.<keyId>.<iv>.<tag>.<ciphertext>`
 * (base64url parts), bound to its owner through the additional data, so a ciphertext copied
 * onto another user's record does not decrypt. Previous keys decrypt; only the current key
 * encrypts, and `needsRotation` tells the caller to re-seal.
 */
export class TokenCipher {
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(currentKeyBase64: string, previousKeysBase64: string[] = []) {
    const current = Buffer.from(currentKeyBase64, 'base64');
    if (current.length !== 32) throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes');
    this.keyId = keyIdOf(current);
    this.keys.set(this.keyId, current);
    for (const previous of previousKeysBase64) {
      const key = Buffer.from(previous, 'base64');
      if (key.length === 32 && !this.keys.has(keyIdOf(key))) this.keys.set(keyIdOf(key), key);
    }
  }

  seal(plaintext: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv);
    cipher.setAAD(Buffer.from(`linkedin-token:${owner}`));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  open(sealed: string, owner: string): string {
    const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !ciphertext) throw new Error('Unreadable token ciphertext');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`No key ${keyId} to decrypt the token; was TOKEN_ENCRYPTION_KEY changed without keeping the old one in TOKEN_ENCRYPTION_PREVIOUS_KEYS?`);
    // a shortened tag would weaken the check: only the full 16 bytes are accepted
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(`linkedin-token:${owner}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  keyIdOfSealed(sealed: string): string {
    return sealed.split('.')[1] ?? '';
  }

  needsRotation(sealed: string): boolean {
    return this.keyIdOfSealed(sealed) !== this.keyId;
  }
}
