import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../constants.ts';
import { emailField, HOST_NAME_PATTERN } from './fields.ts';
import { hasInvisibleOrControl, invisibleCharacterMessage, visibleText } from './secret-text.ts';

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
  /** Whoever decides where mail goes receives every password-reset link (issue 26). */
  superadminOnly: 'Only a superadmin can change where e-mail is sent',
  /** A new host, port or TLS mode with a stored password that the change did not give again. */
  passwordAgain: 'Enter the SMTP password again: a saved password is only sent to the server it was saved with',
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
      .refine((value) => !hasInvisibleOrControl(value), invisibleCharacterMessage('SMTP user')),
  ).optional(),
  password: visibleText(
    z.string({ error: MAIL_SETTINGS_MSG.passwordTooLong }).max(256, MAIL_SETTINGS_MSG.passwordTooLong),
    'SMTP password',
  )
    .nullable()
    .optional(),
  from: emptyToNull(emailField).optional(),
});
export type PatchMailSettingsBody = z.infer<typeof patchMailSettingsBody>;

/** POST /api/mail-settings/test: where to send the test message. */
export const testMailSettingsBody = z.strictObject({ email: emailField });
export type TestMailSettingsBody = z.infer<typeof testMailSettingsBody>;
