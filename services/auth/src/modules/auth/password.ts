import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** same cost as a real check, for unknown emails (no account enumeration by timing) */
  verifyNothing(password: string): Promise<false>;
}

/** argon2id, per-hash random salt, OWASP minimum parameters (19 MiB, 2 passes, 1 lane). */
export function createPasswordHasher(): PasswordHasher {
  const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  let dummy: Promise<string> | undefined;
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, options),
    verify,
    async verifyNothing(password) {
      dummy ??= argon2.hash('not-a-real-password-0000', options);
      await verify(await dummy, password);
      return false;
    },
  };
}
