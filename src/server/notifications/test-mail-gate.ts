import { TEST_MAIL_MSG } from '#shared/schemas/notifications';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { RateLimiter, type RateLimitRule } from '../services/rate-limiter.ts';
import type { OutgoingMail } from '../integrations/mail/mailer.ts';
import type { ReloadableMailer } from './settings-mailer.ts';

/** Per-user limits of test e-mails: they go to any address, so they must not become a spam relay. */
export const TEST_MAIL_LIMITS = {
  /** POST /api/test-notification, any approved user. */
  user: { limit: 5, windowMs: 10 * 60_000 },
  /** Template and SMTP settings tests, administrators (who may need a few tries to get SMTP right). */
  admin: { limit: 20, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Sends test e-mails synchronously (the dialog shows the outcome) under a per-user rate limit.
 * The limit is counted only when a mail is actually attempted, so refused input never uses it up.
 */
export class TestMailGate {
  readonly #limiter: RateLimiter;

  constructor(
    private readonly mailer: ReloadableMailer,
    rule: RateLimitRule,
    clock: Clock,
  ) {
    this.#limiter = new RateLimiter(rule, () => clock.now().getTime());
  }

  /**
   * Sends the mail for `userId`. SMTP failures become 503 with the SMTP error for administrators
   * (`showError`, they can fix the settings) and a plain failure text for everyone else.
   */
  async send(userId: number, mail: OutgoingMail, showError: boolean): Promise<void> {
    const key = String(userId);
    const retryAfter = this.#limiter.retryAfter(key);
    if (retryAfter > 0) throw new AppError('too_many_requests', TEST_MAIL_MSG.tooMany, {}, retryAfter);
    await this.mailer.refresh();
    if (!this.mailer.isConfigured) throw new AppError('unavailable', TEST_MAIL_MSG.notConfigured);
    this.#limiter.hit(key);
    try {
      await this.mailer.send(mail);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new AppError('unavailable', showError ? `${TEST_MAIL_MSG.failed}: ${detail}` : TEST_MAIL_MSG.failed);
    }
  }
}
