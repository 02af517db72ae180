import { z } from 'zod';
import { emailField, idField } from './fields.ts';

/** Texts of the notification preferences contract (SPEC section 8 toasts and the server's own errors). */
export const NOTIFICATION_MSG = {
  updated: 'Preferences updated',
  updateFailed: 'Failed to update preferences',
  serviceNotFound: 'Service not found',
  templateNotFound: 'Template not found',
} as const;

/** Answers of every test e-mail route (templates, test-notification, SMTP settings); SPEC section 8 toasts. */
export const TEST_MAIL_MSG = {
  sent: 'Test Email Sent',
  /** The failure toast's title; its text is the server's message or `failed`. */
  failedTitle: 'Failed to Send Test Email',
  failed: 'Failed to send test email',
  notConfigured: 'E-mail is not configured on this server',
  /** 429 reasons; the server adds how long to wait. */
  tooMany: 'Too many test e-mails.',
  tooManyToAddress: 'Too many test e-mails to this address.',
} as const;

/** One of the caller's preferences: SPEC section 7's items with serviceId, email, enabled (plus the row id). */
export const notificationPreferenceWire = z.object({
  id: z.number(),
  serviceId: z.number(),
  email: z.string(),
  enabled: z.boolean(),
});
export type NotificationPreferenceWire = z.infer<typeof notificationPreferenceWire>;

/**
 * POST /api/notification-preferences: creates or replaces the caller's preference for one service.
 * SPEC: saved only with a non-empty e-mail; the server requires a valid address. `enabled` defaults to true.
 */
export const upsertNotificationPreferenceBody = z.strictObject({
  serviceId: idField,
  email: emailField,
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type UpsertNotificationPreferenceBody = z.infer<typeof upsertNotificationPreferenceBody>;

/** POST /api/test-notification: sends that template with the preview sample values to the address. */
export const testNotificationBody = z.strictObject({
  templateId: idField,
  email: emailField,
});
export type TestNotificationBody = z.infer<typeof testNotificationBody>;
