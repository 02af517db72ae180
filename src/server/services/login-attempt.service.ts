import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import type { LocationEnricher } from './location-enricher.ts';

/** 'success' is a successful sign-in; SPEC counts every other type as a failure. */
export type AttemptType = 'success' | 'failure' | 'disabled' | 'pending_approval' | 'rate_limited';

/** The newest attempts the dialog lists, and how long attempts are kept. */
export const LOGIN_ATTEMPTS_LIST_LIMIT = 500;
export const LOGIN_ATTEMPTS_RETENTION_DAYS = 90;

/**
 * Records every sign-in attempt. Recording never fails a sign-in: errors are reported and swallowed. The ISP and
 * place are looked up afterwards, so the geo lookup never slows a sign-in.
 */
export class LoginAttemptService {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
    private readonly locations: LocationEnricher,
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
    const cutoff = new Date(this.clock.now().getTime() - LOGIN_ATTEMPTS_RETENTION_DAYS * 86_400_000);
    await this.attempts.deleteBefore(iso(cutoff));
  }

  async record(identifier: string, ip: string, type: AttemptType): Promise<void> {
    try {
      const id = await this.attempts.insert({
        // Identifiers are typed by strangers: bound them so the log cannot be used to store junk.
        identifier: identifier.slice(0, 254),
        ip,
        type,
        timestamp: iso(this.clock.now()),
        isp: null,
        city: null,
        region: null,
        country: null,
      });
      this.locations.enqueue(id, ip);
    } catch (error) {
      this.onError(error);
    }
  }
}
