import { randomBytes } from 'node:crypto';
import { TokenCipher } from '../src/lib/token-cipher';

describe('LinkedIn tokens at rest (AES-256-GCM bound to their owner)', () => {
  const cipher = new TokenCipher(randomBytes(32).toString('base64'));

  test('when a token is sealed, then only its owner opens it', () => {
    const sealed = cipher.seal('AQX-access-token', 'user-1');
    expect(cipher.open(sealed, 'user-1')).toBe('AQX-access-token');
    expect(() => cipher.open(sealed, 'user-2')).toThrow();
  });

  test('when the authentication tag is cut short, then opening fails (a 4-byte tag would be forgeable)', () => {
    const [version, keyId, iv, tag, ciphertext] = cipher.seal('AQX-access-token', 'user-1').split('.');
    const shortTag = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => cipher.open([version, keyId, iv, shortTag, ciphertext].join('.'), 'user-1')).toThrow(/tag/i);
  });
});
