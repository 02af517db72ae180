import { TEST_MAIL_MSG } from '#shared/schemas/notifications';

/** Texts of the E-mail (SMTP) settings section. */
export const MAIL_SETTINGS_TEXT = {
  title: 'E-mail',
  description: 'The SMTP server used for status notifications, password resets and test e-mails.',
  saved: 'Mail settings saved',
  saveFailed: 'Failed to save mail settings',
  testFailed: TEST_MAIL_MSG.failedTitle,
  passwordKept: '••••••••',
  passwordHint: 'Leave empty to keep the stored password.',
  notConfigured: 'E-mail is off until an SMTP host is set.',
  /** For administrators other than the superadmin: whoever sets the mail route receives the reset links. */
  readOnly: 'Only a superadmin can change where e-mail is sent. You can still send a test e-mail.',
  /** Under the password while the server's address is being changed with a password stored. */
  passwordAgain: 'Enter the password again for the new server.',
} as const;

/** The TLS modes as the select shows them. */
export const SECURITY_LABELS = {
  starttls: 'STARTTLS (usually port 587)',
  tls: 'TLS (usually port 465)',
  none: 'None (plain text)',
} as const;
