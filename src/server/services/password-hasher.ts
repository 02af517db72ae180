import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); about 20 ms here, so sign-in stays quick yet brute force stays costly.
// The library's default algorithm is argon2id (its Algorithm enum is type-only, so it is not named here).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and verifies passwords with argon2id. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

/** The production hasher. */
export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, OPTIONS),
  async verify(hashed, password) {
    try {
      return await verify(hashed, password);
    } catch {
      // A malformed stored hash (e.g. an account that has no usable password) never matches.
      return false;
    }
  },
};
