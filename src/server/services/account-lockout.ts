import type { AccountLockDurations, RateLimitRule } from './rate-limiter.ts';

interface Streak {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

/**
 * Failed sign-ins per account, from every address together. `rule.limit` failures lock the account for
 * `firstLockMs`; each further failure (possible only from an address the lock does not refuse, or once the lock
 * ran out) locks it again for twice as long as the one before, up to `maxLockMs`. A streak is forgotten once
 * `rule.windowMs` passed without a failure and without a lock running, so spacing guesses just beyond a lock
 * does not reset it. Who the lock refuses is the caller's decision (AuthService: unknown addresses).
 *
 * In memory, like the other limits: bounded by a cap on keys, forgotten streaks swept first. With several
 * instances on one PostgreSQL database each instance counts on its own (documented limit).
 */
export class AccountLockout {
  readonly #streaks = new Map<string, Streak>();
  static readonly MAX_KEYS = 100_000;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly durations: AccountLockDurations,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the account's lock ends, or 0 when it is not locked. */
  retryAfter(key: string): number {
    const streak = this.#current(key);
    if (!streak) return 0;
    const remaining = streak.lockedUntil - this.now();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  /** Counts a failure; from the limit on, (re)locks the account for the doubled time. */
  fail(key: string): void {
    const now = this.now();
    let streak = this.#current(key);
    if (!streak) {
      if (this.#streaks.size >= AccountLockout.MAX_KEYS) this.#sweep();
      streak = { failures: 0, lastFailureAt: now, lockedUntil: 0 };
      this.#streaks.set(key, streak);
    }
    streak.failures += 1;
    streak.lastFailureAt = now;
    const beyond = streak.failures - this.rule.limit;
    if (beyond < 0) return;
    // 2 ** beyond grows without bound; the cap keeps the product finite long before it overflows to Infinity.
    const lockMs = Math.min(this.durations.maxLockMs, this.durations.firstLockMs * 2 ** Math.min(beyond, 40));
    streak.lockedUntil = Math.max(streak.lockedUntil, now + lockMs);
  }

  /**
   * Forgets the account's failures after a successful sign-in, unless a lock is running: a lock runs its course,
   * or the owner signing in would hand whoever caused it a fresh set of guesses.
   */
  succeed(key: string): void {
    if (this.retryAfter(key) === 0) this.#streaks.delete(key);
  }

  /** How many accounts are held in memory (live or not yet swept). */
  get size(): number {
    return this.#streaks.size;
  }

  #isForgotten(streak: Streak, now: number): boolean {
    return now - Math.max(streak.lastFailureAt, streak.lockedUntil) >= this.rule.windowMs;
  }

  #current(key: string): Streak | undefined {
    const streak = this.#streaks.get(key);
    if (streak && this.#isForgotten(streak, this.now())) {
      this.#streaks.delete(key);
      return undefined;
    }
    return streak;
  }

  #sweep(): void {
    const now = this.now();
    for (const [key, streak] of this.#streaks) if (this.#isForgotten(streak, now)) this.#streaks.delete(key);
    // Still full (a flood over many names): drop a tenth at once, as RateLimiter does, so the cost is spread over
    // many inserts. Streaks short of a lock go first, oldest first: a flood of one-off names must not be a way to
    // wipe a locked account's streak and win fresh guesses.
    let toDrop = this.#streaks.size >= AccountLockout.MAX_KEYS ? Math.ceil(AccountLockout.MAX_KEYS / 10) : 0;
    for (const pass of ['unlocked', 'any'] as const) {
      for (const [key, streak] of this.#streaks) {
        if (toDrop <= 0) return;
        if (pass === 'unlocked' && streak.failures >= this.rule.limit) continue;
        this.#streaks.delete(key);
        toDrop -= 1;
      }
    }
  }
}
