import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';

/** 'success' is a successful sign-in; SPEC counts every other type as a failure. */
export type AttemptType = 'success' | 'failure' | 'disabled' | 'pending_approval' | 'rate_limited';

/** Records every sign-in attempt. Recording never fails a sign-in: errors are reported and swallowed. */
export class LoginAttemptService {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  async record(identifier: string, ip: string, type: AttemptType): Promise<void> {
    try {
      await this.attempts.insert({
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
    } catch (error) {
      this.onError(error);
    }
  }
}
