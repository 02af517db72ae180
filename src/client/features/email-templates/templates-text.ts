import { EMAIL_TEMPLATE_MSG } from '#shared/schemas/email-templates';
import { TEST_MAIL_MSG } from '#shared/schemas/notifications';

/** SPEC section 8's template toasts and the dialog's own texts. */
export const TEMPLATES_TEXT = {
  title: 'Email Templates',
  sectionTitle: 'E-mail Templates',
  description: 'The default template is used for every status e-mail.',
  created: EMAIL_TEMPLATE_MSG.created,
  updated: EMAIL_TEMPLATE_MSG.updated,
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  imageUploaded: 'Image Uploaded',
  testSent: TEST_MAIL_MSG.sent,
  testFailed: TEST_MAIL_MSG.failedTitle,
  testFailedDetail: TEST_MAIL_MSG.failed,
  empty: 'No templates yet.',
  logoHint: 'JPEG or PNG, at most 5MB. Used in the preview and test e-mails as {{logoUrl}}.',
  placeholders: 'Placeholders: {{logoUrl}}, {{appName}}, {{serviceName}}, {{status}}, {{timestamp}}, {{duration}}',
} as const;
