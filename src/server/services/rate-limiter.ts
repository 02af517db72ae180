import { tryAgainIn } from '#shared/messages';
import { AppError } from './app-error.ts';

/** How many events a key may have within a window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory, one limiter per rule. Used for sign-in failures per address and per account and
 * address, registrations, reset requests and pushes; callers key addresses with `clientAddressKey` (an IPv6 /64 is
 * one key). Memory is bounded: expired buckets are swept and the map is capped.
 * With several instances on one PostgreSQL database each instance counts on its own (documented limit).
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  static readonly MAX_KEYS = 100_000;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string): number {
    const bucket = this.#current(key);
    if (!bucket || bucket.count < this.rule.limit) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000));
  }

  /** How many keys are held in memory (live or not yet swept). */
  get size(): number {
    return this.#buckets.size;
  }

  /** Counts one event for the key. */
  hit(key: string): void {
    const bucket = this.#current(key);
    if (bucket) {
      bucket.count += 1;
      return;
    }
    if (this.#buckets.size >= RateLimiter.MAX_KEYS) this.#sweep();
    this.#buckets.set(key, { count: 1, resetAt: this.now() + this.rule.windowMs });
  }

  /** Forgets a key (after a successful sign-in, the identifier's failures no longer count). */
  reset(key: string): void {
    this.#buckets.delete(key);
  }

  #current(key: string): Bucket | undefined {
    const bucket = this.#buckets.get(key);
    if (bucket && bucket.resetAt <= this.now()) {
      this.#buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  #sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.#buckets) if (bucket.resetAt <= now) this.#buckets.delete(key);
    // Still full of live keys (a flood from many addresses): drop the oldest tenth in one go, so the cost
    // of sweeping is spread over many inserts instead of paid on each one.
    if (this.#buckets.size >= RateLimiter.MAX_KEYS) {
      let toDrop = Math.ceil(RateLimiter.MAX_KEYS / 10);
      for (const key of this.#buckets.keys()) {
        if (toDrop-- <= 0) break;
        this.#buckets.delete(key);
      }
    }
  }
}

/**
 * Refuses with 429 when any of the waits (from `retryAfter`) is running: Retry-After is the longest wait, and
 * the message gives the reason and says how long that is.
 */
export function throwIfLimited(reason: string, ...waits: number[]): void {
  const retryAfter = Math.max(0, ...waits);
  if (retryAfter > 0) throw new AppError('too_many_requests', tryAgainIn(reason, retryAfter), {}, retryAfter);
}

/** How long an account stays locked (account-lockout.ts): the first lock, doubled by each further failure. */
export interface AccountLockDurations {
  firstLockMs: number;
  maxLockMs: number;
}

/**
 * The limits that guard the account routes; tests pass their own. Per-address limits count an IPv6 /64 as one
 * address (lib/address-group.ts).
 */
export interface AuthRateLimits {
  loginFailuresPerIp: RateLimitRule;
  /**
   * Failures on one account, from every address together, that lock it for addresses it never signed in from
   * (the lock's length: `accountLock`); also the failures one address may make on one account.
   */
  loginFailuresPerIdentifier: RateLimitRule;
  /** Defaults to DEFAULT_ACCOUNT_LOCK. */
  accountLock?: AccountLockDurations;
  registrationsPerIp: RateLimitRule;
  resetRequestsPerIp: RateLimitRule;
  resetRequestsPerIdentifier: RateLimitRule;
  /** Push checks (issue 16): pushes, and unknown tokens tried, per address; defaults in service-push.service.ts. */
  pushesPerIp?: RateLimitRule;
  unknownPushTokensPerIp?: RateLimitRule;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** One minute after the limit's failures, then 2, 4, 8 and at most 15 minutes for each further one. */
export const DEFAULT_ACCOUNT_LOCK: AccountLockDurations = { firstLockMs: 60_000, maxLockMs: FIFTEEN_MINUTES };

/** Production defaults: generous for people, tight for scripts. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginFailuresPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerIdentifier: { limit: 10, windowMs: FIFTEEN_MINUTES },
  accountLock: DEFAULT_ACCOUNT_LOCK,
  registrationsPerIp: { limit: 10, windowMs: 60 * 60_000 },
  resetRequestsPerIp: { limit: 10, windowMs: FIFTEEN_MINUTES },
  resetRequestsPerIdentifier: { limit: 3, windowMs: FIFTEEN_MINUTES },
};
