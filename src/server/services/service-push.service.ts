import { createHash } from 'node:crypto';
import { clientAddressKey } from '../lib/address-group.ts';
import type { ServicesRepository } from '../repositories/services.repository.ts';
import { iso, type Clock } from './clock.ts';
import { RateLimiter, throwIfLimited, type RateLimitRule } from './rate-limiter.ts';
import { newToken } from './secret-tokens.ts';
import { SERVICE_PUSH_TEXT } from './service-push-text.ts';

/** The stored form of a push token: its SHA-256 (the token is 256 random bits, so no key or salt is needed). */
export function hashPushToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A fresh push token and its hash. */
export function newPushToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashPushToken(token) };
}

/** Told of each push accepted by this instance (the monitor marks the service up at once). */
export type PushListener = (push: { serviceId: number; at: Date }) => void;

// A push token is 43 base64url characters (newToken); anything else is answered 404 without a query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** How often one address may push, and how many unknown tokens it may try (guessing is pointless, but costs). */
export interface PushRateLimits {
  pushesPerIp: RateLimitRule;
  unknownTokensPerIp: RateLimitRule;
}

/** A push a minute is the usual cron job; a few hundred a minute covers many jobs behind one address. */
export const DEFAULT_PUSH_LIMITS: PushRateLimits = {
  pushesPerIp: { limit: 600, windowMs: 60_000 },
  unknownTokensPerIp: { limit: 20, windowMs: 60_000 },
};

/** Pushes from cron jobs and backup scripts (issue 16): `/api/push/{token}` records that the job ran. */
export class ServicePushService {
  readonly #listeners: PushListener[] = [];
  readonly #pushes: RateLimiter;
  readonly #unknown: RateLimiter;

  constructor(
    private readonly services: ServicesRepository,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    limits: PushRateLimits = DEFAULT_PUSH_LIMITS,
  ) {
    const now = () => clock.now().getTime();
    this.#pushes = new RateLimiter(limits.pushesPerIp, now);
    this.#unknown = new RateLimiter(limits.unknownTokensPerIp, now);
  }

  /** The URL a job calls for a token. */
  pushUrl(token: string): string {
    return `${this.publicUrl}/api/push/${token}`;
  }

  onPush(listener: PushListener): void {
    this.#listeners.push(listener);
  }

  /** Records a push from `ip`; false when no push service has this token (the route answers 404). 429 when limited. */
  async receive(token: string, ip: string): Promise<boolean> {
    const address = clientAddressKey(ip);
    throwIfLimited(SERVICE_PUSH_TEXT.tooMany, this.#pushes.retryAfter(address), this.#unknown.retryAfter(address));
    this.#pushes.hit(address);
    const service = TOKEN_SHAPE.test(token) ? await this.services.findByPushTokenHash(hashPushToken(token)) : undefined;
    const at = this.clock.now();
    if (!service || !(await this.services.recordPush(service.id, iso(at)))) {
      this.#unknown.hit(address);
      return false;
    }
    for (const listener of this.#listeners) listener({ serviceId: service.id, at });
    return true;
  }
}
