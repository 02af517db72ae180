import type { PatchMailSettingsBody } from '#shared/schemas/mail-settings';
import type { SmtpConfig } from '../integrations/mail/mailer.ts';
import type { MailSettingsRepository, StoredMailSettings } from '../repositories/mail-settings.repository.ts';
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
  };
}

/**
 * SMTP settings (admins): stored in the database; while nothing is stored, the SMTP_* environment variables
 * apply, and the first save stores the merged result. The mailer follows every change at once.
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

  /** Applies a change; an absent or empty password keeps the stored one, null removes it. */
  async update(changes: PatchMailSettingsBody): Promise<StoredMailSettings> {
    const current = await this.get();
    const { password, user, from, ...rest } = changes;
    const next: StoredMailSettings = {
      ...current,
      ...rest,
      ...(user === undefined ? {} : { username: user }),
      ...(from === undefined ? {} : { fromAddress: from }),
      ...(password === undefined || password === '' ? {} : { password }),
      updatedAt: iso(this.clock.now()),
    };
    await this.repository.save(next);
    this.mailer.apply(toSmtpConfig(next));
    return next;
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
