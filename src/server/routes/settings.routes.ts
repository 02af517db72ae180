import { patchSettingsBody } from '#shared/schemas/settings';
import { requireAuth } from '../http/access.ts';
import { presentSettings } from '../presenters/settings.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** Site settings: readable by anyone (less for strangers), changeable by administrators. */
export function settingsRoutes({ app, services, signInConfig }: RouteContext): void {
  app.get('/api/settings', { config: { access: 'public' } }, async (request) => {
    return presentSettings(await services.settings.view(), request.auth?.user ?? null, signInConfig);
  });

  app.patch(
    '/api/settings',
    { config: { access: 'admin', apiKeyScope: 'admin' }, schema: { body: patchSettingsBody } },
    async (request) => {
      const view = await services.settings.update(request.body, requireAuth(request).user);
      return presentSettings(view, request.auth?.user ?? null, signInConfig);
    },
  );
}
