import { TEST_MAIL_MSG } from '#shared/schemas/notifications';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { RateLimiter, throwIfLimited, type RateLimitRule } from '../services/rate-limiter.ts';
import type { OutgoingMail } from '../integrations/mail/mailer.ts';
import type { ReloadableMailer } from './settings-mailer.ts';

/** Limits of test e-mails: they go to any address, so they must not become a spam relay. */
export const TEST_MAIL_LIMITS = {
  /** POST /api/test-notification, per approved user. */
  user: { limit: 5, windowMs: 10 * 60_000 },
  /** Template and SMTP settings tests, per administrator (who may need a few tries to get SMTP right). */
  admin: { limit: 20, windowMs: 10 * 60_000 },
  /** Per recipient address, whoever sends and by whichever route: no inbox can be flooded with test mails. */
  recipient: { limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The key an address is counted under: lower case, and without a '+tag' in the local part, since most
 * providers deliver name+anything@ to name@ and the tag would otherwise be a way round the limit.
 */
export function recipientKey(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`.toLowerCase();
}

/** Counts test e-mails per recipient address; one instance is shared by every gate. */
export function recipientLimiter(clock: Clock): RateLimiter {
  return new RateLimiter(TEST_MAIL_LIMITS.recipient, () => clock.now().getTime());
}

/**
 * Sends test e-mails synchronously (the dialog shows the outcome) under a per-user and a per-recipient limit.
 * Both are counted only when a mail is actually attempted, so refused input never uses them up.
 */
export class TestMailGate {
  readonly #perUser: RateLimiter;

  constructor(
    private readonly mailer: ReloadableMailer,
    rule: RateLimitRule,
    private readonly perRecipient: RateLimiter,
    clock: Clock,
  ) {
    this.#perUser = new RateLimiter(rule, () => clock.now().getTime());
  }

  /**
   * Sends the mail for `userId`. SMTP failures become 503 with the SMTP error for administrators
   * (`showError`, they can fix the settings) and a plain failure text for everyone else.
   */
  async send(userId: number, mail: OutgoingMail, showError: boolean): Promise<void> {
    const userKey = String(userId);
    const toKey = recipientKey(mail.to);
    const userWait = this.#perUser.retryAfter(userKey);
    const recipientWait = this.perRecipient.retryAfter(toKey);
    // The message names the limit that keeps the caller waiting longest.
    throwIfLimited(
      recipientWait > userWait ? TEST_MAIL_MSG.tooManyToAddress : TEST_MAIL_MSG.tooMany,
      userWait,
      recipientWait,
    );
    await this.mailer.refresh();
    if (!this.mailer.isConfigured) throw new AppError('unavailable', TEST_MAIL_MSG.notConfigured);
    this.#perUser.hit(userKey);
    this.perRecipient.hit(toKey);
    try {
      await this.mailer.send(mail);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new AppError('unavailable', showError ? `${TEST_MAIL_MSG.failed}: ${detail}` : TEST_MAIL_MSG.failed);
    }
  }
}
