import { MAIL_SETTINGS_MSG, type PatchMailSettingsBody } from '#shared/schemas/mail-settings';
import type { SmtpConfig } from '../integrations/mail/mailer.ts';
import { secretsToReenter, type SecretBinding } from '../lib/secret-binding.ts';
import type { MailSettingsRepository, StoredMailSettings } from '../repositories/mail-settings.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import { formatTimestamp } from './format.ts';
import type { SettingsMailer } from './settings-mailer.ts';
import type { TestMailGate } from './test-mail-gate.ts';

/** Stored settings as the SMTP client wants them. */
export function toSmtpConfig(settings: StoredMailSettings): SmtpConfig {
  return {
    host: settings.host ?? undefined,
    port: settings.port,
    secure: settings.secure,
    user: settings.username ?? undefined,
    password: settings.password ?? undefined,
    from: settings.fromAddress ?? undefined,
  };
}

/** The SMTP_* environment variables as stored settings (what applies while the database holds none). */
export function fromEnv(config: SmtpConfig): StoredMailSettings {
  return {
    host: config.host ?? null,
    port: config.port,
    secure: config.secure,
    username: config.user ?? null,
    password: config.password ?? null,
    fromAddress: config.from ?? null,
    updatedAt: new Date(0).toISOString(),
    // The environment is the operator's: it counts as a route nobody changed lately.
    routeChangedBy: null,
    routeChangedAt: null,
  };
}

/**
 * How long after a change of the mail route a password-reset e-mail goes to nobody but the account of the one who
 * changed it: time for the superadmin to notice a route they did not choose (issue 26, defence in depth).
 */
export const MAIL_ROUTE_HOLD_MS = 24 * 60 * 60_000;

/** Where mail goes: every stored field but the time stamps. Changing any of them changes the route. */
const ROUTE_FIELDS = ['host', 'port', 'secure', 'username', 'password', 'fromAddress'] as const;

type BoundField = 'host' | 'port' | 'secure' | 'password';
/** The SMTP password belongs to the server it was saved with: host, port and TLS mode (lib/secret-binding.ts). */
const SMTP_PASSWORD_BINDING: SecretBinding<BoundField> = {
  addressFields: ['host', 'port', 'secure'],
  secretFields: ['password'],
};

function boundValues(settings: StoredMailSettings): Record<BoundField, string | null> {
  return { host: settings.host, port: String(settings.port), secure: settings.secure, password: settings.password };
}

/**
 * Whether `next` would send the stored SMTP password to another server than the one it was saved with: a new
 * host, port or TLS mode must come with the password again (or its removal). Turning mail off (no host) sends it
 * nowhere, so it needs nothing; turning it on again then does.
 */
export function passwordMustBeReentered(
  current: StoredMailSettings,
  next: StoredMailSettings,
  givenPassword: string | null | undefined,
): boolean {
  if (next.host === null) return false;
  const patch = { password: givenPassword };
  return secretsToReenter(SMTP_PASSWORD_BINDING, boundValues(current), boundValues(next), patch).length > 0;
}

/** `next`, recording `actorId` and `at` as the last change of the mail route when it changes any route field. */
export function withRouteChange(
  current: StoredMailSettings,
  next: StoredMailSettings,
  actorId: number,
  at: string,
): StoredMailSettings {
  const changed = ROUTE_FIELDS.some((field) => current[field] !== next[field]);
  return changed ? { ...next, routeChangedBy: actorId, routeChangedAt: at } : next;
}

/** A change of the mail route that holds back a password-reset e-mail. */
export interface MailRouteHold {
  changedBy: number;
  changedAt: string;
}

/**
 * The change that holds back a password-reset e-mail to `accountId`'s owner: the route was changed in the last
 * MAIL_ROUTE_HOLD_MS by another account (whoever chose the route receives what it carries). Null when none does.
 */
export function resetMailHold(settings: StoredMailSettings, accountId: number, now: Date): MailRouteHold | null {
  const { routeChangedBy: changedBy, routeChangedAt: changedAt } = settings;
  if (changedBy === null || changedAt === null || changedBy === accountId) return null;
  // A change time ahead of the clock (the clock was set back) holds too: it is no older than a day.
  return now.getTime() - Date.parse(changedAt) < MAIL_ROUTE_HOLD_MS ? { changedBy, changedAt } : null;
}

/**
 * SMTP settings: read by administrators, changed by the superadmin (the route says so); stored in the database;
 * while nothing is stored, the SMTP_* environment variables apply, and the first save stores the merged result.
 * The mailer follows every change at once.
 */
export class MailSettingsService {
  constructor(
    private readonly repository: MailSettingsRepository,
    private readonly mailer: SettingsMailer,
    private readonly envDefaults: StoredMailSettings,
    private readonly gate: TestMailGate,
    private readonly clock: Clock,
  ) {}

  /** The settings in force. */
  async get(): Promise<StoredMailSettings> {
    return (await this.repository.get()) ?? this.envDefaults;
  }

  /** The settings in force, in the SMTP client's terms (the mailer's loader). */
  async smtpConfig(): Promise<SmtpConfig> {
    return toSmtpConfig(await this.get());
  }

  /**
   * Applies `actorId`'s change; an absent or empty password keeps the stored one, null removes it. A new server
   * (host, port or TLS mode) must bring the stored password again (400). Records who changed the route, and when.
   */
  async update(changes: PatchMailSettingsBody, actorId: number): Promise<StoredMailSettings> {
    const current = await this.get();
    const { password, user, from, ...rest } = changes;
    const now = iso(this.clock.now());
    const next: StoredMailSettings = {
      ...current,
      ...rest,
      ...(user === undefined ? {} : { username: user }),
      ...(from === undefined ? {} : { fromAddress: from }),
      ...(password === undefined || password === '' ? {} : { password }),
      updatedAt: now,
    };
    if (passwordMustBeReentered(current, next, password)) {
      throw new AppError('bad_request', MAIL_SETTINGS_MSG.passwordAgain);
    }
    const stored = withRouteChange(current, next, actorId, now);
    await this.repository.save(stored);
    this.mailer.apply(toSmtpConfig(stored));
    return stored;
  }

  /** What holds back a password-reset e-mail to `accountId` now (see resetMailHold); null when nothing does. */
  async resetMailHold(accountId: number): Promise<MailRouteHold | null> {
    return resetMailHold(await this.get(), accountId, this.clock.now());
  }

  /** Sends a short test message with the settings in force; 503 with the SMTP error when it fails. */
  async sendTest(actorId: number, email: string, siteTitle: string): Promise<void> {
    const when = formatTimestamp(this.clock.now());
    await this.gate.send(
      actorId,
      {
        to: email,
        subject: `${siteTitle}: test e-mail`,
        text: `This is a test e-mail from ${siteTitle}, sent at ${when}.\n\nThe SMTP settings work.`,
      },
      true,
    );
  }
}
