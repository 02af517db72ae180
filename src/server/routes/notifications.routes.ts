import { patchMailSettingsBody, testMailSettingsBody } from '#shared/schemas/mail-settings';
import { TEST_MAIL_MSG, testNotificationBody, upsertNotificationPreferenceBody } from '#shared/schemas/notifications';
import { requireAuth } from '../http/access.ts';
import { presentMailSettings } from '../presenters/mail-settings.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentNotificationPreference } from '../presenters/notification-preference.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The caller's own notification preferences and test notification; SMTP settings for administrators. */
export function notificationsRoutes({ app, services }: RouteContext): void {
  // Cache-Control: no-store is set for every /api answer (SPEC: "no caching").
  app.get('/api/notification-preferences', { config: { access: 'approved' } }, async (request) =>
    (await services.notificationPreferences.list(requireAuth(request).user)).map(presentNotificationPreference),
  );

  app.post(
    '/api/notification-preferences',
    { config: { access: 'approved' }, schema: { body: upsertNotificationPreferenceBody } },
    async (request) =>
      presentNotificationPreference(
        await services.notificationPreferences.upsert(requireAuth(request).user, request.body),
      ),
  );

  app.post(
    '/api/test-notification',
    { config: { access: 'approved' }, schema: { body: testNotificationBody } },
    async (request) => {
      await services.notificationPreferences.sendTest(requireAuth(request).user, request.body);
      return presentMessage(TEST_MAIL_MSG.sent);
    },
  );

  app.get('/api/mail-settings', { config: { access: 'admin', apiKeyScope: 'admin' } }, async () =>
    presentMailSettings(await services.mailSettings.get()),
  );

  app.patch(
    '/api/mail-settings',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { body: patchMailSettingsBody } },
    async (request) => presentMailSettings(await services.mailSettings.update(request.body)),
  );

  app.post(
    '/api/mail-settings/test',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { body: testMailSettingsBody } },
    async (request) => {
      const actor = requireAuth(request).user;
      await services.mailSettings.sendTest(actor.id, request.body.email, await services.settings.siteTitle());
      return presentMessage(TEST_MAIL_MSG.sent);
    },
  );
}
