import { createSmtpMailer, type Mailer, type OutgoingMail, type SmtpConfig } from '../integrations/mail/mailer.ts';

/** A Mailer that can re-read its configuration (the outbox refreshes it every tick). */
export interface ReloadableMailer extends Mailer {
  refresh(): Promise<void>;
}

/** A mailer with a fixed configuration (one passed in by a test or an embedding program). */
export function fixedMailer(mailer: Mailer): ReloadableMailer {
  return {
    get isConfigured() {
      return mailer.isConfigured;
    },
    refresh: () => Promise.resolve(),
    send: (mail) => mailer.send(mail),
    close: () => mailer.close(),
  };
}

/**
 * A Mailer whose SMTP transport follows the settings stored in the database: every send (and every outbox
 * tick) re-reads them and rebuilds the transport when they changed, so a change made on the Settings page,
 * by this instance or another one on the same database, applies without a restart.
 */
export class SettingsMailer implements ReloadableMailer {
  #current: Mailer;
  #key: string;

  constructor(
    private readonly load: () => Promise<SmtpConfig>,
    initial: SmtpConfig,
    private readonly build: (config: SmtpConfig) => Mailer = createSmtpMailer,
  ) {
    this.#current = build(initial);
    this.#key = JSON.stringify(initial);
  }

  /** As of the last refresh (password reset asks synchronously). */
  get isConfigured(): boolean {
    return this.#current.isConfigured;
  }

  /** Re-reads the stored settings and rebuilds the transport if they changed. */
  async refresh(): Promise<void> {
    this.apply(await this.load());
  }

  /** Uses these settings from now on (the transport is rebuilt only when they differ). */
  apply(config: SmtpConfig): void {
    const key = JSON.stringify(config);
    if (key === this.#key) return;
    const previous = this.#current;
    this.#current = this.build(config);
    this.#key = key;
    previous.close();
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.refresh();
    await this.#current.send(mail);
  }

  close(): void {
    this.#current.close();
  }
}
