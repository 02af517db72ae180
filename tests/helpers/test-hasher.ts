import { hash } from '@node-rs/argon2';
import { argon2Hasher, type PasswordHasher } from '../../src/server/services/password-hasher.ts';

/**
 * The route tests' default hasher: argon2id from the same library, at 1 MiB and one pass instead of the product's
 * 19 MiB and two. The route suite signs in thousands of times (every actor of every access matrix signs in afresh),
 * and at the product's cost each hash and each check takes 20 ms on an idle core and over 100 ms on a busy CI machine,
 * three lanes over. Verification is the product's own (argon2 reads the cost from the stored hash), so a malformed
 * hash still never matches; tests/routes/password-hashing.test.ts checks the product's hasher and its cost.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export const testHasher: PasswordHasher = {
  hash: (password) => hash(password, TEST_COST),
  verify: (hashed, password) => argon2Hasher.verify(hashed, password),
};
