import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../constants.ts';
import { emailField, HOST_NAME_PATTERN } from './fields.ts';

/** How the SMTP connection is secured: STARTTLS upgrade, TLS from the first byte, or plain text. */
export const SMTP_SECURITY_MODES = ['starttls', 'tls', 'none'] as const;
export type SmtpSecurityMode = (typeof SMTP_SECURITY_MODES)[number];

/** Texts of the mail settings contract. */
export const MAIL_SETTINGS_MSG = {
  hostInvalid: 'SMTP host must be a host name or an IP address',
  portInvalid: 'SMTP port must be a whole number from 1 to 65535',
  secureInvalid: 'TLS mode must be starttls, tls or none',
  userTooLong: `SMTP user must be at most ${MAX_EMAIL_LENGTH} characters`,
  passwordTooLong: 'SMTP password must be at most 256 characters',
} as const;

/**
 * The SMTP settings as the API presents them. The password is write-only: only whether one is set is shown.
 * `configured` is true when a host is set, i.e. when the server will try to send mail.
 */
export const mailSettingsWire = z.object({
  host: z.string().nullable(),
  port: z.number(),
  secure: z.enum(SMTP_SECURITY_MODES),
  user: z.string().nullable(),
  from: z.string().nullable(),
  password_set: z.boolean(),
  configured: z.boolean(),
});
export type MailSettingsWire = z.infer<typeof mailSettingsWire>;

/** Empty text means "none"; the dialog's empty field clears the value. */
const emptyToNull = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (value === '' ? null : value), field.nullable());

/**
 * PATCH /api/mail-settings: any subset. `host` empty or null turns e-mail off. `password`: absent or empty
 * leaves it as it is (the form never shows the stored one), null removes it, any other text replaces it.
 */
export const patchMailSettingsBody = z.strictObject({
  host: emptyToNull(
    z
      .string({ error: MAIL_SETTINGS_MSG.hostInvalid })
      .trim()
      .max(253, MAIL_SETTINGS_MSG.hostInvalid)
      .regex(HOST_NAME_PATTERN, MAIL_SETTINGS_MSG.hostInvalid),
  ).optional(),
  port: z
    .number({ error: MAIL_SETTINGS_MSG.portInvalid })
    .int(MAIL_SETTINGS_MSG.portInvalid)
    .min(1, MAIL_SETTINGS_MSG.portInvalid)
    .max(65_535, MAIL_SETTINGS_MSG.portInvalid)
    .optional(),
  secure: z.enum(SMTP_SECURITY_MODES, { error: MAIL_SETTINGS_MSG.secureInvalid }).optional(),
  user: emptyToNull(
    z
      .string({ error: MAIL_SETTINGS_MSG.userTooLong })
      .trim()
      .max(MAX_EMAIL_LENGTH, MAIL_SETTINGS_MSG.userTooLong)
      // eslint-disable-next-line no-control-regex -- control characters never belong in a user name
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), MAIL_SETTINGS_MSG.userTooLong),
  ).optional(),
  password: z
    .string({ error: MAIL_SETTINGS_MSG.passwordTooLong })
    .max(256, MAIL_SETTINGS_MSG.passwordTooLong)
    .nullable()
    .optional(),
  from: emptyToNull(emailField).optional(),
});
export type PatchMailSettingsBody = z.infer<typeof patchMailSettingsBody>;

/** POST /api/mail-settings/test: where to send the test message. */
export const testMailSettingsBody = z.strictObject({ email: emailField });
export type TestMailSettingsBody = z.infer<typeof testMailSettingsBody>;
