import { patchAmpSettingsBody, testAmpSettingsBody } from '#shared/schemas/integrations';
import { presentAmpSettings } from '../presenters/integration-settings.presenter.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

/** Settings of outside systems (administrators only): AMP; secrets are write-only. */
export function integrationsRoutes({ app, services }: RouteContext): void {
  const amp = services.integrations.amp;

  app.get('/api/integrations/amp', { config: { access: 'admin' } }, async () => presentAmpSettings(await amp.view()));

  app.patch(
    '/api/integrations/amp',
    { config: { access: 'admin' }, schema: { body: patchAmpSettingsBody } },
    async (request) => presentAmpSettings(await amp.update(request.body)),
  );

  app.post(
    '/api/integrations/amp/test',
    { config: { access: 'admin' }, schema: { body: testAmpSettingsBody.optional() } },
    async (request) => presentMessage(await amp.test(request.body ?? {})),
  );
}
