import { z } from 'zod';
import { patchSettingsBody, publicSettingsWire, settingsWire } from '#shared/schemas/settings';
import { settingsCaller } from '../http/access.ts';
import { presentSettings } from '../presenters/settings.presenter.ts';
import type { RouteContext } from './route-context.ts';

// The fuller shape first: zod takes the first that fits, and the public one fits every answer (it drops keys).
const settingsAnswer = z.union([settingsWire, publicSettingsWire]);

/** Site settings: readable by anyone (less for strangers), changeable by administrators. */
export function settingsRoutes({ app, services, signInConfig }: RouteContext): void {
  app.get(
    '/api/settings',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Site settings: what the sign-in page needs for anyone, more for approved users and admins',
        response: { 200: settingsAnswer },
      },
    },
    async (request) => {
      return presentSettings(await services.settings.view(), request.auth?.user ?? null, signInConfig);
    },
  );

  app.patch(
    '/api/settings',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Change site settings', body: patchSettingsBody, response: { 200: settingsAnswer } },
    },
    async (request) => {
      const view = await services.settings.update(request.body, settingsCaller(request));
      return presentSettings(view, request.auth?.user ?? null, signInConfig);
    },
  );
}
