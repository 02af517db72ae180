import { clientAddressKey } from '../lib/address-group.ts';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import type { LocationEnricher } from './location-enricher.ts';

/** 'success' is a successful sign-in; SPEC counts every other type as a failure. */
export type AttemptType = 'success' | 'failure' | 'disabled' | 'pending_approval' | 'rate_limited';

/** The newest attempts the dialog lists, and how long attempts are kept. */
export const LOGIN_ATTEMPTS_LIST_LIMIT = 500;
export const LOGIN_ATTEMPTS_RETENTION_DAYS = 90;
/** How many of an account's recent sign-in addresses count as its known addresses (the most recent ones). */
export const KNOWN_ADDRESSES_LIMIT = 200;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Records every sign-in attempt. Recording never fails a sign-in: errors are reported and swallowed. The ISP and
 * place are looked up afterwards, so the geo lookup never slows a sign-in.
 *
 * Strangers decide how many attempts there are, so the log is bounded twice: attempts refused by a limit share one
 * row per address (an IPv6 /64) and minute, with a count; and the table keeps at most `maxRows` rows besides the
 * successes (MAX_LOGIN_ATTEMPTS), dropping the oldest. Successes are spared: they need the password, and they are
 * the owner's known addresses, which a locked account still admits (auth.service.ts).
 */
export class LoginAttemptService {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
    private readonly locations: LocationEnricher,
    private readonly maxRows: number,
  ) {}

  /** Resolves when every queued location lookup has been stored (tests read the attempts after it). */
  whenLocated(): Promise<void> {
    return this.locations.whenIdle();
  }

  /** Stops the background lookups; called when the app closes, before the geo files and the database. */
  close(): void {
    this.locations.close();
  }

  /** The newest attempts first, capped for the Login Attempts dialog. */
  recent() {
    return this.attempts.list(LOGIN_ATTEMPTS_LIST_LIMIT);
  }

  /** Deletes attempts older than the retention window; called daily by a job. */
  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - LOGIN_ATTEMPTS_RETENTION_DAYS * DAY_MS);
    await this.attempts.deleteBefore(iso(cutoff));
  }

  /** The addresses the account signed in from within the retention window, the most recent first. */
  async recentSignInAddresses(userId: number): Promise<string[]> {
    const since = new Date(this.clock.now().getTime() - LOGIN_ATTEMPTS_RETENTION_DAYS * DAY_MS);
    return this.attempts.successAddresses(userId, iso(since), KNOWN_ADDRESSES_LIMIT);
  }

  /** Stores one attempt; `userId` names the account a success opened. */
  async record(identifier: string, ip: string, type: AttemptType, userId?: number): Promise<void> {
    try {
      const id = await this.attempts.insert({
        ...this.#row(identifier, ip, type),
        user_id: type === 'success' ? (userId ?? null) : null,
      });
      await this.#added(id, ip);
    } catch (error) {
      this.onError(error);
    }
  }

  /**
   * Counts an attempt a limit refused: the first of its address and minute gets a row, the others add to its count.
   * A refused burst then shows as one entry however long it is (6,000 attempts a minute once took 6,000 rows).
   */
  async recordRefused(identifier: string, ip: string): Promise<void> {
    try {
      const now = this.clock.now();
      const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
      const burstKey = `${clientAddressKey(ip)} ${iso(minute)}`;
      if (await this.attempts.countInBurst(burstKey)) return;
      const id = await this.attempts.insertBurst({ ...this.#row(identifier, ip, 'rate_limited'), burst_key: burstKey });
      // A parallel refusal stored the burst first: count on its row.
      if (id === undefined) await this.attempts.countInBurst(burstKey);
      else await this.#added(id, ip);
    } catch (error) {
      this.onError(error);
    }
  }

  #row(identifier: string, ip: string, type: AttemptType) {
    return {
      // Identifiers are typed by strangers: bound them so the log cannot be used to store junk.
      identifier: identifier.slice(0, 254),
      ip,
      type,
      timestamp: iso(this.clock.now()),
      isp: null,
      city: null,
      region: null,
      country: null,
    };
  }

  // A new row: the oldest beyond the cap make room, and its place is looked up.
  async #added(id: number, ip: string): Promise<void> {
    await this.attempts.trimBehind(id, this.maxRows);
    this.locations.enqueue(id, ip);
  }
}
