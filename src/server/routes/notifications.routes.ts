import { z } from 'zod';
import { messageWire } from '#shared/schemas/common';
import { mailSettingsWire, patchMailSettingsBody, testMailSettingsBody } from '#shared/schemas/mail-settings';
import {
  notificationPreferenceWire,
  TEST_MAIL_MSG,
  testNotificationBody,
  upsertNotificationPreferenceBody,
} from '#shared/schemas/notifications';
import { requireAuth } from '../http/access.ts';
import { presentMailSettings } from '../presenters/mail-settings.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import { presentNotificationPreference } from '../presenters/notification-preference.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** The caller's own notification preferences and test notification; SMTP settings for administrators. */
export function notificationsRoutes({ app, services }: RouteContext): void {
  // Cache-Control: no-store is set for every /api answer (SPEC: "no caching").
  app.get(
    '/api/notification-preferences',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'Your e-mail alert choices per service',
        response: { 200: z.array(notificationPreferenceWire) },
      },
    },
    async (request) =>
      (await services.notificationPreferences.list(requireAuth(request).user)).map(presentNotificationPreference),
  );

  app.post(
    '/api/notification-preferences',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'Set your alert choice for one service',
        body: upsertNotificationPreferenceBody,
        response: { 200: notificationPreferenceWire },
      },
    },
    async (request) =>
      presentNotificationPreference(
        await services.notificationPreferences.upsert(requireAuth(request).user, request.body),
      ),
  );

  app.post(
    '/api/test-notification',
    {
      config: { access: 'approved' },
      schema: { summary: 'Send yourself a test alert', body: testNotificationBody, response: { 200: messageWire } },
    },
    async (request) => {
      await services.notificationPreferences.sendTest(requireAuth(request).user, request.body);
      return presentMessage(TEST_MAIL_MSG.sent);
    },
  );

  app.get(
    '/api/mail-settings',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'SMTP settings (the password never leaves)', response: { 200: mailSettingsWire } },
    },
    async () => presentMailSettings(await services.mailSettings.get()),
  );

  // Whoever decides where mail goes receives every password-reset link, the superadmin's included: every field
  // here is part of that route, so only a superadmin changes it, and never with an API key (issue 26).
  app.patch(
    '/api/mail-settings',
    {
      config: { access: 'superadmin' },
      schema: {
        summary: 'Change SMTP settings (superadmin)',
        body: patchMailSettingsBody,
        response: { 200: mailSettingsWire },
      },
    },
    async (request) =>
      presentMailSettings(await services.mailSettings.update(request.body, requireAuth(request).user.id)),
  );

  // Sends to any address the body names: a person's action, not a script's (keys refused).
  app.post(
    '/api/mail-settings/test',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Send a test e-mail with the saved SMTP settings',
        body: testMailSettingsBody,
        response: { 200: messageWire },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      await services.mailSettings.sendTest(actor.id, request.body.email, await services.settings.siteTitle());
      return presentMessage(TEST_MAIL_MSG.sent);
    },
  );
}
