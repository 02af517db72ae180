import { concurrencyLimit } from '../lib/concurrency-limit.ts';

// Loaded at the first hash or verification: its native module stays out of an idle server's memory (issue 14).
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// OWASP's argon2id baseline (19 MiB, 2 passes); about 20 ms here, so sign-in stays quick yet brute force stays costly.
// The library's default algorithm is argon2id (its Algorithm enum is type-only, so it is not named here).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Each hash or verification maps its own 19 MiB block for as long as it runs, on libuv's pool (four threads): a burst
// of sign-ins took four at once, 76 MiB of RSS (the soak's spikes). Two at a time halve that peak and leave the
// pool's other threads to file, compression and DNS work; a queued sign-in waits some 20 ms per hash ahead of it.
const ARGON2_AT_ONCE = 2;
const oneOfTwo = concurrencyLimit(ARGON2_AT_ONCE);

/** Hashes and verifies passwords with argon2id. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

/** The production hasher. */
export const argon2Hasher: PasswordHasher = {
  async hash(password) {
    const { hash } = await loadArgon2();
    return oneOfTwo(() => hash(password, OPTIONS));
  },
  async verify(hashed, password) {
    // Outside the try: a library that cannot load is the server's fault, not a password that does not match.
    const { verify } = await loadArgon2();
    try {
      return await oneOfTwo(() => verify(hashed, password));
    } catch {
      // A malformed stored hash (e.g. an account that has no usable password) never matches.
      return false;
    }
  },
};
