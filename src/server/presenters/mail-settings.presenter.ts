import type { MailSettingsWire } from '#shared/schemas/mail-settings';
import type { StoredMailSettings } from '../repositories/mail-settings.repository.ts';

/** SMTP settings for administrators: the password is write-only, so only whether one is set. */
export function presentMailSettings(settings: StoredMailSettings): MailSettingsWire {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    user: settings.username,
    from: settings.fromAddress,
    password_set: settings.password !== null && settings.password !== '',
    configured: settings.host !== null,
  };
}
