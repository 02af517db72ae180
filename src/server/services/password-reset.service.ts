import type { FastifyBaseLogger } from 'fastify';
import type { MailSettingsService } from '../notifications/mail-settings.service.ts';
import { clientAddressKey } from '../lib/address-group.ts';
import type { ResetTokensRepository } from '../repositories/reset-tokens.repository.ts';
import type { User, UsersRepository } from '../repositories/users.repository.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { MSG } from '#shared/messages';
import type { AuthService, RequestOrigin, SignedIn } from './auth.service.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import type { AuthRateLimits } from './rate-limiter.ts';
import { RateLimiter, throwIfLimited } from './rate-limiter.ts';
import { hashToken, newToken } from './secret-tokens.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export interface PasswordResetDeps {
  users: UsersRepository;
  tokens: ResetTokensRepository;
  auth: AuthService;
  mailer: Mailer;
  clock: Clock;
  key: string;
  publicUrl: string;
  siteTitle: () => Promise<string>;
  limits: AuthRateLimits;
  /** Reports mail failures: they happen after the answer is sent. */
  onError: (error: unknown) => void;
  /** Whether a recent change of the mail route holds back a reset link. */
  mailRoute: Pick<MailSettingsService, 'resetMailHold'>;
  /** Says why a reset link was held back. */
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Self-service reset by e-mailed one-time link. The answer never tells whether an account exists:
 * the same 200 for every address, and the mail is sent after the answer so timing does not tell either.
 * No link goes through a mail route that another account changed in the last day (held back, logged, and the
 * answer unchanged): whoever chose the route would receive it.
 */
export class PasswordResetService {
  readonly #perIp: RateLimiter;
  readonly #perIdentifier: RateLimiter;

  constructor(private readonly deps: PasswordResetDeps) {
    const now = () => deps.clock.now().getTime();
    this.#perIp = new RateLimiter(deps.limits.resetRequestsPerIp, now);
    this.#perIdentifier = new RateLimiter(deps.limits.resetRequestsPerIdentifier, now);
  }

  /** Handles a reset request; resolves once the request is accepted (mail goes out in the background). */
  async request(email: string, origin: RequestOrigin): Promise<void> {
    const address = clientAddressKey(origin.ip);
    throwIfLimited(MSG.tooManyAttempts, this.#perIp.retryAfter(address), this.#perIdentifier.retryAfter(email));
    this.#perIp.hit(address);
    this.#perIdentifier.hit(email);
    const user = await this.deps.users.findByEmail(email);
    if (!user || !user.enabled || !user.email || !this.deps.mailer.isConfigured) return;
    this.#sendLink(user).catch(this.deps.onError);
  }

  /** Trades a link's token for a session that must change its password; undefined when invalid or used. */
  async consume(token: string, origin: RequestOrigin): Promise<SignedIn | undefined> {
    if (token.length < 20 || token.length > 100) return undefined;
    const now = iso(this.deps.clock.now());
    const userId = await this.deps.tokens.consume(hashToken(this.deps.key, token), now);
    if (userId === undefined) return undefined;
    const user = await this.deps.users.findById(userId);
    if (!user || !user.enabled) return undefined;
    await this.deps.tokens.invalidateForUser(userId, now);
    return this.deps.auth.signIn(user, origin, true);
  }

  async #sendLink(user: User & { email: string | null }): Promise<void> {
    const hold = await this.deps.mailRoute.resetMailHold(user.id);
    if (hold) {
      this.deps.log.warn(
        { userId: user.id, mailRouteChangedBy: hold.changedBy, mailRouteChangedAt: hold.changedAt },
        'password reset e-mail not sent: another account changed the mail route in the last 24 hours',
      );
      return;
    }
    const token = newToken();
    const now = this.deps.clock.now();
    await this.deps.tokens.invalidateForUser(user.id, iso(now));
    await this.deps.tokens.insert(
      hashToken(this.deps.key, token),
      user.id,
      iso(now),
      iso(new Date(now.getTime() + RESET_TOKEN_TTL_MS)),
    );
    // The link is built from the configured public URL, never from the request's Host header.
    const link = `${this.deps.publicUrl}/api/reset-password/${token}`;
    const title = await this.deps.siteTitle();
    await this.deps.mailer.send({
      to: user.email ?? '',
      subject: `${title}: reset your password`,
      text: [
        `Hello ${user.username},`,
        '',
        `Someone asked to reset the password of your ${title} account.`,
        `Open this link within one hour to sign in and choose a new password:`,
        link,
        '',
        'If you did not ask for this, ignore this e-mail; your password stays as it is.',
      ].join('\n'),
    });
  }
}
