import { queryOptions } from '@tanstack/react-query';
import type { MessageWire } from '#shared/schemas/common';
import type {
  CreateEmailTemplateBody,
  EmailTemplateWire,
  TestEmailTemplateBody,
  UpdateEmailTemplateBody,
} from '#shared/schemas/email-templates';
import type { MailSettingsWire, PatchMailSettingsBody } from '#shared/schemas/mail-settings';
import type {
  NotificationPreferenceWire,
  TestNotificationBody,
  UpsertNotificationPreferenceBody,
} from '#shared/schemas/notifications';
import { apiJson } from './http.client';

/** Query key of the caller's notification preferences (SPEC section 7). */
export const PREFERENCES_QUERY_KEY = ['/api/notification-preferences'] as const;
/** Query key of the e-mail template list. */
export const TEMPLATES_QUERY_KEY = ['/api/email-templates'] as const;
/** Query key of the SMTP settings (our addition, admins only). */
export const MAIL_SETTINGS_QUERY_KEY = ['/api/mail-settings'] as const;

/** The caller's preferences, fetched only while `enabled` (the dialog is open). */
export function preferencesQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: () => apiJson<NotificationPreferenceWire[]>('GET', '/api/notification-preferences'),
    enabled,
    // SPEC: "no caching"; every opening of the dialog shows what the server holds now.
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

/** POST /api/notification-preferences: creates or replaces the caller's row for one service. */
export function savePreference(body: UpsertNotificationPreferenceBody): Promise<NotificationPreferenceWire> {
  return apiJson<NotificationPreferenceWire>('POST', '/api/notification-preferences', body);
}

/** POST /api/test-notification: the server sends the template to the address and answers the outcome. */
export function sendTestNotification(body: TestNotificationBody): Promise<MessageWire> {
  return apiJson<MessageWire>('POST', '/api/test-notification', body);
}

/** The templates, default first (the server's order), fetched while `enabled`. */
export function templatesQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: TEMPLATES_QUERY_KEY,
    queryFn: () => apiJson<EmailTemplateWire[]>('GET', '/api/email-templates'),
    enabled,
  });
}

/** POST /api/email-templates. */
export function createTemplate(body: CreateEmailTemplateBody): Promise<EmailTemplateWire> {
  return apiJson<EmailTemplateWire>('POST', '/api/email-templates', body);
}

/** PATCH /api/email-templates/{id}; the body repeats the numeric id (SPEC section 5). */
export function updateTemplate(body: UpdateEmailTemplateBody): Promise<EmailTemplateWire> {
  return apiJson<EmailTemplateWire>('PATCH', `/api/email-templates/${body.id}`, body);
}

/** POST /api/email-templates/{id}/test: the server sends it synchronously and answers its outcome. */
export function sendTemplateTest(id: number, body: TestEmailTemplateBody): Promise<MessageWire> {
  return apiJson<MessageWire>('POST', `/api/email-templates/${id}/test`, body);
}

/** The SMTP settings (the password itself is never returned). */
export function mailSettingsQueryOptions() {
  return queryOptions({
    queryKey: MAIL_SETTINGS_QUERY_KEY,
    queryFn: () => apiJson<MailSettingsWire>('GET', '/api/mail-settings'),
  });
}

/** PATCH /api/mail-settings with the changed fields; answers the whole settings. */
export function patchMailSettings(body: PatchMailSettingsBody): Promise<MailSettingsWire> {
  return apiJson<MailSettingsWire>('PATCH', '/api/mail-settings', body);
}

/** POST /api/mail-settings/test: sends a test message with the stored settings. */
export function sendMailSettingsTest(email: string): Promise<MessageWire> {
  return apiJson<MessageWire>('POST', '/api/mail-settings/test', { email });
}
